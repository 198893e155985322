// The operations home part of `npm run bench:statistics`, on the statistics data set: each
// figure's own call and the home's one answer, for the administrator and for a user who sees one
// advertiser only (the isolation subqueries), and the five figures' calls at once. Before timing, the data set gets
// what the home reads: screen states, a year of closed alerts and some open ones, campaigns waiting for
// approval, a pacing row for as many campaigns as were on a month ago, and that day's rollups moved to
// today up to now (the data set's campaigns end yesterday, so nothing else plays today).
import { sql } from 'kysely';
import { operationsEndpoints } from '@marquee/contracts/operations';
import { userInfoEndpoint } from '@marquee/contracts/resources';
import { zonedInstant } from '@marquee/contracts/time-zones';
import type { Database } from '../src/db/database.ts';
import { addDays } from '../src/lib/days.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { p95Columns } from './parallel.ts';

/** Goal (p95 ms) of each figure of the home, on PostgreSQL. */
const GOAL = 100;
/** The figures are cheap: time enough runs for a p95 that is not just the slowest run. */
const RUNS = Number(process.env.BENCH_OPERATIONS_RUNS ?? 200);

/** What the home reads, made in bulk on top of the data set. */
export async function prepareOperations(db: Database, today: string, timeZone: string) {
  const zoned = (day: string) => new Date(zonedInstant(day, 0, timeZone)).toISOString();
  // Screens: mostly online, a few of each other state, as the sweep would have left them.
  await sql`update devices set health_state = (array['online', 'online', 'online', 'online', 'online', 'online',
      'online', 'online', 'online', 'online', 'online', 'online', 'online', 'online', 'online', 'online',
      'stale', 'screen_off', 'offline', 'never'])[1 + id % 20]`.execute(db);
  await sql`insert into job_runs (job, period, claimed_at) values ('device-health', 'last', now())
    on conflict (job, period) do update set claimed_at = now()`.execute(db);
  // Alerts: a year of closed incidents (about one per device a week) and one open for each dark screen.
  await sql`
    insert into alerts (kind, device_id, location_id, started_at, ended_at)
    select (array['device_offline', 'device_stale', 'screen_off'])[1 + (d.id + w) % 3], d.id, d.location_id,
      now() - (w * interval '7 days') - interval '3 hours', now() - (w * interval '7 days') - interval '2 hours'
    from devices d cross join generate_series(1, 52) w`.execute(db);
  await sql`
    insert into alerts (kind, device_id, location_id, started_at)
    select case health_state when 'offline' then 'device_offline' when 'stale' then 'device_stale' else 'screen_off' end,
      id, location_id, now() - (id % 240) * interval '1 minute'
    from devices where health_state in ('offline', 'stale', 'screen_off')`.execute(db);
  // Waiting for approval: one campaign in ten of those still to come.
  await sql`update campaigns set state = 0, updated_at = now() - (id % 500) * interval '1 hour'
    where end_date >= ${today}::date and id % 10 = 0`.execute(db);
  // Pacing as the hourly run writes it, for as many campaigns as were on a month ago (the data set's
  // campaigns end yesterday): some behind or at risk, with an open at-risk alert each of those.
  const monthAgo = addDays(today, -30);
  await sql`
    insert into campaign_pacing (campaign_id, computed_at, due, delivered, delivery_pct, pacing, missing, day, expected_today)
    select id, date_trunc('hour', now()) + interval '2 minutes', 1000, 1000 - id % 400, 100 - (id % 400) / 10.0,
      (array['ahead', 'on_track', 'on_track', 'behind', 'at_risk'])[1 + id % 5], id % 400, ${today}::date, 50 + id % 300
    from campaigns where start_date <= ${monthAgo}::date and end_date >= ${monthAgo}::date
    on conflict (campaign_id) do nothing`.execute(db);
  // Stamped now, so the home reads it as stored for the next five minutes instead of computing it.
  await sql`insert into job_runs (job, period, claimed_at) values ('pacing', 'last', now())
    on conflict (job, period) do update set claimed_at = now()`.execute(db);
  await sql`
    insert into alerts (kind, campaign_id, started_at)
    select 'campaign_at_risk', campaign_id, computed_at from campaign_pacing where pacing = 'at_risk'
    on conflict do nothing`.execute(db);
  // Today's plays so far: that day's rollup rows up to this time of day, moved to today.
  await sql`
    insert into event_statistics_hourly (hour, campaign_id, location_id, zone, gender, age_group, plays, viewers, play_ms,
      delivered, partial, wrong_creative, delivered_viewers, unmeasured)
    select ((hour at time zone ${timeZone}) + interval '30 days') at time zone ${timeZone}, campaign_id, location_id, zone,
      gender, age_group, plays, viewers, play_ms, delivered, partial, wrong_creative, delivered_viewers, unmeasured
    from event_statistics_hourly
    where hour >= ${zoned(monthAgo)} and hour < ${zoned(monthAgo)}::timestamptz + (now() - ${zoned(today)}::timestamptz)
    on conflict do nothing`.execute(db);
  for (const table of ['devices', 'alerts', 'campaigns', 'campaign_pacing'])
    await sql`analyze ${sql.table(table)}`.execute(db);
}

