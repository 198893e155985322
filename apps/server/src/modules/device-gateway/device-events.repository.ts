// Appending a device's batch of events with every rollup, in one statement (one insert per table, the
// batch as one array per column, rollup rows summed once per batch).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** One event as stored: `audience` counts viewers by `<gender>:<age group>`; `completed`, `checksum_ok`
 * and `measured` decide whether (and how) it counts as delivered. */
export type EventRow = {
  campaign_id: number;
  videoclip_id: number;
  zone: number;
  started_at: string;
  duration_ms: number;
  viewers: number;
  audience: Record<string, number> | null;
  completed: boolean;
  /** null: the device reported no checksum. */
  checksum_ok: boolean | null;
  /** The reported checksum when it was not the clip's. */
  reported_checksum: string | null;
  measured: boolean;
  /** It started inside the campaign's window and the location's opening hours. */
  in_schedule: boolean;
  /** The play's own id, when the player gave one. */
  play_id: string | null;
};

/** What every rollup row counts: plays (and of them the delivered, partial, wrong-creative and
 * outside-schedule ones, and the delivered ones of devices that count no viewers), their viewers and
 * play time. */
const COUNTERS = [
  'plays',
  'viewers',
  'play_ms',
  'delivered',
  'partial',
  'wrong_creative',
  'delivered_viewers',
  'unmeasured',
  'outside_schedule',
] as const;

const NAMES = sql.raw(COUNTERS.join(', '));
/** The counters summed over rows that become one. */
const SUMS = sql.raw(COUNTERS.map((n) => `sum(${n})::${n === 'play_ms' ? 'bigint' : 'int'} as ${n}`).join(', '));
/** An upsert's update: the counters of row `alias` plus the new row's. */
const addedTo = (alias: string) => sql.raw(COUNTERS.map((n) => `${n} = ${alias}.${n} + excluded.${n}`).join(', '));

/** A text as an element of a PostgreSQL array literal: quoted, its quotes and backslashes escaped. */
const element = (v: string) => (v.includes('"') || v.includes('\\') ? `"${v.replace(/["\\]/g, '\\$&')}"` : `"${v}"`);
/** An audience as an element of a jsonb array literal: `"{\"f:2\":1}"`, made directly (JSON.stringify
 * and escaping its quotes took as long as all the other columns together). */
function audienceElement(audience: Record<string, number>): string {
  let text = '';
  for (const key in audience) {
    const count = audience[key]!;
    if (key.includes('"') || key.includes('\\') || !Number.isFinite(count)) return element(JSON.stringify(audience));
    text += `${text ? ',' : ''}\\"${key}\\":${count}`;
  }
  return `"{${text}}"`;
}

/** A batch as one array literal per column, in the order of the events, made in one pass (exported for
 * its tests). */
export function columnsOf(events: EventRow[]) {
  const columns = {
    campaign: [] as (number | string)[],
    clip: [] as (number | string)[],
    zone: [] as (number | string)[],
    startedAt: [] as string[],
    durationMs: [] as (number | string)[],
    viewers: [] as (number | string)[],
    audience: [] as string[],
    completed: [] as (boolean | string)[],
    checksumOk: [] as (boolean | string)[],
    reportedChecksum: [] as string[],
    measured: [] as (boolean | string)[],
    inSchedule: [] as boolean[],
    playId: [] as string[],
  };
  for (const e of events) {
    columns.campaign.push(e.campaign_id);
    columns.clip.push(e.videoclip_id);
    columns.zone.push(e.zone);
    columns.startedAt.push(element(e.started_at));
    columns.durationMs.push(e.duration_ms);
    columns.viewers.push(e.viewers);
    columns.audience.push(e.audience === null ? 'NULL' : audienceElement(e.audience));
    columns.completed.push(e.completed);
    columns.checksumOk.push(e.checksum_ok ?? 'NULL');
    columns.reportedChecksum.push(e.reported_checksum === null ? 'NULL' : element(e.reported_checksum));
    columns.measured.push(e.measured);
    columns.inSchedule.push(e.in_schedule);
    // A uuid (checked by the contracts' schema) needs no quotes.
    columns.playId.push(e.play_id ?? 'NULL');
  }
  const literal = (values: unknown[]) => `{${values.join(',')}}`;
  return Object.fromEntries(Object.entries(columns).map(([name, values]) => [name, literal(values)])) as Record<
    keyof typeof columns,
    string
  >;
}

