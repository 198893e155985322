import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

describe('simulate options: token file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'simulate-options-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };

  it('with --pair, names the file the new tokens go to (it need not exist)', () => {
    const to = path.join(dir, 'new-tokens');
    expect(parseOptions(['--live', '1m', '--pair', '--devices', '2', '--token-file', to], env)).toMatchObject({
      pair: true,
      devices: 2,
      tokens: [],
      tokenFile: to,
    });
    expect(parseOptions(['--live', '1m', '--pair'], env)).toMatchObject({ tokenFile: null });
  });

  it('without --pair, drives the tokens the file holds, one a line, as if given with --token', () => {
    const from = file('tokens', 'aaa\n\n  -bbb \r\nccc');
    expect(parseOptions(['--live', '1m', '--token-file', from], env)).toMatchObject({
      tokens: ['aaa', '-bbb', 'ccc'],
      devices: 3,
      tokenFile: from,
    });
    expect(parseOptions(['--live', '1m', '--token', 'x', '--token-file', from], env)).toMatchObject({
      tokens: ['x', 'aaa', '-bbb', 'ccc'],
      devices: 4,
    });
  });

  it('refuses a token file without --live, with --devices, unreadable or empty', () => {
    const from = file('one-token', 'aaa\n');
    for (const [args, reason] of [
      [['--token-file', from], /--token-file needs --live/],
      [['--live', '1m', '--token-file', from, '--devices', '2'], /--devices and --token-file do not go together/],
      [['--live', '1m', '--token-file', path.join(dir, 'missing')], /Cannot read --token-file .*missing/],
      [['--live', '1m', '--token-file', file('blank', '\n \n')], /holds no tokens/],
    ] as const) {
      expect(() => parseOptions([...args], env), args.join(' ')).toThrow(reason);
    }
  });
});
