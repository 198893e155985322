// SQL of the device gateway: the device behind a token, its playlist, the files it may fetch, event
// batches (appended with their rollups by device-events.repository.ts), and the state changes devices cause.
import { sql } from 'kysely';
import { OFFLINE_STATUS, type DeviceFacts } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import type { Database } from '../../db/database.ts';
import { CAMPAIGN_TARGETING_COLUMNS, day } from '../campaigns/campaigns.repository.ts';
import { appendEvents, type EventRow } from './device-events.repository.ts';
import { zoneNumbersOf } from '../locations/location-zones.repository.ts';

/** The model of a location's pictures (`images.model`). */
const LOCATION_MODEL = resources.locations.model_name;

export type { EventRow };

/** The largest int column value: running totals stop there rather than fail. */
const MAX_INT = 2147483647;

/** The device a token belongs to, with its location. */
export type GatewayDevice = {
  id: number;
  serial_number: string;
  is_active: boolean;
  offline_since: Date | string | null;
  /** The health state last computed ('never' until it reports). */
  health_state: string | null;
  location_id: number;
  location_name: string;
  location_sys_id: string;
  location_active: boolean;
  /** The location's opening hours: plays outside them are not delivered. */
  open_time: string;
  close_time: string;
  /** Since when the device counts as playing here (its open period), null when it has none. */
  active_from: Date | string | null;
  /** The zones of its location the device shows: it plays, and is expected to play, only in these. */
  zones: number[];
};

/** A campaign whose state a device moved: its id, name and the state before. */
export type MovedCampaign = { id: number; name: string; before: number };