/**
 * Appends the events not stored before and adds them to every rollup, in one statement; gives how many
 * were stored. A play is stored once, whatever batch carries it: its natural key is (device, start,
 * campaign, zone), and a play already there (a player that re-batched its queue after a crash) is left
 * out of the insert and so of the rollups. A play with a `play_id` is also left out when the device
 * stored a play under that id before, with the same start or another (an id reused with other content,
 * a start a player re-timed when its clock was put right) within PLAY_ID_REACH of it (and not before
 * `playIdsFrom`, the oldest start the gateway accepts now). A batch repeating a natural key or an id
 * keeps its first row.
 *
 * Both are looked up once per batch, in one range scan of the natural key's index (which carries
 * play_id, INCLUDE): the device's plays from the batch's first start to its last, and, when the batch
 * has ids, those within the reach around it that carry one of them. The batch's rows are then inserted
 * plainly, without ON CONFLICT: the caller holds the device's lock for the transaction (claimBatch), so
 * no other batch of the device can store the same play meanwhile, and the unique index on the natural
 * key stays as the guarantee. ON CONFLICT made every row a speculative insertion, a probe of that index
 * and a second WAL record, a tenth of a batch's cost; device_events is partitioned by month, and a
 * unique index must hold the partition key, so no index alone could say that an id is taken anyway.
 *
 * The batch comes as one array per column (unnest makes them rows again): thirteen parameters whatever
 * its size, so the statement is cheap to send, parse and plan. The rollup rows are summed once per
 * batch: per hour (in `timeZone`), campaign and zone, a row for all plays (gender '', age group 0; with
 * the delivered, partial, wrong-creative and outside-schedule counts) and one per audience (gender, age
 * group) seen; from those the daily rows by local day in the daily rollups' own time zone
 * (event_statistics_daily_zone, so they always sum the hourly rows), the location's plays by hour and
 * zone and by day and zone, the campaigns' daily rows, and the network's daily and hourly rows.
 *
 * A play is delivered when it completed the clip, with the right creative (or none reported), inside
 * the campaign's schedule; the right creative outside it is `outside_schedule`; cut short inside it,
 * `partial`; a wrong checksum is `wrong_creative` whatever else.
 *
 * Rows are written in key order, so concurrent batches lock them alike. The rows of the campaigns
 * and of the network, which batches of every device add to, are written last, so they are held only
 * from the end of the statement to the commit (run it last in the transaction): PostgreSQL runs the
 * main statement (which reads the insert into device_events) first, then the data-modifying CTEs it
 * does not read, the last-listed first.
 */
/** How far from a play's start the device's plays are searched for its `play_id` (see appendEvents). */
export const PLAY_ID_REACH = '1 day';

/** The batch without the rows that repeat an earlier row's natural key (start, campaign, zone) or play
 * id: the first is kept, as the statement cannot tell them apart from each other. */
function firstOfEach(events: EventRow[]): EventRow[] {
  const keys = new Set<string>();
  const ids = new Set<string>();
  return events.filter((e) => {
    const key = `${e.started_at} ${e.campaign_id} ${e.zone}`;
    if (keys.has(key) || (e.play_id !== null && ids.has(e.play_id))) return false;
    keys.add(key);
    if (e.play_id !== null) ids.add(e.play_id);
    return true;
  });
}

