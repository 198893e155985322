// The command line of `npm run simulate`: its usage text, its options read and checked (a wrong one is
// a UsageError with the reason), and the screen-health roles (offline, stale, screen off) it gives the
// devices.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import type { SimDevice } from '../simulation/driver.ts';
import { DEFAULT_SHORT_SHARE } from '../simulation/generate.ts';
import { parseDuration } from '../simulation/live.ts';

export const usage = `Usage: npm run simulate -- --devices N --days D [options]
       npm run simulate -- --live DURATION [--interval DURATION] [options]
       npm run simulate -- --live DURATION --pair [--claim-as USER:PASSWORD --location N --zones 1,2]
                           [--token-file FILE] [options]

  --devices N       virtual devices to register, spread over the locations (default 10)
  --days D          days of history up to now (default 7), sent as fast as the server takes them; at
                    most the server's MAX_EVENT_AGE_DAYS (35 by default): it refuses older plays
  --live DURATION   instead of a history: run in real time for this long (e.g. 90s, 10m, 8h; a bare
                    number is minutes); each device reports every --interval; Ctrl-C stops early and
                    still prints the summary
  --interval DURATION  live: time between two reports of a device (heartbeat, plays since the last
                    one, playlist fetch; default 60s); a call that fails (no answer, 429, 5xx) is made
                    again at the next report, the plays kept until then; a device refused with 401
                    (deleted or disabled) stops
  --token TOKEN     live: drive the existing device with this token instead of registering devices
                    (repeatable; named token-1, token-2, … in the output)
  --token-file FILE  live: with --pair, add each token obtained to FILE (one a line; the file is
                    created, or set, with mode 0600); without --pair, drive the devices whose tokens
                    FILE holds (one a line, blank lines skipped), as if each were given with --token
  --pair            live: the devices (--devices, default 1 here) have no token and pair as a real
                    screen does: each asks for a pairing, prints its 6-character code and polls (every
                    poll_seconds; after Retry-After on 429/503) until staff type the code in on the
                    location's Devices tab (Pair a screen), then prints its token (for --token later;
                    with --token-file, adds it to that file instead) and runs with it; it gives up
                    when the code expires (15 minutes)
  --claim-as USER:PASSWORD  with --pair: type the codes in as this staff user (add_device for the
                    location), so that no one has to; needs --location; the devices are marked
                    simulated and named SIM-<time>-NNN
  --location N      with --claim-as: the location to pair the screens to
  --zones Z         with --claim-as: the zones they show, e.g. 1,2 (default 1)
  --campaign ID     only this campaign: devices on its locations, only its plays
  --url URL         the running server (default http://127.0.0.1:8000)
  --seed S          random seed: the same seed sends the same events (default 1)
  --rate R          plays of each campaign per zone and opening hour, or loop: once per loop of the
                    location (3600 / its loop length an hour; the default)
  --short S         share of plays cut short, 0 to 1 (default ${DEFAULT_SHORT_SHARE})
  --wrong-checksum W  share of plays that report another file's checksum (a wrong creative), 0 to 1
                    (default 0)
  --uncounted U     share of the devices that count no viewers (no camera; picked by the seed), 0 to 1
                    (default 0)

 Screen health (the devices are picked in order: the offline ones first, then the stale ones, then
 those with the screen off):
  --offline DURATION  some devices go offline this long (e.g. 90s, 2m; a bare number is minutes):
                    no heartbeats, no plays, then they come back (their uptime starts again)
  --offline-after DURATION  when the offline stretch begins, after the start of the history (or, live,
                    after the devices' first report; default 0)
  --offline-devices N  how many devices go offline (default 1)
  --stale N         N devices stop applying playlists: they keep fetching it but report (and play)
                    the first version they applied
  --screen-off N    N devices report the screen off (and play nothing)

  --concurrency C   devices sending at once (default 4; live: all at once)
  --user NAME       administrator who registers the devices and reads the configuration (default admin)
  --password PASS   their password (default: the ADMIN_PASSWORD environment variable; with --claim-as
                    and neither, the claiming user reads the configuration)
  --json            print only the summary, as JSON (with what each campaign got at each location);
                    live, first a line with the devices and one per device going offline or coming back
  --remove          only remove the devices earlier runs registered (marked simulated), then stop
`;