/** A user with the home's permissions who sees only `advertiser`'s data, signed in like the web app. */
async function isolatedCookie(db: Database, address: string, advertiser: number) {
  const password = 'bench-isolated-1';
  const { id: user } = await db
    .insertInto('users')
    .values({
      username: 'bench-isolated',
      password_hash: await hashPassword(password),
      full_name: 'Bench isolated',
      email: '',
      is_active: true,
      is_activated: true,
      require_activation: false,
      require_2fa: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: role } = await db
    .insertInto('roles')
    .values({ name: 'Bench one advertiser', can_view_all_advertisers: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`insert into role_permissions (role_id, permission_id)
    select ${role}, id from permissions
    where codename in ('list_device', 'list_alert', 'approve_campaign', 'list_eventstatistic')`.execute(db);
  await db.insertInto('user_roles').values({ user_id: user, role_id: role }).execute();
  await db.insertInto('advertiser_managers').values({ user_id: user, advertiser_id: advertiser }).execute();
  const first = await fetch(`${address}/api/user-info/`);
  const csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${address}/api/auth/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ username: 'bench-isolated', password }),
  });
  return `csrftoken=${csrf}; sessionid=${/sessionid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')![1]!}`;
}

export async function benchOperations({
  db,
  address,
  cookie,
  today,
  timeZone,
}: {
  db: Database;
  address: string;
  cookie: string;
  today: string;
  timeZone: string;
}) {
  await prepareOperations(db, today, timeZone);
  // The advertiser with the most campaigns on pace, so the isolated user's figures are not all zero.
  const { id: advertiser } = (
    await sql<{ id: number }>`
      select p.advertiser_id as id from campaign_pacing cp
      join campaigns c on c.id = cp.campaign_id join videoclips v on v.id = c.videoclip_id
      join products p on p.id = v.product_id
      group by 1 order by count(*) desc, 1 limit 1`.execute(db)
  ).rows[0] ?? { id: 0 };
  const isolated = await isolatedCookie(db, address, advertiser);
  const { home, ...each } = operationsEndpoints;
  const figures = Object.entries(each);
  const rows: Record<string, unknown>[] = [];
  /** A row of the table; `goal` false for the rows that only give context. */
  const row = (name: string, who: string, times: number[], status: number, body = '', goal = true) => {
    rows.push({
      'operations home': name,
      user: who,
      answer: body.length > 60 ? `${body.slice(0, 57)}…` : body,
      runs: times.length,
      ...p95Columns(times, goal ? GOAL : undefined),
      status,
    });
  };
  for (const [who, as] of [
    ['admin', cookie],
    [`advertiser ${advertiser} only`, isolated],
  ] as const) {
    // The floor of any call (session, permissions, JSON), to read the figures' times against.
    const floor = await timeAs(`${address}${userInfoEndpoint}`, as, RUNS);
    row('(user-info, for comparison)', who, floor.times, floor.status, '', false);
    for (const [name, endpoint] of figures) {
      const r = await timeAs(`${address}${endpoint}`, as, RUNS);
      row(name, who, r.times, r.status, r.body);
    }
    // The home asks for all of them in one answer.
    const one = await timeAs(`${address}${home}`, as, RUNS);
    row('home (one answer)', who, one.times, one.status, one.body);
    // The five at once, for comparison with the one answer.
    const all: number[] = [];
    for (let i = 0; i <= RUNS / 4; i++) {
      const t = performance.now();
      await Promise.all(
        figures.map(async ([, endpoint]) => (await fetch(`${address}${endpoint}`, { headers: { cookie: as } })).text()),
      );
      if (i > 0) all.push(performance.now() - t);
    }
    row(
      'all five at once',
      who,
      all.sort((a, b) => a - b),
      200,
      '',
      false,
    );
  }
  console.table(rows);
}

/** `count` GETs after a warm-up with the session `cookie`, each read to its end (sorted times). */
async function timeAs(url: string, cookie: string, count: number) {
  const times: number[] = [];
  let status = 0;
  let body = '';
  for (let i = 0; i <= count; i++) {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    body = await res.text();
    if (i > 0) times.push(performance.now() - t);
    status = res.status;
  }
  return { times: times.sort((a, b) => a - b), status, body };
}
