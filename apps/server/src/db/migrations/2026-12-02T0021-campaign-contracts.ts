// A contract that holds: what a campaign was sold is frozen when it is approved, per location, from
// the schedule as booked (the screens active there then, the loop length and the opening hours), so
// screens added elsewhere in its location later, or history uploaded late, no longer move its
// contracted plays and due curve. Campaigns booked before this get theirs from the schedule as it is now.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table campaign_contracts (
      campaign_id int not null references campaigns(id) on delete cascade,
      location_id int not null references locations(id) on delete cascade,
      frozen_at timestamptz not null,
      devices int not null check (devices >= 0),
      loop_seconds int not null,
      open_time varchar(5) not null,
      close_time varchar(5) not null,
      primary key (campaign_id, location_id)
    )`,
  );
  // The booked campaigns (approved, sent, active, viewed, finished) as their locations are now.
  await sql`
    insert into campaign_contracts (campaign_id, location_id, frozen_at, devices, loop_seconds, open_time, close_time)
    select c.id, l.id, now(),
      (select count(*) from devices d where d.location_id = l.id and d.is_active)::int,
      l.loop_seconds, l.open_time, l.close_time
    from campaigns c
    join campaign_locations cl on cl.campaign_id = c.id
    join locations l on l.id = cl.location_id
    where c.state in (1, 2, 3, 10, 99)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table campaign_contracts`.execute(db);
}