export const gatewayRepository = {
  deviceByToken: (db: Database, tokenHash: string): Promise<GatewayDevice | undefined> =>
    db
      .selectFrom('devices')
      .innerJoin('locations', 'locations.id', 'devices.location_id')
      .select([
        'devices.id',
        'devices.serial_number',
        'devices.is_active',
        'devices.offline_since',
        'devices.health_state',
        'devices.location_id',
        'locations.name as location_name',
        'locations.sys_id as location_sys_id',
        'locations.is_active as location_active',
        'locations.open_time',
        'locations.close_time',
        'devices.zones',
        (eb) =>
          eb
            .selectFrom('device_periods')
            .select('device_periods.active_from')
            .whereRef('device_periods.device_id', '=', 'devices.id')
            .where('device_periods.active_to', 'is', null)
            .as('active_from'),
      ])
      .where('devices.token_hash', '=', tokenHash)
      .executeTakeFirst(),

  /** Records that the device was heard from at `at` (a batch of plays is a sign of life as much as a
   * heartbeat): it counts as online again. */
  async markSeen(db: Database, id: number, at: Date): Promise<void> {
    await db.updateTable('devices').set({ last_status_date: at, offline_since: null }).where('id', '=', id).execute();
  },

  /** Records a report: the device counts as online again, with the facts it told (those left out keep
   * their value). A new playlist version starts `playlist_applied_at`; a screen reported off starts
   * `screen_off_since` (kept while it stays off), a queue no longer empty `queue_since`, and a queue's
   * depth moves the one before to `queue_depth_before`; dropped plays add to the device's total. */
  async setStatus(db: Database, id: number, status: string, at: Date, facts: DeviceFacts = {}): Promise<void> {
    // `screen_state` wins over `screen_on` when both are sent; off by schedule is off all the same.
    const screenOn = facts.screen_state !== undefined ? facts.screen_state === 'on' : facts.screen_on;
    await db
      .updateTable('devices')
      .set((eb) => ({
        last_status: status,
        last_status_date: at,
        offline_since: null,
        ...(facts.playlist_version !== undefined
          ? {
              playlist_version: facts.playlist_version,
              playlist_applied_at: eb
                .case()
                .when('playlist_version', 'is not distinct from', facts.playlist_version)
                .then(eb.ref('playlist_applied_at'))
                .else(at)
                .end(),
            }
          : {}),
        ...(screenOn !== undefined
          ? {
              screen_on: screenOn,
              screen_state: facts.screen_state ?? (screenOn ? 'on' : 'off'),
              screen_off_since: screenOn
                ? null
                : eb.case().when('screen_on', '=', false).then(eb.ref('screen_off_since')).else(at).end(),
            }
          : {}),
        ...(facts.queue_depth !== undefined
          ? {
              // SET reads the row as it was, so this is the depth the previous report gave: against the
              // new one, whether the queue grows or drains.
              queue_depth_before: eb.ref('queue_depth'),
              queue_depth: facts.queue_depth,
              // Since when the queue has not been empty: kept while it stays so, whatever its depth.
              queue_since:
                facts.queue_depth === 0
                  ? null
                  : eb
                      .case()
                      .when(eb.and([eb('queue_depth', '>', 0), eb('queue_since', 'is not', null)]))
                      .then(eb.ref('queue_since'))
                      .else(at)
                      .end(),
            }
          : {}),
        ...(facts.dropped
          ? { plays_dropped: sql<number>`least(plays_dropped::bigint + ${facts.dropped}, ${MAX_INT})` }
          : {}),
        ...(facts.storage_used_mb !== undefined ? { storage_used_mb: facts.storage_used_mb } : {}),
        ...(facts.storage_quota_mb !== undefined ? { storage_quota_mb: facts.storage_quota_mb } : {}),
        ...(facts.clock_offset_ms !== undefined ? { clock_offset_ms: facts.clock_offset_ms } : {}),
        ...(facts.faults?.length ? { last_fault_at: at } : {}),
        ...(facts.uptime_s !== undefined ? { uptime_s: facts.uptime_s } : {}),
        ...(facts.disk_free_mb !== undefined ? { disk_free_mb: facts.disk_free_mb } : {}),
        ...(facts.cpu_temp_c !== undefined ? { cpu_temp_c: facts.cpu_temp_c } : {}),
        ...(facts.app_version !== undefined ? { app_version: facts.app_version } : {}),
      }))
      .where('id', '=', id)
      .execute();
  },

  /** Adds a heartbeat's faults to the device's counts of the UTC hour of `at`, by kind. */
  async addFaults(db: Database, id: number, at: Date, faults: NonNullable<DeviceFacts['faults']>): Promise<void> {
    if (!faults.length) return;
    const hour = new Date(Math.floor(at.getTime() / 3_600_000) * 3_600_000);
    const counts = new Map<string, number>();
    for (const f of faults) counts.set(f.kind, (counts.get(f.kind) ?? 0) + f.count);
    await db
      .insertInto('device_faults')
      .values([...counts].sort().map(([kind, count]) => ({ device_id: id, hour, kind, count, last_at: at })))
      .onConflict((oc) =>
        oc.columns(['device_id', 'hour', 'kind']).doUpdateSet((eb) => ({
          count: sql<number>`least(device_faults.count::bigint + excluded.count, ${MAX_INT})`,
          last_at: eb.ref('excluded.last_at'),
        })),
      )
      .execute();
  },

  /** The campaigns in `states` on any day of [from, to] at the given locations (all: null), in loop
   * order, with clip file details. A disabled clip does not play. */
  playlist: (
    db: Database,
    { locations, from, to, states }: { locations: number[] | null; from: string; to: string; states: number[] },
  ) => {
    let q = db
      .selectFrom('campaigns')
      .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
      .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
      .innerJoin('videos', 'videos.id', 'videoclips.video_id')
      .select([
        'cl.location_id',
        'campaigns.id',
        'campaigns.sys_id',
        'campaigns.name',
        'campaigns.state',
        day('campaigns.start_date').as('start_date'),
        day('campaigns.end_date').as('end_date'),
        'campaigns.ordering',
        ...CAMPAIGN_TARGETING_COLUMNS,
        'videoclips.id as clip_id',
        'videoclips.name as clip_name',
        'videos.id as video_id',
        'videos.checksum',
        'videos.size',
        'videos.duration',
        'videos.content_type',
      ])
      .where('campaigns.state', 'in', states)
      .where('videoclips.is_active', '=', true)
      .where('campaigns.start_date', '<=', to)
      .where('campaigns.end_date', '>=', from);
    if (locations) q = q.where('cl.location_id', 'in', locations.length ? locations : [0]);
    return q.orderBy('cl.location_id').orderBy('campaigns.ordering').orderBy('campaigns.id').execute();
  },

  /** The zones of the given locations (all: null), with their overlay picture's id and size (null
   * without one). */
  zones: (db: Database, locations: number[] | null) => {
    let q = db
      .selectFrom('location_zones')
      .leftJoin('images', 'images.id', 'location_zones.overlay_image_id')
      .select(['location_zones.location_id', 'location_zones.zone_number', 'images.id', 'images.size']);
    if (locations) q = q.where('location_zones.location_id', 'in', locations.length ? locations : [0]);
    return q.execute();
  },

  /** The given locations' opening hours and loop, and their slate: the active image, shown in loop
   * time no campaign fills (null without one). */
  playlistLocations: (db: Database, locations: number[]) =>
    db
      .selectFrom('locations')
      .leftJoin('images', (join) =>
        join
          .onRef('images.object_id', '=', 'locations.id')
          .on('images.model', '=', LOCATION_MODEL)
          .on('images.is_active', '=', true),
      )
      .select([
        'locations.id',
        'locations.open_time',
        'locations.close_time',
        'locations.loop_seconds',
        'images.id as slate_id',
        'images.size as slate_size',
      ])
      .where('locations.id', 'in', locations.length ? locations : [0])
      .orderBy('locations.id')
      .execute(),

  /** Makes each version its location's current one, since `at`, unless it already is. */
  async setPlaylistVersions(db: Database, locations: number[], versions: string[], at: Date): Promise<void> {
    await sql`
      update locations l set playlist_version = v.version, playlist_version_since = ${at}
      from unnest(${locations}::int[], ${versions}::text[]) as v(id, version)
      where l.id = v.id and l.playlist_version is distinct from v.version`.execute(db);
  },

  /** The video file if it is the clip of a campaign in `states` at the location. */
  videoFor: (db: Database, { location, videoId, states }: { location: number; videoId: number; states: number[] }) =>
    db
      .selectFrom('videos')
      .select(['videos.storage_key', 'videos.content_type', 'videos.size'])
      .where('videos.id', '=', videoId)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('campaigns')
            .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
            .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
            .select('campaigns.id')
            .whereRef('videoclips.video_id', '=', 'videos.id')
            .where('cl.location_id', '=', location)
            .where('campaigns.state', 'in', states),
        ),
      )
      .executeTakeFirst(),

  /** The picture if it is the overlay of one of the location's zones, or the location's slate (its
   * active image). */
  overlayImage: (db: Database, { location, imageId }: { location: number; imageId: number }) =>
    db
      .selectFrom('images')
      .select(['images.storage_key', 'images.content_type', 'images.size'])
      .where('images.id', '=', imageId)
      .where(({ or, and, eb, exists, selectFrom }) =>
        or([
          exists(
            selectFrom('location_zones')
              .select('location_zones.id')
              .whereRef('location_zones.overlay_image_id', '=', 'images.id')
              .where('location_zones.location_id', '=', location),
          ),
          and([
            eb('images.model', '=', LOCATION_MODEL),
            eb('images.object_id', '=', location),
            eb('images.is_active', '=', true),
          ]),
        ]),
      )
      .executeTakeFirst(),

  /** The campaigns among `ids` that go to the location, with what events are checked against. */
  campaignsAt: (db: Database, location: number, ids: number[]) =>
    ids.length
      ? db
          .selectFrom('campaigns')
          .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
          .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
          .innerJoin('videos', 'videos.id', 'videoclips.video_id')
          .select([
            'campaigns.id',
            'campaigns.state',
            day('campaigns.start_date').as('start_date'),
            day('campaigns.end_date').as('end_date'),
            'campaigns.p_zones',
            zoneNumbersOf('cl.location_id').as('location_zones'),
            'campaigns.p_times_on',
            'campaigns.p_start_time',
            'campaigns.p_end_time',
            'campaigns.videoclip_id',
            'videos.duration',
            'videos.checksum',
            'campaigns.closed_at',
          ])
          .where('cl.location_id', '=', location)
          .where('campaigns.id', 'in', ids)
          .execute()
      : Promise.resolve([]),

  /** Claims the batch id for the device (false: it was sent before), having taken the device's lock of
   * plays to the end of the transaction, in the same round trip: a device's batches are written one at a
   * time, so that two of them cannot both find a play free (appendEvents inserts without ON CONFLICT);
   * other devices are not held. */
  async claimBatch(
    db: Database,
    { device, batchId, events }: { device: number; batchId: string; events: number },
  ): Promise<boolean> {
    const { rows } = await sql<{ device_id: number }>`
      with locked as (select pg_advisory_xact_lock(hashtext('device plays'), ${device}::int))
      insert into device_event_batches (device_id, batch_id, events)
      select ${device}::int, ${batchId}::uuid, ${events}::int where (select count(*) from locked) >= 0
      on conflict (device_id, batch_id) do nothing
      returning device_id`.execute(db);
    return rows.length > 0;
  },

  appendEvents,

  /** A device that reports plays from before its open period began was playing here already (history
   * sent late, or a screen registered after it started): its period starts at its first play. */
  async extendPeriodBack(db: Database, device: number, to: string): Promise<void> {
    await db
      .updateTable('device_periods')
      .set({ active_from: to })
      .where('device_id', '=', device)
      .where('active_to', 'is', null)
      .where('active_from', '>', new Date(to))
      .execute();
  },

  /** Moves the campaigns among `ids` (all of them when null) that are in `from` and match `where` to
   * `to`, once: a concurrent move waits for the row and then no longer finds it in `from`. The lock is
   * the one an update takes (no key update): a batch's rollup rows check their campaign's key with a
   * share lock at the end of the batch's statement, while holding the rows every batch adds to, and
   * must not wait there for a batch that moved the campaign and waits for those rows (a deadlock). */
  async moveStates(
    db: Database,
    { ids, from, to, endedBefore }: { ids: number[] | null; from: readonly number[]; to: number; endedBefore?: string },
  ): Promise<MovedCampaign[]> {
    if (ids !== null && !ids.length) return [];
    const { rows } = await sql<MovedCampaign>`
      with old as (
        select id, state from campaigns
        where state in (${sql.join([...from])})
          ${ids === null ? sql`` : sql`and id in (${sql.join(ids)})`}
          ${endedBefore === undefined ? sql`` : sql`and end_date < ${endedBefore}::date`}
        order by id
        for no key update
      )
      update campaigns c set state = ${to}, updated_at = now()
      from old where c.id = old.id
      returning c.id, c.name, old.state as before`.execute(db);
    return rows.map((r) => ({ id: Number(r.id), name: r.name, before: Number(r.before) }));
  },

  /** Marks active devices of active locations that have been silent since before `cutoff` offline,
   * once (the ones already marked are left alone); gives the newly marked ones. */
  async markOffline(db: Database, cutoff: Date) {
    const { rows } = await sql<{
      id: number;
      serial_number: string;
      location_id: number;
      location_name: string;
      offline_since: Date | string;
    }>`
      update devices d set last_status = ${OFFLINE_STATUS}, offline_since = d.last_status_date
      from locations l
      where l.id = d.location_id and l.is_active and d.is_active
        and d.offline_since is null and d.last_status_date < ${cutoff}
      returning d.id, d.serial_number, d.location_id, l.name as location_name, d.offline_since`.execute(db);
    return rows;
  },

  /** Active users who manage the location. */
  managersOf: async (db: Database, location: number): Promise<number[]> =>
    (
      await db
        .selectFrom('location_managers')
        .innerJoin('users', 'users.id', 'location_managers.user_id')
        .select('users.id')
        .where('location_managers.location_id', '=', location)
        .where('users.is_active', '=', true)
        .orderBy('users.id')
        .execute()
    ).map((r) => r.id),
};
