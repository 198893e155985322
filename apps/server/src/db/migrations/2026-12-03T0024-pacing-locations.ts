// The pacing snapshot's plays expected today per location, so a location manager's home compares the
// plays at their locations with the plays expected there (campaign_pacing has the campaign's whole).
import { type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create table campaign_pacing_locations (
      location_id int not null references locations(id) on delete cascade,
      campaign_id int not null references campaign_pacing(campaign_id) on delete cascade,
      expected_today double precision not null,
      primary key (location_id, campaign_id)
    );
    create index campaign_pacing_locations_campaign_idx on campaign_pacing_locations (campaign_id)`,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(db, `drop table campaign_pacing_locations`);
}
