// `npm run simulate -- --devices N --days D [--campaign ID] [--url …] [--seed S] [--json] | --remove`: registers N
// virtual devices on the active locations that have campaigns (or only those of campaign ID, whose
// plays alone are then sent) through the admin API, and drives them through the real device gateway
// over HTTP for the last D days up to now; prints progress and a summary (or the summary as JSON) with
// what the delivery reports should make of the plays: short ones, wrong creatives, delivered.
// `--live DURATION` drives them in real time instead (or existing devices, by `--token`), and the
// screen-health flags take some offline for a while, stop them applying playlists or turn their screen
// off (simulate.options.ts). `--pair` makes the live devices pair as screens without a token do (a
// code each, polled until staff, or the simulator itself with `--claim-as`, type it in), and
// `--token-file` keeps their tokens for later runs. Its devices are marked simulated; `--remove` deletes
// them again.
import { open, type FileHandle } from 'node:fs/promises';
import { openHours } from '@marquee/contracts/inventory';
import type { OpeningHours } from '@marquee/contracts/play-spans';
import { runSimulation, type PlayCounts, type SimDevice, type SimulationSummary } from '../simulation/driver.ts';
import type { SimCampaign } from '../simulation/generate.ts';
import { AdminClient, httpSend } from '../simulation/http.ts';
import { locationOf, runLive, type CallFailure, type PhaseChange } from '../simulation/live.ts';
import { pairScreen, shownCode } from '../simulation/pairing.ts';
import { dayIn } from '../lib/days.ts';
import { parseOptions, usage, UsageError, withHealthRoles, type SimulateOptions } from './simulate.options.ts';

type Options = Extract<SimulateOptions, { help: false }>;

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