export class UsageError extends Error {}

export type SimulateOptions = ReturnType<typeof parseOptions>;

const OPTIONS = {
  devices: { type: 'string' },
  days: { type: 'string' },
  live: { type: 'string' },
  interval: { type: 'string' },
  token: { type: 'string', multiple: true },
  'token-file': { type: 'string' },
  pair: { type: 'boolean', default: false },
  'claim-as': { type: 'string' },
  location: { type: 'string' },
  zones: { type: 'string' },
  campaign: { type: 'string' },
  url: { type: 'string', default: 'http://127.0.0.1:8000' },
  seed: { type: 'string', default: '1' },
  rate: { type: 'string', default: 'loop' },
  short: { type: 'string', default: String(DEFAULT_SHORT_SHARE) },
  'wrong-checksum': { type: 'string', default: '0' },
  uncounted: { type: 'string', default: '0' },
  offline: { type: 'string' },
  'offline-after': { type: 'string' },
  'offline-devices': { type: 'string' },
  stale: { type: 'string', default: '0' },
  'screen-off': { type: 'string', default: '0' },
  concurrency: { type: 'string', default: '4' },
  user: { type: 'string', default: 'admin' },
  password: { type: 'string' },
  json: { type: 'boolean', default: false },
  remove: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/** A device token is base64url, so one in 64 begins with "-", which parseArgs would take for an
 * option ("argument is ambiguous"): `--token X` becomes `--token=X` unless X is an option itself. */
function withTokensJoined(args: string[]) {
  const isOption = (arg: string) => arg.startsWith('--') && arg.slice(2).split('=')[0]! in OPTIONS;
  const joined: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const next = args[i + 1];
    if (args[i] === '--token' && next !== undefined && next.startsWith('-') && !isOption(next)) {
      joined.push(`--token=${next}`);
      i++;
    } else joined.push(args[i]!);
  }
  return joined;
}

