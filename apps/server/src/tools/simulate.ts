// `npm run simulate -- --devices N --days D [--campaign ID] [--url …] [--seed S] [--json] | --remove`: registers N
// virtual devices on the active locations that have campaigns (or only those of campaign ID, whose
// plays alone are then sent) through the admin API, and drives them through the real device gateway
// over HTTP for the last D days up to now; prints progress and a summary (or the summary as JSON) with
// what the delivery reports should make of the plays: short ones, wrong creatives, delivered.
// Its devices are marked simulated; `--remove` deletes them again.
import { parseArgs } from 'node:util';
import { openHours } from '@marquee/contracts/inventory';
import { runSimulation, type PlayCounts, type SimDevice } from '../simulation/driver.ts';
import { DEFAULT_SHORT_SHARE, type SimCampaign } from '../simulation/generate.ts';
import { AdminClient, httpSend } from '../simulation/http.ts';
import { dayIn } from '../lib/days.ts';

const usage = `Usage: npm run simulate -- --devices N --days D [options]

  --devices N       virtual devices to register, spread over the locations (default 10)
  --days D          days of history up to now (default 7)
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
  --concurrency C   devices sending at once (default 4)
  --user NAME       administrator who registers the devices (default admin)
  --password PASS   their password (default: the ADMIN_PASSWORD environment variable)
  --json            print only the summary, as JSON (with what each campaign got at each location)
  --remove          only remove the devices earlier runs registered (marked simulated), then stop
`;

function options() {
  const { values } = parseArgs({
    options: {
      devices: { type: 'string', default: '10' },
      days: { type: 'string', default: '7' },
      campaign: { type: 'string' },
      url: { type: 'string', default: 'http://127.0.0.1:8000' },
      seed: { type: 'string', default: '1' },
      rate: { type: 'string', default: 'loop' },
      short: { type: 'string', default: String(DEFAULT_SHORT_SHARE) },
      'wrong-checksum': { type: 'string', default: '0' },
      uncounted: { type: 'string', default: '0' },
      concurrency: { type: 'string', default: '4' },
      user: { type: 'string', default: 'admin' },
      password: { type: 'string', default: process.env.ADMIN_PASSWORD },
      json: { type: 'boolean', default: false },
      remove: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const number = (name: keyof typeof values, min: number) => {
    const n = Number(values[name]);
    if (!Number.isFinite(n) || n < min) fail(`--${name} must be a number of at least ${min}.`);
    return n;
  };
  const share = (name: keyof typeof values) => {
    const n = Number(values[name]);
    if (values[name] === '' || !Number.isFinite(n) || n < 0 || n > 1) fail(`--${name} must be a share from 0 to 1.`);
    return n;
  };
  if (values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (!values.password) fail('Give the administrator password with --password or ADMIN_PASSWORD.');
  return {
    devices: Math.floor(number('devices', 1)),
    days: number('days', 0.01),
    campaign: values.campaign === undefined ? null : Math.floor(number('campaign', 1)),
    url: values.url,
    seed: Math.floor(number('seed', 0)),
    rate: rate(values.rate),
    short: share('short'),
    wrongChecksum: share('wrong-checksum'),
    uncounted: share('uncounted'),
    concurrency: Math.floor(number('concurrency', 1)),
    user: values.user,
    password: values.password!,
    json: values.json,
    remove: values.remove,
  };
}

/** `loop`, or plays an hour (at least 0.01). */
function rate(value: string): number | 'loop' {
  if (value === 'loop') return value;
  const n = Number(value);
  if (!value.trim() || !Number.isFinite(n) || n < 0.01) fail('--rate must be loop or a number of at least 0.01.');
  return n;
}

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
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
  const to = admin.serverNow().getTime();
  const from = to - o.days * 86_400_000;

  // Locations whose campaigns were on at some time of the span.
  const campaigns = new Map<number, SimCampaign[]>();
  const names = new Map<number, string>();
  const hours = new Map<number, number[]>();
  const loops = new Map<number, number>();
  for (const location of await admin.locations()) {
    const list = (
      await admin.campaigns(location.id, dayIn(new Date(from), config.time_zone), dayIn(new Date(to), config.time_zone))
    ).filter((c) => o.campaign === null || c.id === o.campaign);
    if (list.length) {
      campaigns.set(location.id, list);
      names.set(location.id, location.name);
      hours.set(location.id, openHours(location));
      loops.set(location.id, location.loop_seconds);
    }
  }
  if (!campaigns.size) {
    fail(
      o.campaign === null
        ? `No active location has approved campaigns in the last ${o.days} days: approve some first.`
        : `Campaign ${o.campaign} is not approved, or not on in the last ${o.days} days at an active location.`,
    );
  }

  // Serial numbers are unique per run (the tokens of earlier runs' devices are gone).
  const run = new Date(to).toISOString().replace(/\D/g, '').slice(2, 14);
  const locations = [...campaigns.keys()];
  const devices: SimDevice[] = [];
  for (let i = 0; i < o.devices; i++) {
    const location = locations[i % locations.length]!;
    const device = await admin.register(location, `SIM-${run}-${String(i + 1).padStart(3, '0')}`);
    devices.push({ ...device, hours: hours.get(location), loopSeconds: loops.get(location) });
  }
  const log = o.json ? () => {} : console.log;
  log(`Registered ${devices.length} devices on ${locations.length} locations: ${[...names.values()].join(', ')}.`);

  let shown = performance.now();
  const summary = await runSimulation({
    devices,
    campaigns,
    settings: {
      timeZone: config.time_zone,
      ageGroups: config.age_groups.map((g) => g.id),
      playsPerHour: o.rate,
      shortShare: o.short,
      wrongChecksumShare: o.wrongChecksum,
    },
    from,
    to,
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

  const { events, viewers, short, wrong_creative, delivered } = summary;
  if (o.json) {
    console.log(
      JSON.stringify({
        devices: devices.map((d) => ({
          serial: d.serial,
          location: d.location,
          counts_viewers: !summary.uncounted.includes(d.serial),
        })),
        batches: summary.batches,
        events,
        viewers,
        short,
        wrong_creative,
        delivered,
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
      days: String(o.days),
      campaigns: count(summary.byCampaign.size),
      batches: count(summary.batches),
      'events sent': count(events),
      seconds: summary.seconds.toFixed(1),
      'events/s': count(Math.round(events / Math.max(summary.seconds, 0.001))),
    },
  ]);
  const campaignNames = new Map([...campaigns.values()].flat().map((c) => [c.id, c.name]));
  const rows = [...summary.byCampaignLocation.values()].sort((a, b) => a.campaign - b.campaign);
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

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
