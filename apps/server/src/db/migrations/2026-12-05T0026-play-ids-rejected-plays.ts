// Per-play ids and rows rejected one by one. A player may give each play its own id (`play_id`), so a
// play is stored once whatever batch carries it; a batch's rows that cannot be accepted (a campaign
// deleted meanwhile, a zone the screen does not show, a play outside the campaign's dates) are no
// longer a reason to refuse the whole batch: the other rows are stored, and the rejected ones are kept
// in rejected_plays with their reason, so nothing a device sent is lost and statistics readers see it.
//
// device_events is partitioned by month, so a unique index has to hold started_at: the index on
// (device_id, play_id, started_at) makes a second copy of a play with the same start impossible and is
// the lookup by which the gateway leaves out a play id stored before with another start (see
// appendEvents). Partial: plays without an id (every one stored so far) cost it nothing.
import { type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table device_events add column play_id uuid;
    create unique index device_events_play_id_key on device_events (device_id, play_id, started_at)
      where play_id is not null;
    create table rejected_plays (
      id bigint generated always as identity primary key,
      device_id int references devices(id) on delete set null,
      location_id int not null references locations(id) on delete cascade,
      batch_id uuid not null,
      row_index smallint not null,
      play_id uuid,
      campaign_id int,
      event jsonb not null,
      field varchar(100) not null,
      reason text not null,
      received_at timestamptz not null default now()
    );
    create unique index rejected_plays_batch_row_key on rejected_plays (device_id, batch_id, row_index);
    create index rejected_plays_device_idx on rejected_plays (device_id, received_at desc, id desc);
    create index rejected_plays_campaign_idx on rejected_plays (campaign_id, received_at, id);
    create index rejected_plays_received_idx on rejected_plays (received_at)`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop table rejected_plays;
    drop index device_events_play_id_key;
    alter table device_events drop column play_id`,
  );
}