/** The options of `args` (help: only `help` matters); throws UsageError. */
export function parseOptions(args: string[], env: NodeJS.ProcessEnv = process.env) {
  let values;
  try {
    ({ values } = parseArgs({
      args: withTokensJoined(args),
      options: OPTIONS,
    }));
  } catch (err) {
    throw new UsageError(err instanceof Error ? err.message : String(err));
  }
  const v = values;
  const fail = (message: string): never => {
    throw new UsageError(message);
  };
  const number = (name: keyof typeof v, min: number, fallback?: string) => {
    const n = Number(v[name] ?? fallback);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number of at least ${min}.`);
    return n;
  };
  const share = (name: keyof typeof v) => {
    const n = Number(v[name]);
    if (v[name] === '' || !Number.isFinite(n) || n < 0 || n > 1) fail(`--${name} must be a share from 0 to 1.`);
    return n;
  };
  const duration = (name: keyof typeof v, min: number): number | null => {
    const text = v[name];
    if (text === undefined) return null;
    const ms = typeof text === 'string' ? parseDuration(text) : null;
    if (ms === null || ms < min) fail(`--${name} must be a duration such as 90s, 2m or 1h (a bare number is minutes).`);
    return ms;
  };
  const rate = (): number | 'loop' => {
    if (v.rate === 'loop') return 'loop';
    const n = Number(v.rate);
    if (!v.rate.trim() || !Number.isFinite(n) || n < 0.01) fail('--rate must be loop or a number of at least 0.01.');
    return n;
  };
  if (v.help) return { help: true as const };

  const live = duration('live', 1000);
  const tokenFile = v['token-file'] ?? null;
  if (live === null) {
    for (const name of ['interval', 'token', 'token-file'] as const) {
      if (v[name] !== undefined) fail(`--${name} needs --live.`);
    }
  } else if (v.days !== undefined) fail('--days and --live do not go together: a history, or a live run.');
  if (v.pair && live === null) fail('--pair needs --live.');
  if (v.pair && v.token) fail('--pair and --token do not go together.');
  // With --pair the file is where the new tokens go; without, where the tokens come from.
  const tokens = [...(v.token ?? []), ...(tokenFile === null || v.pair ? [] : tokensIn(tokenFile, fail))];
  if (tokens.length && v.devices !== undefined) {
    fail(`--devices and --${v.token ? 'token' : 'token-file'} do not go together.`);
  }
  const claim = claimOf(v, fail);
  const offline = duration('offline', 1);
  if (offline === null) {
    for (const name of ['offline-after', 'offline-devices'] as const) {
      if (v[name] !== undefined) fail(`--${name} needs --offline.`);
    }
  }
  const devices = tokens.length || Math.floor(number('devices', 1, v.pair ? '1' : '10'));
  const health = {
    offline,
    offlineAfter: duration('offline-after', 0) ?? 0,
    offlineDevices: offline === null ? 0 : Math.floor(number('offline-devices', 1, '1')),
    stale: Math.floor(number('stale', 0)),
    screenOff: Math.floor(number('screen-off', 0)),
  };
  const picked = health.offlineDevices + health.stale + health.screenOff;
  if (picked > devices) {
    fail(`--offline-devices, --stale and --screen-off pick ${picked} devices, but there are only ${devices}.`);
  }
  // Without an administrator's password, the user who types the codes in reads the configuration.
  const password = v.password ?? env.ADMIN_PASSWORD;
  const reader = password ? { user: v.user, password } : claim;
  if (!reader) fail('Give the administrator password with --password or ADMIN_PASSWORD.');
  return {
    help: false as const,
    devices,
    days: live === null ? number('days', 0.01, '7') : 0,
    live,
    interval: duration('interval', 100) ?? 60_000,
    tokens,
    tokenFile,
    pair: v.pair,
    claim,
    campaign: v.campaign === undefined ? null : Math.floor(number('campaign', 1)),
    url: v.url,
    seed: Math.floor(number('seed', 0)),
    rate: rate(),
    short: share('short'),
    wrongChecksum: share('wrong-checksum'),
    uncounted: share('uncounted'),
    health,
    concurrency: Math.floor(number('concurrency', 1)),
    user: reader!.user,
    password: reader!.password,
    json: v.json,
    remove: v.remove,
  };
}

/** The tokens in `file`, one a line (blank lines skipped). */
function tokensIn(file: string, fail: (message: string) => never): string[] {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    fail(`Cannot read --token-file ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const tokens = text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  if (!tokens.length) fail(`--token-file ${file} holds no tokens.`);
  return tokens;
}

/** `--claim-as USER:PASSWORD` with its `--location` and `--zones` (the password may hold colons), or
 * null without it. */
function claimOf(
  v: { pair: boolean; 'claim-as'?: string; location?: string; zones?: string },
  fail: (message: string) => never,
): { user: string; password: string; location: number; zones: number[] } | null {
  const given = v['claim-as'];
  if (given === undefined) {
    for (const name of ['location', 'zones'] as const) if (v[name] !== undefined) fail(`--${name} needs --claim-as.`);
    return null;
  }
  if (!v.pair) fail('--claim-as needs --pair.');
  const at = given.indexOf(':');
  if (at < 1 || at === given.length - 1) fail('--claim-as must be USER:PASSWORD.');
  const location = Number(v.location);
  if (v.location === undefined) fail('--claim-as needs --location: the location to pair the screens to.');
  if (!Number.isInteger(location) || location < 1) fail('--location must be a location id.');
  const zones = (v.zones ?? '1').split(',').map((z) => Number(z.trim()));
  if (!zones.every((z) => Number.isInteger(z) && z >= 1)) fail('--zones must be zone numbers such as 1,2.');
  return { user: given.slice(0, at), password: given.slice(at + 1), location, zones: [...new Set(zones)] };
}

/**
 * The devices with their screen-health roles, in order: the first `offlineDevices` go dark for
 * `offline` ms from `start` + `offlineAfter`, the next `stale` ones stop applying playlists, the next
 * `screenOff` ones report the screen off.
 */
export function withHealthRoles(
  devices: SimDevice[],
  health: Extract<SimulateOptions, { help: false }>['health'],
  start: number,
): SimDevice[] {
  const { offline, offlineAfter, offlineDevices, stale } = health;
  return devices.map((device, i) => {
    if (offline !== null && i < offlineDevices) {
      return { ...device, silent: [start + offlineAfter, start + offlineAfter + offline] as const };
    }
    if (i < offlineDevices + stale) return { ...device, stale: true };
    if (i < offlineDevices + stale + health.screenOff) return { ...device, screenOff: true };
    return device;
  });
}
