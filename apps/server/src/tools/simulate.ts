// `npm run simulate -- --devices N --days D [--campaign ID] [--url …] [--seed S] [--json] | --remove`: registers N
// virtual devices on the active locations that have campaigns (or only those of campaign ID, whose
// plays alone are then sent) through the admin API, and drives them through the real device gateway
// over HTTP for the last D days up to now; prints progress and a summary (or the summary as JSON).
// Its devices are marked simulated; `--remove` deletes them again.
import { parseArgs } from 'node:util';
import { openHours } from '@marquee/contracts/inventory';
import { runSimulation, type SimDevice } from '../simulation/driver.ts';
import type { SimCampaign } from '../simulation/generate.ts';
import { AdminClient, httpSend } from '../simulation/http.ts';
import { dayIn } from '../lib/days.ts';

const usage = `Usage: npm run simulate -- --devices N --days D [options]

  --devices N       virtual devices to register, spread over the locations (default 10)
  --days D          days of history up to now (default 7)
  --campaign ID     only this campaign: devices on its locations, only its plays
  --url URL         the running server (default http://127.0.0.1:8000)
  --seed S          random seed: the same seed sends the same events (default 1)
  --rate R          plays of each campaign per zone and opening hour (default 6)
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
      rate: { type: 'string', default: '6' },
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
    rate: number('rate', 0.01),
    concurrency: Math.floor(number('concurrency', 1)),
    user: values.user,
    password: values.password!,
    json: values.json,
    remove: values.remove,
  };
}

function fail(message: string): never {
  console.error(`${message}\n\n${usage}`);
  process.exit(1);
}

const count = (n: number) => n.toLocaleString('en-US');

/** A one-row table, headings over right-aligned figures. */
function printTable(row: Record<string, string>) {
  const widths = Object.entries(row).map(([k, v]) => Math.max(k.length, v.length));
  const line = (cells: string[]) => cells.map((c, i) => c.padStart(widths[i]!)).join('  ');
  console.log(`\n${line(Object.keys(row))}\n${line(Object.values(row))}`);
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
  const to = admin.serverNow().getTime();
  const from = to - o.days * 86_400_000;

  // Locations whose campaigns were on at some time of the span.
  const campaigns = new Map<number, SimCampaign[]>();
  const names = new Map<number, string>();
  const hours = new Map<number, number[]>();
  for (const location of await admin.locations()) {
    const list = (
      await admin.campaigns(location.id, dayIn(new Date(from), config.time_zone), dayIn(new Date(to), config.time_zone))
    ).filter((c) => o.campaign === null || c.id === o.campaign);
    if (list.length) {
      campaigns.set(location.id, list);
      names.set(location.id, location.name);
      hours.set(location.id, openHours(location));
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
    devices.push({ ...device, hours: hours.get(location) });
  }
  const log = o.json ? () => {} : console.log;
  log(`Registered ${devices.length} devices on ${locations.length} locations: ${[...names.values()].join(', ')}.`);

  let shown = performance.now();
  const summary = await runSimulation({
    devices,
    campaigns,
    settings: { timeZone: config.time_zone, ageGroups: config.age_groups.map((g) => g.id), playsPerHour: o.rate },
    from,
    to,
    seed: o.seed,
    send: httpSend(o.url),
    concurrency: o.concurrency,
    onProgress: ({ events, batches }) => {
      if (performance.now() - shown < 2000) return;
      shown = performance.now();
      log(`  … ${count(events)} events in ${count(batches)} batches`);
    },
  });

  if (o.json) {
    console.log(
      JSON.stringify({
        devices: devices.map((d) => ({ serial: d.serial, location: d.location })),
        batches: summary.batches,
        events: summary.events,
        viewers: summary.viewers,
        seconds: summary.seconds,
        campaigns: [...summary.byCampaignLocation.values()],
      }),
    );
    return;
  }
  printTable({
    devices: count(summary.devices),
    days: String(o.days),
    campaigns: count(summary.byCampaign.size),
    batches: count(summary.batches),
    'events sent': count(summary.events),
    viewers: count(summary.viewers),
    seconds: summary.seconds.toFixed(1),
    'events/s': count(Math.round(summary.events / Math.max(summary.seconds, 0.001))),
  });
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
