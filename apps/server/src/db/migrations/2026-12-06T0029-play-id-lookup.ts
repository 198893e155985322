// A play's id is looked up through the natural key's index instead of an index of its own. The unique
// index on (device_id, play_id, started_at) cost every play with an id one more index entry, at a random
// place within its device's range, and one probe of it: together a fifth to a quarter of the ingestion
// rate. The natural key's unique index now carries play_id (INCLUDE), so a batch reads the play ids its
// device stored around the batch's starts in one range scan of that index (see appendEvents).
import { type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create unique index device_events_play_key_ids on device_events (device_id, started_at, campaign_id, zone)
      include (play_id);
    drop index device_events_play_key;
    alter index device_events_play_key_ids rename to device_events_play_key;
    drop index device_events_play_id_key`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create unique index device_events_play_id_key on device_events (device_id, play_id, started_at)
      where play_id is not null;
    create unique index device_events_play_key_plain on device_events (device_id, started_at, campaign_id, zone);
    drop index device_events_play_key;
    alter index device_events_play_key_plain rename to device_events_play_key`,
  );
}
