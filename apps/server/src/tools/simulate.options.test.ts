import { describe, expect, it } from 'vitest';
import { parseOptions } from './simulate.options.ts';

const env = { ADMIN_PASSWORD: 'x' };

describe('simulate options: pairing', () => {
  it('pairs one device by default, or as many as --devices says', () => {
    expect(parseOptions(['--live', '1m', '--pair'], env)).toMatchObject({ pair: true, devices: 1, claim: null });
    expect(parseOptions(['--live', '1m', '--pair', '--devices', '3'], env)).toMatchObject({ devices: 3 });
    expect(parseOptions(['--live', '1m'], env)).toMatchObject({ pair: false, devices: 10 });
  });

  it('reads --claim-as USER:PASSWORD (colons in the password kept), --location and --zones (default 1)', () => {
    const args = ['--live', '1m', '--pair', '--claim-as', 'ann:p:w', '--location', '4'];
    expect(parseOptions(args, env)).toMatchObject({
      claim: { user: 'ann', password: 'p:w', location: 4, zones: [1] },
      user: 'admin',
      password: 'x',
    });
    expect(parseOptions([...args, '--zones', '2, 1,2'], env)).toMatchObject({ claim: { zones: [2, 1] } });
    // Without an administrator's password the claiming user reads the configuration.
    expect(parseOptions(args, {})).toMatchObject({ user: 'ann', password: 'p:w' });
  });

  it('refuses pairing options that do not go together or are malformed', () => {
    for (const [args, reason] of [
      [['--pair'], /--pair needs --live/],
      [['--live', '1m', '--pair', '--token', 't'], /do not go together/],
      [['--live', '1m', '--claim-as', 'a:b', '--location', '1'], /--claim-as needs --pair/],
      [['--live', '1m', '--pair', '--claim-as', 'a:b'], /needs --location/],
      [['--live', '1m', '--pair', '--location', '1'], /--location needs --claim-as/],
      [['--live', '1m', '--pair', '--zones', '1'], /--zones needs --claim-as/],
      [['--live', '1m', '--pair', '--claim-as', 'ab', '--location', '1'], /USER:PASSWORD/],
      [['--live', '1m', '--pair', '--claim-as', 'a:', '--location', '1'], /USER:PASSWORD/],
      [['--live', '1m', '--pair', '--claim-as', 'a:b', '--location', 'x'], /location id/],
      [['--live', '1m', '--pair', '--claim-as', 'a:b', '--location', '1', '--zones', '1,0'], /zone numbers/],
    ] as const) {
      expect(() => parseOptions([...args], env), args.join(' ')).toThrow(reason);
    }
    expect(() => parseOptions(['--live', '1m', '--pair'], {})).toThrow(/password/);
  });
});