function options(): Options {
  try {
    const o = parseOptions(process.argv.slice(2));
    if (!o.help) return o;
    console.log(usage);
    process.exit(0);
  } catch (err) {
    if (err instanceof UsageError) fail(err.message);
    throw err;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

/** A table, headings over cells: names (`left`) aligned left, figures right. */
function printTable(rows: Record<string, string>[], left: string[] = []) {
  const headings = Object.keys(rows[0] ?? {});
  const widths = headings.map((h) => Math.max(h.length, ...rows.map((r) => r[h]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (left.includes(headings[i]!) ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(['', line(headings), ...rows.map((r) => line(headings.map((h) => r[h]!)))].join('\n'));
}

/** A summary's play counts as table cells. */
const playCells = (c: PlayCounts) => ({
  events: count(c.events),
  short: count(c.short),
  'wrong creative': count(c.wrong_creative),
  delivered: count(c.delivered),
  viewers: count(c.viewers),
});

/** A span of ms as people read it: 90 s, 2.5 min, 1.5 h (to a tenth). */
function spanText(ms: number): string {
  const [unit, size]: [string, number] =
    ms < 120_000 ? ['s', 1000] : ms < 7_200_000 ? ['min', 60_000] : ['h', 3_600_000];
  return `${Math.round((ms / size) * 10) / 10} ${unit}`;
}

/** Devices that exist already or pair now: their playlists alone say what they play. */
const ownPlaylists = (o: Options) => o.tokens.length > 0 || o.pair;

/** The active locations that have campaigns the reports count on some day of [from, to] (only those of
 * `campaign` when given, with all their campaigns: the others take their slots of the loop), with each
 * one's name, opening hours and loop. */
async function locationsWithCampaigns(admin: AdminClient, o: Options, from: string, to: string) {
  const campaigns = new Map<number, SimCampaign[]>();
  const places = new Map<number, { name: string; hours: number[]; opening: OpeningHours; loopSeconds: number }>();
  // Devices that play their own playlists need the locations only for their names: a staff user who
  // may pair screens but not list locations reads the configuration, and the names then fall back to ids.
  const listed = ownPlaylists(o) ? await admin.locations().catch(() => []) : await admin.locations();
  for (const location of listed) {
    const { open_time, close_time } = location;
    places.set(location.id, {
      name: location.name,
      hours: openHours(location),
      opening: { open_time, close_time },
      loopSeconds: location.loop_seconds,
    });
    if (ownPlaylists(o)) continue;
    const list = await admin.campaigns(location.id, from, to);
    if (list.some((c) => o.campaign === null || c.id === o.campaign)) campaigns.set(location.id, list);
  }
  if (!campaigns.size && !ownPlaylists(o)) {
    const span = o.live === null ? `in the last ${o.days} days` : 'today';
    fail(
      o.campaign === null
        ? `No active location has approved campaigns ${span}: approve some first.`
        : `Campaign ${o.campaign} is not approved, or not on ${span} at an active location.`,
    );
  }
  return { campaigns, places };
}

/** Registers the run's devices round the locations (serials unique per run), or takes the `--token` ones. */
async function devicesOf(
  admin: AdminClient,
  o: Options,
  locations: Awaited<ReturnType<typeof locationsWithCampaigns>>,
) {
  const { campaigns, places } = locations;
  const send = httpSend(o.url);
  const devices: SimDevice[] = [];
  const run = admin.serverNow().toISOString().replace(/\D/g, '').slice(2, 14);
  const ids = [...campaigns.keys()];
  if (o.pair) return pairDevices(o, { run, places, now: () => admin.serverNow().getTime() });
  for (let i = 0; i < o.devices; i++) {
    const token = o.tokens[i];
    const device = token
      ? { serial: `token-${i + 1}`, token, location: await locationOf(send, token) }
      : await admin.register(ids[i % ids.length]!, `SIM-${run}-${String(i + 1).padStart(3, '0')}`);
    const place = places.get(device.location);
    devices.push({ ...device, hours: place?.hours, opening: place?.opening, loopSeconds: place?.loopSeconds });
  }
  return devices;
}

/** `--token-file` opened to add tokens to, readable by its owner alone (tokens are secrets). */
async function openTokenFile(file: string): Promise<FileHandle> {
  try {
    const handle = await open(file, 'a', 0o600);
    // An existing file keeps its mode on open.
    await handle.chmod(0o600);
    return handle;
  } catch (err) {
    return fail(`Cannot write --token-file ${file}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** Pairs the run's devices as screens without a token do, all at once: each prints its code and waits
 * until it is typed in (by `--claim-as` when given), then prints its token, or adds it to
 * `--token-file`. */
async function pairDevices(
  o: Options,
  { run, places, now }: { run: string; places: Map<number, { name: string }>; now: () => number },
): Promise<SimDevice[]> {
  // Opened before any code is shown: a file that cannot be written stops the run before staff type codes in.
  const tokenFile = o.tokenFile === null ? null : await openTokenFile(o.tokenFile);
  const send = httpSend(o.url);
  const log = o.json ? () => {} : console.log;
  const json = (line: object) => o.json && console.log(JSON.stringify(line));
  const claimant = o.claim ? new AdminClient(o.url) : null;
  if (claimant && o.claim) await claimant.signIn(o.claim.user, o.claim.password);
  const nameOf = (id: number) => places.get(id)?.name ?? `#${id}`;
  const screen = async (i: number): Promise<SimDevice> => {
    const n = i + 1;
    const serial = `SIM-${run}-${String(n).padStart(3, '0')}`;
    const paired = await pairScreen({
      send,
      now,
      onCode: ({ code, expires_at }) => {
        json({ pairing: { screen: n, code, expires_at } });
        const until = new Date(expires_at).toISOString();
        log(
          o.claim
            ? `Screen ${n} shows code ${shownCode(code)}: typing it in as ${o.claim.user} at ${nameOf(o.claim.location)}.`
            : `Screen ${n} shows code ${shownCode(code)} (valid until ${until}): type it in on the location's Devices tab, Pair a screen.`,
        );
      },
      claim:
        claimant && o.claim
          ? async (code) => {
              await claimant.pair({ code, location: o.claim!.location, serial, zones: o.claim!.zones });
            }
          : undefined,
      onWait: (what, ms) =>
        log(
          `Screen ${n}: the server asks to wait ${spanText(ms)} before ${what === 'pairing' ? 'asking for a code' : 'polling'} again.`,
        ),
    });
    const { device, token } = paired;
    // One line per write, appended: screens pairing at once do not mix their tokens.
    await tokenFile?.appendFile(`${token}\n`);
    json({
      paired: { screen: n, serial: device.serial_number, location: device.location, zones: device.zones, token },
    });
    const where = tokenFile ? `its token is added to ${o.tokenFile}` : `its token, for --token: ${token}`;
    log(
      `Screen ${n} paired as ${device.serial_number} at ${nameOf(device.location)} (zones ${device.zones.join(', ')}); ${where}`,
    );
    return { serial: device.serial_number, token, location: device.location };
  };
  try {
    return await Promise.all(Array.from({ length: o.devices }, (_, i) => screen(i)));
  } finally {
    await tokenFile?.close();
  }
}

async function main() {
  const o = options();
  const admin = new AdminClient(o.url);
  await admin.signIn(o.user, o.password).catch((err: unknown) => {
    // fetch says only "fetch failed"; its cause says why (ECONNREFUSED …).
    const cause = err instanceof TypeError && err.cause instanceof Error ? err.cause.message : null;
    if (cause) fail(`Cannot reach the server at ${o.url} (${cause}): is it running?`);
    throw err;
  });
  if (o.remove) {
    const removed = await admin.removeSimulated();
    console.log(
      `Removed ${removed} simulated device${removed === 1 ? '' : 's'} (their events stay in the statistics).`,
    );
    return;
  }
  const config = await admin.config();
  const now = () => admin.serverNow().getTime();
  const start = now();
  const from = o.live === null ? start - o.days * 86_400_000 : start;
  const span = [dayIn(new Date(from), config.time_zone), dayIn(new Date(start), config.time_zone)] as const;
  const locations = await locationsWithCampaigns(admin, o, ...span);
  const registered = await devicesOf(admin, o, locations);
  // A live run starts once its devices are registered.
  const begin = o.live === null ? from : now();
  const devices = withHealthRoles(registered, o.health, begin);
  const log = o.json ? () => {} : console.log;
  const names = new Map([...locations.places].map(([id, p]) => [id, p.name]));
  const at = new Set(devices.map((d) => d.location));
  log(
    ownPlaylists(o)
      ? `Driving ${devices.length} devices at ${[...at].map((id) => names.get(id) ?? `#${id}`).join(', ')}.`
      : `Registered ${devices.length} devices on ${at.size} locations: ${[...at].map((id) => names.get(id)).join(', ')}.`,
  );
  for (const d of devices) {
    const role = d.silent
      ? `goes offline ${spanText(o.health.offline!)} from ${new Date(d.silent[0]).toISOString()}`
      : d.stale
        ? 'stops applying playlists'
        : d.screenOff
          ? 'reports the screen off'
          : null;
    if (role) log(`  ${d.serial} ${role}`);
  }
  const settings = {
    timeZone: config.time_zone,
    ageGroups: config.age_groups.map((g) => g.id),
    playsPerHour: o.rate,
    shortShare: o.short,
    wrongChecksumShare: o.wrongChecksum,
  };
  const deviceRows = (summary?: SimulationSummary) =>
    devices.map((d) => ({
      serial: d.serial,
      location: d.location,
      ...(summary ? { counts_viewers: !summary.uncounted.includes(d.serial) } : {}),
      offline: d.silent ? { from: new Date(d.silent[0]).toISOString(), to: new Date(d.silent[1]).toISOString() } : null,
      stale: !!d.stale,
      screen_off: !!d.screenOff,
    }));

  let summary: SimulationSummary;
  if (o.live !== null) {
    const until = begin + o.live;
    if (o.json)
      console.log(JSON.stringify({ live: { from: new Date(begin), until: new Date(until) }, devices: deviceRows() }));
    log(`Live until ${new Date(until).toISOString()}, a report every ${spanText(o.interval)} (Ctrl-C stops early).`);
    const stop = new AbortController();
    const abort = () => stop.abort();
    process.once('SIGINT', abort).once('SIGTERM', abort);
    const time = (t: number) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: config.time_zone, timeStyle: 'medium' }).format(t);
    const onPhase = ({ device, phase, at }: PhaseChange) =>
      o.json
        ? console.log(JSON.stringify({ device, phase, at: new Date(at) }))
        : log(`${time(at)} ${device} ${phase === 'offline' ? 'goes offline' : 'is back'}`);
    const onFailure = ({ device, call, at, error, stopped }: CallFailure) =>
      log(
        stopped
          ? `${time(at)} ${device} stops: the gateway refused its token (deleted or disabled): ${error}`
          : `${time(at)} ${device} ${call} failed, tries again at the next report: ${error}`,
      );
    summary = await runLive({
      devices,
      settings,
      seed: o.seed,
      send: httpSend(o.url),
      until,
      interval: o.interval,
      only: o.campaign === null ? null : new Set([o.campaign]),
      uncounted: o.uncounted,
      now,
      signal: stop.signal,
      onPhase,
      onFailure,
    });
    process.off('SIGINT', abort).off('SIGTERM', abort);
  } else {
    let shown = performance.now();
    summary = await runSimulation({
      devices,
      campaigns: locations.campaigns,
      only: o.campaign === null ? null : new Set([o.campaign]),
      settings,
      from,
      to: start,
      seed: o.seed,
      send: httpSend(o.url),
      uncounted: o.uncounted,
      concurrency: o.concurrency,
      onProgress: ({ events, batches }) => {
        if (performance.now() - shown < 2000) return;
        shown = performance.now();
        log(`  … ${count(events)} events in ${count(batches)} batches`);
      },
    });
  }
  printSummary(summary, { o, names, devices: deviceRows(summary), campaigns: locations.campaigns });
}

function printSummary(
  summary: SimulationSummary,
  {
    o,
    names,
    devices,
    campaigns,
  }: {
    o: Options;
    names: Map<number, string>;
    devices: object[];
    campaigns: Map<number, SimCampaign[]>;
  },
) {
  const { events, viewers, short, wrong_creative, delivered, health } = summary;
  if (o.json) {
    console.log(
      JSON.stringify({
        devices,
        batches: summary.batches,
        rejected: summary.rejected,
        failed_calls: summary.failed_calls,
        unsent: summary.unsent,
        unauthorized: summary.unauthorized,
        events,
        viewers,
        short,
        wrong_creative,
        delivered,
        ...health,
        seconds: summary.seconds,
        by_campaign: [...summary.byCampaign.values()],
        // Per campaign and location.
        campaigns: [...summary.byCampaignLocation.values()],
      }),
    );
    return;
  }
  printTable([
    {
      devices: count(summary.devices),
      'no viewers': count(summary.uncounted.length),
      [o.live === null ? 'days' : 'live']: o.live === null ? String(o.days) : spanText(o.live),
      campaigns: count(summary.byCampaign.size),
      batches: count(summary.batches),
      'events sent': count(events),
      rejected: count(summary.rejected),
      ...(o.live === null ? {} : { 'failed calls': count(summary.failed_calls), unsent: count(summary.unsent) }),
      seconds: summary.seconds.toFixed(1),
      'events/s': count(Math.round(events / Math.max(summary.seconds, 0.001))),
    },
  ]);
  printTable([
    {
      heartbeats: count(health.heartbeats),
      'playlist fetches': count(health.playlists),
      'unchanged (304)': count(health.not_modified),
      'versions applied': count(health.versions_applied),
      'not applied (stale)': count(health.versions_ignored),
      'offline stretches': count(health.offline_stretches),
    },
  ]);
  if (summary.unauthorized.length) {
    console.log(
      `\nStopped when the gateway refused their token (401: deleted or disabled): ${summary.unauthorized.join(', ')}.`,
    );
  }
  // In a live run the playlist names the campaigns; in a history the admin API does.
  const campaignNames = new Map([...campaigns.values()].flat().map((c) => [c.id, c.name]));
  const rows = [...summary.byCampaignLocation.values()].sort((a, b) => a.campaign - b.campaign);
  if (!rows.length) return;
  printTable(
    [
      ...rows.map((r) => ({
        campaign: campaignNames.get(r.campaign) ?? `#${r.campaign}`,
        location: names.get(r.location) ?? `#${r.location}`,
        ...playCells(r),
      })),
      ...(rows.length > 1 ? [{ campaign: 'All', location: '', ...playCells(summary) }] : []),
    ],
    ['campaign', 'location'],
  );
}

main()
  // Done: idle keep-alive connections (fetch keeps one after a 304 with a body length) must not hold the
  // process; the write callback comes once what was printed is out.
  .then(() => process.stdout.write('', () => process.exit(0)))
  .catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
