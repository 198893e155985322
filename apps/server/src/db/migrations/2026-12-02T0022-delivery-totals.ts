// Each campaign's delivery totals as they were last computed: the Delivery list orders every
// campaign by them and the campaign list shows them, which meant computing every campaign's whole run
// on each call. A stored row holds while nothing it was computed from changed: `changed` takes a new
// number from a sequence whenever the campaign, its locations, their screens' periods, its contract or
// its counted plays before the row's hour (late plays) change, and the row counts only while `computed`
// equals it. Triggers bump it, so every writer (the API, the gateway's append, tools, psql) keeps it
// exact. When a row holds and how it is claimed and saved: delivery-totals.repository.ts.
import { sql, type Kysely } from 'kysely';
import { execStatements } from '../exec-statements.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    create sequence campaign_delivery_changes;
    create table campaign_delivery_totals (
      campaign_id int primary key references campaigns(id) on delete cascade,
      changed bigint not null,
      computed bigint,
      cutoff timestamptz not null,
      today date not null,
      time_zone varchar(64) not null,
      delivery_pct float8,
      progress_pct float8,
      contracted int,
      delivered int,
      totals json
    )`,
  );
  // Rows bumped in campaign order, so two writers never wait for each other's rows in a circle.
  await sql`
    create function campaign_delivery_bump(ids int[]) returns void language plpgsql as $$
    begin
      perform 1 from campaign_delivery_totals where campaign_id = any(ids) order by campaign_id for update;
      update campaign_delivery_totals set changed = nextval('campaign_delivery_changes') where campaign_id = any(ids);
    end
    $$`.execute(db);
  await sql`
    create function campaign_delivery_changed() returns trigger language plpgsql as $$
    declare
      ids int[];
    begin
      if tg_table_name in ('campaigns') then
        ids := array[coalesce(new.id, old.id)];
      elsif tg_table_name in ('campaign_locations', 'campaign_contracts') then
        ids := array[case when tg_op = 'DELETE' then old.campaign_id else new.campaign_id end];
        if tg_op = 'UPDATE' then ids := ids || old.campaign_id; end if;
      elsif tg_table_name = 'locations' then
        ids := array(select campaign_id from campaign_locations where location_id = new.id);
      else
        -- device_periods: the campaigns at the location it left and at the one it is at.
        ids := array(select campaign_id from campaign_locations where location_id in (
          case when tg_op = 'INSERT' then new.location_id else old.location_id end,
          case when tg_op = 'DELETE' then old.location_id else new.location_id end));
      end if;
      perform campaign_delivery_bump(ids);
      return null;
    end
    $$`.execute(db);
  // Plays counted before a row's hour (hourly rollups) or day (daily rollups): a late batch, history
  // uploaded late. Plays of the current hour, which most batches bring, change no row. One statement
  // of a batch adds to each rollup: these run once per statement, over the rows it wrote.
  await sql`
    create function campaign_delivery_plays_hourly() returns trigger language plpgsql as $$
    begin
      perform campaign_delivery_bump(array(
        select t.campaign_id from campaign_delivery_totals t
        join (select campaign_id, min(hour) as first from added group by 1) a on a.campaign_id = t.campaign_id
        where a.first < t.cutoff));
      return null;
    end
    $$`.execute(db);
  await sql`
    create function campaign_delivery_plays_daily() returns trigger language plpgsql as $$
    begin
      perform campaign_delivery_bump(array(
        select t.campaign_id from campaign_delivery_totals t
        join (select campaign_id, min(day) as first from added group by 1) a on a.campaign_id = t.campaign_id
        where a.first < t.today));
      return null;
    end
    $$`.execute(db);
  // Counted plays removed or made again (the daily rollups rebuilt in another time zone): every row.
  await sql`
    create function campaign_delivery_all_changed() returns trigger language plpgsql as $$
    begin
      perform campaign_delivery_bump(array(select campaign_id from campaign_delivery_totals));
      return null;
    end
    $$`.execute(db);
  await execStatements(
    db,
    `
    create trigger campaigns_delivery_changed after update on campaigns
      for each row execute function campaign_delivery_changed();
    create trigger campaign_locations_delivery_changed after insert or update or delete on campaign_locations
      for each row execute function campaign_delivery_changed();
    create trigger campaign_contracts_delivery_changed after insert or update or delete on campaign_contracts
      for each row execute function campaign_delivery_changed();
    create trigger locations_delivery_changed after update on locations
      for each row execute function campaign_delivery_changed();
    create trigger device_periods_delivery_changed after insert or update or delete on device_periods
      for each row execute function campaign_delivery_changed();
    create trigger event_statistics_hourly_delivery_added after insert on event_statistics_hourly
      referencing new table as added for each statement execute function campaign_delivery_plays_hourly();
    create trigger event_statistics_hourly_delivery_updated after update on event_statistics_hourly
      referencing new table as added for each statement execute function campaign_delivery_plays_hourly();
    create trigger event_statistics_daily_delivery_added after insert on event_statistics_daily
      referencing new table as added for each statement execute function campaign_delivery_plays_daily();
    create trigger event_statistics_daily_delivery_updated after update on event_statistics_daily
      referencing new table as added for each statement execute function campaign_delivery_plays_daily();
    create trigger event_statistics_daily_delivery_changed after delete or truncate on event_statistics_daily
      for each statement execute function campaign_delivery_all_changed();
    create trigger event_statistics_hourly_delivery_changed after delete or truncate on event_statistics_hourly
      for each statement execute function campaign_delivery_all_changed();
    create trigger daily_zone_delivery_changed after insert or update or delete on event_statistics_daily_zone
      for each statement execute function campaign_delivery_all_changed()
  `,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await execStatements(
    db,
    `
    drop trigger campaigns_delivery_changed on campaigns;
    drop trigger campaign_locations_delivery_changed on campaign_locations;
    drop trigger campaign_contracts_delivery_changed on campaign_contracts;
    drop trigger locations_delivery_changed on locations;
    drop trigger device_periods_delivery_changed on device_periods;
    drop trigger event_statistics_hourly_delivery_added on event_statistics_hourly;
    drop trigger event_statistics_hourly_delivery_updated on event_statistics_hourly;
    drop trigger event_statistics_daily_delivery_added on event_statistics_daily;
    drop trigger event_statistics_daily_delivery_updated on event_statistics_daily;
    drop trigger event_statistics_daily_delivery_changed on event_statistics_daily;
    drop trigger event_statistics_hourly_delivery_changed on event_statistics_hourly;
    drop trigger daily_zone_delivery_changed on event_statistics_daily_zone;
    drop function campaign_delivery_all_changed();
    drop function campaign_delivery_plays_daily();
    drop function campaign_delivery_plays_hourly();
    drop function campaign_delivery_changed();
    drop function campaign_delivery_bump(int[]);
    drop table campaign_delivery_totals;
    drop sequence campaign_delivery_changes
  `,
  );
}
