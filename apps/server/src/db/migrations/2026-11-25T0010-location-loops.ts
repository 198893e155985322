// Loop inventory: a location's loop length, opening hours and venue type, and the
// override_capacity permission. Existing locations get LOOP_SECONDS and OPENING_HOURS as they are set
// when this runs (the column defaults are the documented defaults; the service writes the settings'
// values for new locations).
import { sql, type Kysely } from 'kysely';
import { LOOP_SECONDS_DEFAULT, LOOP_SECONDS_MAX, LOOP_SECONDS_MIN } from '@marquee/contracts/inventory';
import { inventorySettings } from '../../config.ts';
import { syncPermissionCatalogue } from '../permission-catalogue.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const { loopSeconds, openingHours } = inventorySettings();
  await sql`alter table locations
    add column loop_seconds int not null default ${sql.lit(LOOP_SECONDS_DEFAULT)}
      check (loop_seconds between ${sql.lit(LOOP_SECONDS_MIN)} and ${sql.lit(LOOP_SECONDS_MAX)}),
    add column open_time varchar(5) not null default '06:00'
      check (open_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
    add column close_time varchar(5) not null default '24:00'
      check (close_time ~ '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$'),
    add column venue_type int`.execute(db);
  await sql`update locations set loop_seconds = ${loopSeconds}, open_time = ${openingHours.open_time},
    close_time = ${openingHours.close_time}`.execute(db);
  await syncPermissionCatalogue(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`delete from permissions where codename = 'override_capacity'`.execute(db);
  await sql`alter table locations drop column loop_seconds, drop column open_time, drop column close_time,
    drop column venue_type`.execute(db);
}
