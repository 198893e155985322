// The hourly rollups lose their foreign keys; the daily ones keep theirs. A key is checked for every row
// a batch adds (not for rows it adds to): a query of the campaign or location and a share lock of its
// row, a few hundred times a batch in the hourly rollups (a row per hour, campaign, zone and audience),
// a tenth of the database's time for a batch, against a handful in the daily ones. They guarded the same
// thing: the statement that adds a play to an hourly row adds it to the daily row of the same campaign,
// location and zone (appendEvents), and a rebuild of the daily rows makes them from the hourly ones, so a
// campaign or location with hourly rows always has daily rows too, whose keys keep it from being deleted
// while it has plays (400 "in use"), as before. event_statistics_location_hourly is kept by
// event_statistics_location_daily alike.
import { type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table event_statistics_hourly drop constraint event_statistics_hourly_campaign_id_fkey;
    alter table event_statistics_hourly drop constraint event_statistics_hourly_location_id_fkey;
    alter table event_statistics_location_hourly drop constraint event_statistics_location_hourly_location_id_fkey`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table event_statistics_hourly add constraint event_statistics_hourly_campaign_id_fkey
      foreign key (campaign_id) references campaigns(id);
    alter table event_statistics_hourly add constraint event_statistics_hourly_location_id_fkey
      foreign key (location_id) references locations(id);
    alter table event_statistics_location_hourly add constraint event_statistics_location_hourly_location_id_fkey
      foreign key (location_id) references locations(id)`,
  );
}
