// The delivery part of `npm run bench:statistics`, on the statistics data set: one
// campaign's delivery over a whole year, the Delivery list of an advertiser's campaigns, and a
// proof-of-play file of one million plays (its time and the server's peak memory while it streams).
import { sql } from 'kysely';
import { PROOF_RECEIPT_HEADER } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import type { Database } from '../src/db/database.ts';
import { p95Columns } from './parallel.ts';

type Timed = (
  query: string,
  count: number,
  at: string,
) => Promise<{ times: number[]; status: number; bytes: number; body: string }>;

const mb = (bytes: number) => Math.round((bytes / 2 ** 20) * 10) / 10;

/** Goals (p95 ms): a report or a list page a user waits for. */
const GOALS = { campaign: 300, campaignByDay: 500, advertiser: 1000, proofSeconds: 60 };
export const PROOF_ROWS = Number(process.env.BENCH_PROOF_ROWS ?? 1_000_000);

export async function benchDelivery({
  db,
  address,
  cookie,
  campaign,
  advertiser,
  firstDay,
  lastDay,
  runs,
  timed,
}: {
  db: Database;
  address: string;
  cookie: string;
  campaign: number;
  advertiser: number;
  firstDay: string;
  lastDay: string;
  runs: number;
  timed: Timed;
}) {
  // Every device has played since before the year of events (expected plays count them per day); the
  // ingestion part opened periods for the devices it drove, from their first play: replace them.
  await sql`delete from device_periods`.execute(db);
  await sql`insert into device_periods (device_id, location_id, active_from)
    select id, location_id, now() - interval '400 days' from devices`.execute(db);
  // The busiest campaign runs the whole year, so its report covers 365 days at each of its locations.
  await sql`update campaigns set start_date = ${firstDay}::date, end_date = ${lastDay}::date where id = ${campaign}`.execute(
    db,
  );
  const campaigns = resources.campaigns.endpoint;
  const cases: [string, string, string, number][] = [
    [
      `campaign ${campaign}, a year, by location and day`,
      `${address}${campaigns}${campaign}/delivery/`,
      '',
      GOALS.campaignByDay,
    ],
    [
      `campaign ${campaign}, a year, by location`,
      `${address}${campaigns}${campaign}/delivery/`,
      'group_by=location',
      GOALS.campaign,
    ],
    [
      `advertiser ${advertiser}: its campaigns' delivery, by delivery %`,
      `${address}${campaigns}delivery/`,
      `advertiser=${advertiser}`,
      GOALS.advertiser,
    ],
    [`all campaigns' delivery, by delivery %`, `${address}${campaigns}delivery/`, '', GOALS.advertiser * 4],
  ];
  const rows: Record<string, unknown>[] = [];
  for (const [name, at, query, goal] of cases) {
    const r = await timed(query, runs, at);
    const body = r.status === 200 ? (JSON.parse(r.body) as { results: unknown[]; count?: number }) : { results: [] };
    rows.push({
      delivery: name,
      rows: body.count ?? body.results.length,
      KB: Math.round(r.bytes / 1024),
      runs: r.times.length,
      ...p95Columns(r.times, goal),
      status: r.status,
    });
  }
  console.table(rows);

  // A million plays of one campaign (a screen network's day for a big campaign), then its file.
  const { location_id: location } = await db
    .selectFrom('campaign_locations')
    .select('location_id')
    .where('campaign_id', '=', campaign)
    .executeTakeFirstOrThrow();
  const device = (
    await db.selectFrom('devices').select('id').where('location_id', '=', location).executeTakeFirstOrThrow()
  ).id;
  await sql`
    insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers, completed)
    select ${device}, ${location}, ${campaign}, 1 + g % 2, ${`${lastDay}T00:00:00Z`}::timestamptz + g * interval '80 ms',
      15000 - g % 7, g % 4, g % 20 <> 0
    from generate_series(1, ${PROOF_ROWS}) g`.execute(db);
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const res = await fetch(`${address}${campaigns}${campaign}/proof_of_play/?date__gte=${lastDay}`, {
    headers: { cookie },
  });
  let bytes = 0;
  for await (const chunk of res.body!) bytes += (chunk as Uint8Array).length;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(timer);
  const receipt = (await (
    await fetch(`${address}${campaigns}${campaign}/proof_of_play/receipts/${res.headers.get(PROOF_RECEIPT_HEADER)}/`, {
      headers: { cookie },
    })
  ).json()) as { rows: number };
  const growth = mb(peak - before);
  console.table([
    {
      'proof of play': `campaign ${campaign}, csv`,
      rows: receipt.rows,
      MB: mb(bytes),
      seconds: Math.round(seconds * 10) / 10,
      'goal s': `< ${GOALS.proofSeconds}`,
      'rows/s': Math.round(receipt.rows / seconds),
      // The server and the client share this process and its heap has no cap, so V8 keeps garbage
      // it would reuse; proof-of-play-memory.test.ts shows the bound under a cap (within 1 MB).
      'peak RSS growth MB (uncapped heap, client included)': growth,
      met: seconds < GOALS.proofSeconds ? 'yes' : 'NO',
      status: res.status,
    },
  ]);
}