/** Appends a batch (see above); the caller holds the device's lock (claimBatch). */
export async function appendEvents(
  db: Database,
  {
    device,
    location,
    timeZone,
    events: sent,
    playIdsFrom,
  }: { device: number; location: number; timeZone: string; events: EventRow[]; playIdsFrom: string },
): Promise<number> {
  if (!sent.length) return 0;
  const events = firstOfEach(sent);
  const c = columnsOf(events);
  // The batch's span (its plays' natural keys are looked for in it), and whether it carries play ids.
  let first = Infinity;
  let last = -Infinity;
  let withIds = false;
  for (const e of events) {
    const at = Date.parse(e.started_at);
    if (at < first) first = at;
    if (at > last) last = at;
    if (e.play_id !== null) withIds = true;
  }
  const from = new Date(first).toISOString();
  const to = new Date(last).toISOString();
  const delivered = sql`completed and checksum_ok is not false and in_schedule`;
  const { rows } = await sql<{ stored: number }>`
    with seen as materialized (
      -- The device's plays in the batch's span, and with ids the reach around it: one range scan of the
      -- natural key's index, which carries play_id. Not narrowed to the batch's ids: planning an
      -- "= any" of a thousand constants estimated each of them, which cost more than these rows.
      select e.started_at, e.campaign_id, e.zone, e.play_id from device_events e
      where e.device_id = ${device}::int
        ${
          withIds
            ? sql`and e.started_at >= least(${from}::timestamptz, greatest(${playIdsFrom}::timestamptz,
                  ${from}::timestamptz - ${PLAY_ID_REACH}::interval))
                and e.started_at <= ${to}::timestamptz + ${PLAY_ID_REACH}::interval`
            : sql`and e.started_at between ${from}::timestamptz and ${to}::timestamptz`
        }
    ),
    inserted as (
      insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers,
        audience, videoclip_id, completed, checksum_ok, reported_checksum, measured, in_schedule, play_id)
      select ${device}::int, ${location}::int, b.*
      from unnest(${c.campaign}::int[], ${c.zone}::smallint[], ${c.startedAt}::timestamptz[],
        ${c.durationMs}::int[], ${c.viewers}::smallint[], ${c.audience}::jsonb[], ${c.clip}::int[],
        ${c.completed}::boolean[], ${c.checksumOk}::boolean[], ${c.reportedChecksum}::varchar[],
        ${c.measured}::boolean[], ${c.inSchedule}::boolean[], ${c.playId}::uuid[])
        as b(campaign_id, zone, started_at, duration_ms, viewers, audience, videoclip_id, completed,
          checksum_ok, reported_checksum, measured, in_schedule, play_id)
      -- The play's natural key.
      where not exists (
        select from seen s
        where s.started_at = b.started_at and s.campaign_id = b.campaign_id and s.zone = b.zone)
      ${
        withIds
          ? // A row without an id matches none (null = null is not true); without an "is null or" the
            // planner makes both checks hash anti-joins, not a scan of seen for every row.
            sql`and not exists (
              select from seen s
              where s.play_id = b.play_id
                and s.started_at >= b.started_at - ${PLAY_ID_REACH}::interval
                and s.started_at <= b.started_at + ${PLAY_ID_REACH}::interval)`
          : sql``
      }
      returning campaign_id, zone, started_at, duration_ms, viewers, audience, completed, checksum_ok, measured,
        in_schedule
    ),
    batch as materialized (
      select date_trunc('hour', started_at, ${timeZone}) as hour, * from inserted
    ),
    hourly as materialized (
      select hour, campaign_id, zone, ''::varchar as gender, 0::smallint as age_group,
        count(*)::int as plays, sum(viewers)::int as viewers, sum(duration_ms)::bigint as play_ms,
        count(*) filter (where ${delivered})::int as delivered,
        count(*) filter (where not completed and checksum_ok is not false and in_schedule)::int as partial,
        count(*) filter (where checksum_ok = false)::int as wrong_creative,
        coalesce(sum(viewers) filter (where ${delivered} and measured), 0)::int as delivered_viewers,
        count(*) filter (where ${delivered} and not measured)::int as unmeasured,
        count(*) filter (where checksum_ok is not false and not in_schedule)::int as outside_schedule
      from batch
      group by 1, 2, 3
      union all
      select b.hour, b.campaign_id, b.zone, split_part(a.key, ':', 1), split_part(a.key, ':', 2)::smallint,
        count(*)::int, sum(a.value::int)::int, sum(b.duration_ms)::bigint, 0, 0, 0, 0, 0, 0
      from batch b cross join lateral jsonb_each_text(b.audience) a
      group by 1, 2, 3, 4, 5
    ),
    daily as materialized (
      select (h.hour at time zone z.time_zone)::date as day, h.campaign_id, h.zone, h.gender, h.age_group,
        ${SUMS}
      from hourly h cross join event_statistics_daily_zone z
      group by 1, 2, 3, 4, 5
    ),
    network_hourly_added as (
      insert into event_statistics_network_hourly as nh (hour, gender, age_group, ${NAMES})
      select hour, gender, age_group, ${SUMS} from hourly
      group by 1, 2, 3
      order by 2, 3, 1
      on conflict (gender, age_group, hour) do update set ${addedTo('nh')}
    ),
    network_daily_added as (
      insert into event_statistics_network_daily as nd (day, gender, age_group, ${NAMES})
      select day, gender, age_group, ${SUMS} from daily
      group by 1, 2, 3
      order by 2, 3, 1
      on conflict (gender, age_group, day) do update set ${addedTo('nd')}
    ),
    campaign_daily_added as (
      insert into event_statistics_campaign_daily as cd (day, campaign_id, gender, age_group, ${NAMES})
      select day, campaign_id, gender, age_group, ${SUMS} from daily
      group by 1, 2, 3, 4
      order by 2, 1, 3, 4
      on conflict (campaign_id, day, gender, age_group) do update set ${addedTo('cd')}
    ),
    location_hourly_added as (
      insert into event_statistics_location_hourly as l (hour, location_id, zone, ${NAMES})
      select hour, ${location}::int, zone, ${SUMS} from hourly
      where gender = ''
      group by 1, 3
      order by 1, 3
      on conflict (location_id, hour, zone) do update set ${addedTo('l')}
    ),
    location_daily_added as (
      insert into event_statistics_location_daily as ld (day, location_id, zone, ${NAMES})
      select day, ${location}::int, zone, ${SUMS} from daily
      where gender = ''
      group by 1, 3
      order by 1, 3
      on conflict (location_id, day, zone) do update set ${addedTo('ld')}
    ),
    daily_added as (
      insert into event_statistics_daily as d (day, campaign_id, location_id, zone, gender, age_group, ${NAMES})
      select day, campaign_id, ${location}::int, zone, gender, age_group, ${NAMES} from daily
      order by 2, 1, 4, 5, 6
      on conflict (campaign_id, day, location_id, zone, gender, age_group) do update set ${addedTo('d')}
    ),
    hourly_added as (
      insert into event_statistics_hourly as s (hour, campaign_id, location_id, zone, gender, age_group, ${NAMES})
      select hour, campaign_id, ${location}::int, zone, gender, age_group, ${NAMES} from hourly
      order by 2, 1, 4, 5, 6
      on conflict (campaign_id, hour, location_id, zone, gender, age_group) do update set ${addedTo('s')}
    )
    select count(*)::int as stored from inserted`.execute(db);
  return Number(rows[0]?.stored ?? 0);
}
