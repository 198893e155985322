// Raw plays by month: device_events becomes a table partitioned by range of started_at, one
// partition per UTC month (device_events_2026_11), so that raw plays age out by dropping whole months
// (RAW_EVENT_RETENTION_DAYS, the maintenance sweep) instead of deleting rows, while the rollups stay.
// The rows stored so far move over with their ids: a partition for every month that has plays, and for
// the current and next month (the sweep makes the rest ahead). The key becomes (id, started_at), since a
// partitioned table's unique keys must hold the partition key; ids still come from one identity.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';
import { monthBounds, monthOf, nextMonth, partitionName } from '../../modules/device-gateway/event-partitions.ts';

const COLUMNS = `id, device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers, audience,
  videoclip_id, completed, checksum_ok, reported_checksum, measured`;

/** The columns of device_events as migrations 0006 and 0011 left them, in the same order. */
const COLUMN_DEFINITIONS = `
  id bigint generated always as identity,
  device_id int references devices(id) on delete set null,
  location_id int not null references locations(id),
  campaign_id int not null references campaigns(id),
  zone smallint not null,
  started_at timestamptz not null,
  duration_ms int not null check (duration_ms >= 0),
  viewers smallint not null check (viewers >= 0),
  audience jsonb,
  videoclip_id int,
  completed boolean not null default true,
  checksum_ok boolean,
  reported_checksum varchar(64),
  measured boolean not null default true`;

/** The indexes, made once the rows are in (faster than keeping them up to date row by row). */
const INDEXES = `
  create index device_events_campaign_play_idx on device_events (campaign_id, started_at, id);
  create index device_events_device_idx on device_events (device_id, started_at)`;

export async function up(db: Kysely<unknown>): Promise<void> {
  // Nothing may be appended while the rows move: it would be lost with the old table.
  await sql`lock table device_events in access exclusive mode`.execute(db);
  const { rows } = await sql<{ month: string }>`
    select distinct to_char(started_at at time zone 'UTC', 'YYYY-MM') as month from device_events`.execute(db);
  const current = monthOf(Date.now());
  const months = [...new Set([...rows.map((r) => r.month), current, nextMonth(current)])].sort();
  await execStatements(
    db,
    `
    alter table device_events rename to device_events_unpartitioned;
    alter sequence device_events_id_seq rename to device_events_unpartitioned_id_seq;
    create table device_events (${COLUMN_DEFINITIONS}) partition by range (started_at)
    `,
  );
  for (const month of months) {
    const { from, to } = monthBounds(month);
    await sql`create table ${sql.id(partitionName(month))} partition of device_events
      for values from (${sql.lit(from)}) to (${sql.lit(to)})`.execute(db);
  }
  await sql
    .raw(
      `insert into device_events (${COLUMNS}) overriding system value
      select ${COLUMNS} from device_events_unpartitioned`,
    )
    .execute(db);
  // New plays go on from the last id, so ids stay unique and in the order plays were stored.
  await sql`select setval(pg_get_serial_sequence('device_events', 'id'),
    coalesce((select max(id) from device_events_unpartitioned), 0) + 1, false)`.execute(db);
  await execStatements(
    db,
    `
    drop table device_events_unpartitioned;
    alter table device_events add primary key (id, started_at);
    ${INDEXES}
    `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`lock table device_events in access exclusive mode`.execute(db);
  await execStatements(
    db,
    `
    alter table device_events rename to device_events_partitioned;
    alter sequence device_events_id_seq rename to device_events_partitioned_id_seq;
    alter index device_events_pkey rename to device_events_partitioned_pkey;
    alter index device_events_campaign_play_idx rename to device_events_partitioned_campaign_play_idx;
    alter index device_events_device_idx rename to device_events_partitioned_device_idx;
    create table device_events (${COLUMN_DEFINITIONS}, primary key (id))
    `,
  );
  await sql
    .raw(
      `insert into device_events (${COLUMNS}) overriding system value
      select ${COLUMNS} from device_events_partitioned`,
    )
    .execute(db);
  await sql`select setval(pg_get_serial_sequence('device_events', 'id'),
    coalesce((select max(id) from device_events_partitioned), 0) + 1, false)`.execute(db);
  // Dropping the partitioned table drops its partitions.
  await execStatements(db, `drop table device_events_partitioned; ${INDEXES}`);
}
