// Zones per screen and pairing. A device shows some of its location's zones (`zones`); existing
// devices show all of them, and a device registered without zones gets all of its location's, so
// today's figures do not move. A device period keeps the zones the device showed during it (a change
// of zones is a new period, like a move); periods closed before zones existed have none: all zones.
// A screen pairs itself by showing a short code that staff type in (`device_pairings`).
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    alter table devices add column zones int[];
    update devices d set zones = array(
      select z.zone_number from location_zones z where z.location_id = d.location_id order by z.zone_number);
    alter table devices alter column zones set not null;
    alter table device_periods add column zones int[];
    update device_periods p set zones = d.zones from devices d where d.id = p.device_id and p.active_to is null;
    create table device_pairings (
      id uuid primary key,
      code varchar(6) not null,
      secret_hash varchar(64) not null,
      address varchar(100) not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      claimed_at timestamptz,
      claimed_by int references users(id) on delete set null,
      device_id int references devices(id) on delete cascade,
      token_issued_at timestamptz
    );
    create unique index device_pairings_open_code_idx on device_pairings (code) where claimed_at is null;
    create index device_pairings_expires_idx on device_pairings (expires_at)`,
  );
  // Devices written without zones (the simulator's, the demo's, tests') show all their location's.
  await sql`
    create function devices_default_zones() returns trigger language plpgsql as $$
    begin
      if new.zones is null then
        new.zones := array(select z.zone_number from location_zones z
          where z.location_id = new.location_id order by z.zone_number);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger devices_default_zones before insert on devices
    for each row execute function devices_default_zones()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger devices_default_zones on devices;
    drop function devices_default_zones();
    drop table device_pairings;
    alter table device_periods drop column zones;
    alter table devices drop column zones`,
  );
}
