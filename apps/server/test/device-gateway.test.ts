// The device gateway: token authentication, heartbeats, the playlist (content, order, filtering and
// 1 → 2), event batches (stored row by row, rejected rows kept apart, each play stored once, rollups
// equal to the raw events, 2 → 3 → 10) and the maintenance sweep (offline devices, finished campaigns).
import crypto from 'node:crypto';
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  MAX_RETRY_AFTER_SECONDS,
  deviceGatewayEndpoints as api,
  deviceVideoUrl,
  gatewayTexts,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { runMaintenance, formatTimeIn } from '../src/modules/device-gateway/device-gateway.maintenance.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, createCampaign, day, stateOf, usableClip } from './helpers/campaign-factories.ts';
import { createUser, uniq } from './helpers/factories.ts';
import { createLocation, logOf, rowErrors } from './helpers/location-factories.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Viewer = { gender: 'm' | 'f'; age_group: number };
type Event = {
  play_id?: string;
  campaign: number;
  zone: number;
  started_at: string;
  duration_ms: number;
  viewers?: Viewer[];
};

const minutesAgo = (n: number) => new Date(NOW.getTime() - n * 60_000);

describeBackends(
  'device gateway',
  (ctx) => {
    /** A device with a token we know, on a new location (or the given one). */
    async function device({
      location,
      isActive = true,
      managers = [],
    }: { location?: number; isActive?: boolean; managers?: number[] } = {}) {
      const locationId = location ?? (await createLocation(ctx.db, { managers })).id;
      const token = crypto.randomBytes(32).toString('base64url');
      const serial = uniq('SN').toUpperCase();
      const { id } = await ctx.db
        .insertInto('devices')
        .values({
          location_id: locationId,
          serial_number: serial,
          device_type: 'screen',
          is_active: isActive,
          token_hash: crypto.createHash('sha256').update(token).digest('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, serial, token, location: locationId };
    }

    const call = (
      method: 'GET' | 'POST',
      url: string,
      token: string | null,
      body?: object,
      app: FastifyInstance = ctx.app,
    ) =>
      app.inject({
        method,
        url,
        headers: token === null ? {} : { authorization: `Bearer ${token}` },
        ...(body ? { payload: body } : {}),
      });

    const batch = (events: Event[]) => ({ batch_id: crypto.randomUUID(), events });
    const event = (campaign: number, extra: Partial<Event> = {}): Event => ({
      campaign,
      zone: 1,
      started_at: minutesAgo(30).toISOString(),
      duration_ms: 15_000,
      viewers: [],
      ...extra,
    });
    const eventsOf = async (deviceId: number) =>
      Number(
        (
          await ctx.db
            .selectFrom('device_events')
            .select(sql<number>`count(*)::int`.as('n'))
            .where('device_id', '=', deviceId)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('refuses a missing or wrong token, a disabled device and a device of a disabled location', async () => {
      const good = await device();
      const disabled = await device({ isActive: false });
      const closedLocation = await createLocation(ctx.db, { isActive: false });
      const atClosed = await device({ location: closedLocation.id });
      const cases: [string | null, string][] = [
        [null, gatewayTexts.noToken],
        [`${good.token}x`, gatewayTexts.badToken],
        [disabled.token, gatewayTexts.deviceDisabled],
        [atClosed.token, gatewayTexts.locationDisabled],
      ];
      for (const [token, detail] of cases) {
        for (const [method, url, body] of [
          ['POST', api.heartbeat, { status: 'ok' }],
          ['GET', api.playlist, undefined],
          ['POST', api.events, batch([])],
        ] as const) {
          const res = await call(method, url, token, body);
          expect(res.statusCode, `${url} ${detail}`).toBe(401);
          expect(res.json()).toEqual({ detail });
          expect(res.headers['www-authenticate']).toContain('Bearer');
        }
      }
      const basic = await ctx.app.inject({ method: 'GET', url: api.playlist, headers: { authorization: 'Basic x' } });
      expect(basic.json()).toEqual({ detail: gatewayTexts.noToken });
      expect((await call('GET', api.playlist, good.token)).statusCode).toBe(200);
    });

    it('is described in the OpenAPI document under its own tag', async () => {
      const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
        paths: Record<string, Record<string, { tags?: string[] }>>;
      }>();
      expect(doc.paths[api.heartbeat]?.post?.tags).toEqual(['device gateway']);
      expect(doc.paths[api.playlist]?.get?.tags).toEqual(['device gateway']);
      expect(doc.paths[api.events]?.post?.tags).toEqual(['device gateway']);
    });

    it('records a heartbeat without a session or CSRF token, and checks its body', async () => {
      const d = await device();
      const res = await call('POST', api.heartbeat, d.token, { status: 'error: no HDMI signal' });
      expect(res.statusCode, res.body).toBe(200);
      // server_time is stamped as the answer leaves; server_held_ms is how long the request was held.
      expect(res.json()).toEqual({ server_time: NOW.toISOString(), server_held_ms: expect.any(Number), commands: [] });
      expect(Number.isInteger(res.json().server_held_ms) && res.json().server_held_ms >= 0).toBe(true);
      // A device has no browser session: no CSRF cookie, no session expiry; the version is there.
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['x-expire-at']).toBeUndefined();
      expect(res.headers['x-imm-version']).toBeTruthy();
      const row = await ctx.db
        .selectFrom('devices')
        .select(['last_status', 'last_status_date', 'offline_since'])
        .where('id', '=', d.id)
        .executeTakeFirstOrThrow();
      expect(row.last_status).toBe('error: no HDMI signal');
      expect(new Date(row.last_status_date!).toISOString()).toBe(NOW.toISOString());
      expect(row.offline_since).toBeNull();

      const missing = await call('POST', api.heartbeat, d.token, {});
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json())).toEqual(['status']);
      const long = await call('POST', api.heartbeat, d.token, { status: 'x'.repeat(101) });
      expect(long.statusCode).toBe(400);
    });

    it('gives the playlist of today in loop order, filtered, and marks Approved campaigns Sent once', async () => {
      const d = await device();
      const other = await device();
      const clip = await usableClip(ctx.db);
      const at = (state: number, extra: Partial<Parameters<typeof createCampaign>[1]> = {}) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state, ...extra });
      const approved = await at(1, { ordering: 2, zones: [1, 2] });
      const active = await at(3, { ordering: 1 });
      const viewed = await at(10, { ordering: 2 });
      const sent = await at(2, { ordering: 5, start: day(-3), end: TODAY });
      // Not played: not approved, rejected, closed, ended, not started, another location.
      await at(0);
      await at(98);
      await at(99);
      await at(1, { start: day(-5), end: day(-1) });
      await at(1, { start: day(1), end: day(5) });
      await createCampaign(ctx.db, { videoclip: clip.id, locations: [other.location], state: 1 });

      // Zone 2 of the location has an overlay picture; the approved campaign asks for it.
      const { id: imageId } = await ctx.db
        .insertInto('images')
        .values({
          model: 'locationzone',
          object_id: 0,
          storage_key: 'images/overlay.png',
          content_type: 'image/png',
          width: 10,
          height: 10,
          size: 123,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .updateTable('location_zones')
        .set({ overlay_image_id: imageId })
        .where('location_id', '=', d.location)
        .where('zone_number', '=', 2)
        .execute();
      await ctx.db
        .updateTable('campaigns')
        .set({ p_zones_overlay: [2] })
        .where('id', '=', approved.id)
        .execute();

      const res = await call('GET', api.playlist, d.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<PlaylistResponse>();
      expect(body).toMatchObject({ date: TODAY, time_zone: 'UTC', location: { id: d.location } });
      expect(body.campaigns.map((c) => c.id)).toEqual([active.id, approved.id, viewed.id, sent.id]);
      const first = body.campaigns.find((c) => c.id === approved.id)!;
      const video = await ctx.db
        .selectFrom('videoclips')
        .innerJoin('videos', 'videos.id', 'videoclips.video_id')
        .select(['videos.id', 'videos.checksum', 'videos.size', 'videos.duration'])
        .where('videoclips.id', '=', clip.id)
        .executeTakeFirstOrThrow();
      expect(first).toMatchObject({
        state: 2,
        zones: [1, 2],
        overlays: [{ zone: 2, url: `${api.images}${imageId}/`, size: 123 }],
        p_times_on: false,
        p_gender_on: false,
        p_age_on: false,
        clip: {
          id: clip.id,
          url: deviceVideoUrl(video.id),
          checksum: video.checksum,
          size: Number(video.size),
          duration: Number(video.duration),
        },
      });
      expect(await stateOf(ctx.db, approved.id)).toBe(2);
      expect(await stateOf(ctx.db, active.id)).toBe(3);
      expect(await logOf(ctx.db, 'campaign', approved.id)).toEqual([
        { action_flag: ActionFlag.Information, change_message: gatewayTexts.sentToDevice(d.serial), user_id: null },
      ]);

      // Another fetch (by this or another device of the location) moves nothing again.
      const again = await device({ location: d.location });
      await call('GET', api.playlist, again.token);
      await call('GET', api.playlist, d.token);
      expect(await logOf(ctx.db, 'campaign', approved.id)).toHaveLength(1);

      // The clip file is the device's to fetch; a clip of no campaign of its location is not.
      const file = await call('GET', first.clip.url, d.token);
      expect(file.statusCode).not.toBe(401);
      const foreign = await usableClip(ctx.db);
      const foreignVideo = await ctx.db
        .selectFrom('videoclips')
        .select('video_id')
        .where('id', '=', foreign.id)
        .executeTakeFirstOrThrow();
      const refused = await call('GET', deviceVideoUrl(foreignVideo.video_id), d.token);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: gatewayTexts.notInPlaylist });
      expect((await call('GET', first.clip.url, null)).statusCode).toBe(401);
    });

    it('stores a valid batch once: a repeated batch id is a duplicate', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10, zones: [1, 3] });
      const body = batch([
        event(c.id, { viewers: [{ gender: 'f', age_group: 2 }] }),
        event(c.id, { zone: 3, duration_ms: 0 }),
      ]);
      const res = await call('POST', api.events, d.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: 2, duplicate: false, duplicates: 0, rejected: [] });
      expect(await eventsOf(d.id)).toBe(2);

      const repeat = await call('POST', api.events, d.token, body);
      expect(repeat.statusCode).toBe(200);
      expect(repeat.json()).toEqual({ accepted: 0, duplicate: true, duplicates: 2, rejected: [] });
      expect(await eventsOf(d.id)).toBe(2);
      const totals = await ctx.db
        .selectFrom('event_statistics_hourly')
        .select([sql<number>`sum(plays)::int`.as('plays'), sql<number>`sum(viewers)::int`.as('viewers')])
        .where('campaign_id', '=', c.id)
        .where('gender', '=', '')
        .executeTakeFirstOrThrow();
      expect(totals).toEqual({ plays: 2, viewers: 1 });

      // The same batch id from another device is that device's own batch.
      const other = await device({ location: d.location });
      expect((await call('POST', api.events, other.token, body)).json()).toEqual({
        accepted: 2,
        duplicate: false,
        duplicates: 0,
        rejected: [],
      });
    });

    it('stores a batch with fields it does not know, as zod reads it (beside the plain form)', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10 });
      const unknown = {
        ...event(c.id, { viewers: [{ gender: 'm', age_group: 1 }], started_at: minutesAgo(31).toISOString() }),
        mood: 'sunny',
      } as Event;
      const body = batch([event(c.id), unknown]);
      const res = await call('POST', api.events, d.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: 2, duplicate: false, duplicates: 0, rejected: [] });
      expect(await eventsOf(d.id)).toBe(2);
    });

    it('stores the acceptable rows of a batch and rejects the others one by one, naming each field', async () => {
      const d = await device();
      const elsewhere = await device();
      const clip = await usableClip(ctx.db);
      const mine = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 3, zones: [1] });
      const theirs = await createCampaign(ctx.db, { videoclip: clip.id, locations: [elsewhere.location], state: 3 });
      const notApproved = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 0 });
      const body = batch([
        event(mine.id),
        event(999_999_999),
        event(theirs.id),
        event(mine.id, { zone: 2 }),
        event(mine.id, {
          viewers: [
            { gender: 'm', age_group: 1 },
            { gender: 'f', age_group: 99 },
          ],
        }),
        event(notApproved.id),
        event(mine.id, { started_at: new Date(NOW.getTime() + 3_600_000).toISOString() }),
      ]);
      const res = await call('POST', api.events, d.token, body);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ accepted: 1, duplicate: false, duplicates: 0 });
      expect(rowErrors(res.json())).toEqual({
        'events.1.campaign': [gatewayTexts.unknownCampaign],
        'events.2.campaign': [gatewayTexts.unknownCampaign],
        'events.3.zone': [gatewayTexts.zoneNotPlayed],
        'events.4.viewers.1.age_group': [gatewayTexts.unknownAgeGroup],
        'events.5.campaign': [gatewayTexts.unknownCampaign],
        'events.6.started_at': [gatewayTexts.inFuture],
      });
      expect(await eventsOf(d.id)).toBe(1);

      // A body that is not a batch (its envelope, or a row the schema cannot read) is still refused
      // whole, naming each field by its path.
      const shape = await call('POST', api.events, d.token, {
        batch_id: 'not-a-uuid',
        events: [{ campaign: mine.id, zone: 1, started_at: 'yesterday', duration_ms: -1, viewers: [{ gender: 'x' }] }],
      });
      expect(shape.statusCode).toBe(400);
      expect(Object.keys(shape.json()).sort()).toEqual([
        'batch_id',
        'events.0.duration_ms',
        'events.0.started_at',
        'events.0.viewers.0.age_group',
        'events.0.viewers.0.gender',
      ]);
      const badIdBody = batch([event(mine.id, { play_id: 'play-1', started_at: minutesAgo(5).toISOString() })]);
      const badId = await call('POST', api.events, d.token, badIdBody);
      expect(badId.statusCode).toBe(400);
      expect(Object.keys(badId.json())).toEqual(['events.0.play_id']);
      const tooMany = await call(
        'POST',
        api.events,
        d.token,
        batch(Array.from({ length: 1001 }, () => event(mine.id))),
      );
      expect(tooMany.statusCode).toBe(400);
      const notAList = await call('POST', api.events, d.token, { batch_id: crypto.randomUUID(), events: {} });
      expect(notAList.statusCode).toBe(400);
      expect(await eventsOf(d.id)).toBe(1);
      // Nothing of a refused batch was claimed: the corrected batch goes through under its id.
      const fixed = await call('POST', api.events, d.token, {
        ...badIdBody,
        events: [{ ...badIdBody.events[0]!, play_id: crypto.randomUUID() }],
      });
      expect(fixed.json()).toEqual({ accepted: 1, duplicate: false, duplicates: 0, rejected: [] });
    });

    it('stores the other rows of a batch with a play of a deleted campaign, and keeps the rejected one', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const kept = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10 });
      const deleted = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10 });
      await ctx.db.deleteFrom('campaign_locations').where('campaign_id', '=', deleted.id).execute();
      await ctx.db.deleteFrom('campaigns').where('id', '=', deleted.id).execute();
      const ids = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
      const body = batch([
        event(kept.id, { play_id: ids[0] }),
        event(deleted.id, { play_id: ids[1], started_at: minutesAgo(20).toISOString() }),
        event(kept.id, { play_id: ids[2], started_at: minutesAgo(10).toISOString() }),
      ]);
      const res = await call('POST', api.events, d.token, body);
      expect(res.statusCode, res.body).toBe(200);
      const rejected = [{ index: 1, play_id: ids[1], field: 'campaign', reason: gatewayTexts.unknownCampaign }];
      expect(res.json()).toEqual({ accepted: 2, duplicate: false, duplicates: 0, rejected });
      expect(await eventsOf(d.id)).toBe(2);
      const kept1 = await ctx.db.selectFrom('rejected_plays').selectAll().where('device_id', '=', d.id).execute();
      expect(kept1).toHaveLength(1);
      expect(kept1[0]).toMatchObject({
        location_id: d.location,
        batch_id: body.batch_id,
        row_index: 1,
        play_id: ids[1],
        campaign_id: deleted.id,
        field: 'campaign',
        reason: gatewayTexts.unknownCampaign,
      });
      expect(kept1[0]!.event).toMatchObject({ campaign: deleted.id, play_id: ids[1], zone: 1 });

      // Sent again (the answer was lost): nothing new is rejected or kept, the answer is the same.
      const again = await call('POST', api.events, d.token, body);
      expect(again.json()).toEqual({ accepted: 0, duplicate: true, duplicates: 2, rejected });
      expect(
        await ctx.db.selectFrom('rejected_plays').select('id').where('device_id', '=', d.id).execute(),
      ).toHaveLength(1);
    });

    it('stores a play once whatever batch carries it: by play_id, or by device, campaign, zone and start', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10 });
      const withIds = [0, 1, 2].map((i) =>
        event(c.id, { play_id: crypto.randomUUID(), started_at: minutesAgo(40 + i).toISOString() }),
      );
      const withoutIds = [0, 1].map((i) => event(c.id, { started_at: minutesAgo(50 + i).toISOString() }));
      const first = await call('POST', api.events, d.token, batch([...withIds, ...withoutIds]));
      expect(first.json()).toEqual({ accepted: 5, duplicate: false, duplicates: 0, rejected: [] });
      // The same plays re-batched under another id, in another order: acknowledged, not stored again.
      const second = await call('POST', api.events, d.token, batch([...withoutIds, ...withIds].reverse()));
      expect(second.json()).toEqual({ accepted: 0, duplicate: false, duplicates: 5, rejected: [] });
      expect(await eventsOf(d.id)).toBe(5);

      // A play id used again with other content (another start, zone, length) is that play again.
      const reused = event(c.id, { play_id: withIds[0]!.play_id, started_at: minutesAgo(7).toISOString() });
      const sameStart = event(c.id, { play_id: withIds[1]!.play_id, duration_ms: 1_000 });
      Object.assign(sameStart, { started_at: withIds[1]!.started_at });
      const third = await call('POST', api.events, d.token, batch([reused, { ...sameStart, zone: 1 }]));
      expect(third.json()).toEqual({ accepted: 0, duplicate: false, duplicates: 2, rejected: [] });
      // …and twice in one batch, once.
      const twice = crypto.randomUUID();
      const fourth = await call(
        'POST',
        api.events,
        d.token,
        batch([
          event(c.id, { play_id: twice, started_at: minutesAgo(3).toISOString() }),
          event(c.id, { play_id: twice, started_at: minutesAgo(2).toISOString() }),
        ]),
      );
      expect(fourth.json()).toEqual({ accepted: 1, duplicate: false, duplicates: 1, rejected: [] });
      expect(await eventsOf(d.id)).toBe(6);
      const plays = await ctx.db
        .selectFrom('event_statistics_hourly')
        .select(sql<number>`sum(plays)::int`.as('plays'))
        .where('campaign_id', '=', c.id)
        .where('gender', '=', '')
        .executeTakeFirstOrThrow();
      expect(plays.plays).toBe(6);
      // Another device may use the same play ids: they are its own plays.
      const other = await device({ location: d.location });
      const theirs = await call('POST', api.events, other.token, batch(withIds));
      expect(theirs.json()).toEqual({ accepted: 3, duplicate: false, duplicates: 0, rejected: [] });
    });

    it('takes a play id used again more than PLAY_ID_REACH from its first start as another play', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const c = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [d.location],
        state: 10,
        start: day(-5),
      });
      const id = crypto.randomUUID();
      const at = (minutes: number) => event(c.id, { play_id: id, started_at: minutesAgo(minutes).toISOString() });
      expect((await call('POST', api.events, d.token, batch([at(3 * 24 * 60)]))).json()).toMatchObject({ accepted: 1 });
      // Within a day of it (a clock put right): the same play.
      const near = await call('POST', api.events, d.token, batch([at(2 * 24 * 60 + 10)]));
      expect(near.json()).toMatchObject({ accepted: 0, duplicates: 1 });
      // Two days on: a play of its own (the look-up reaches a day either side, one partition mostly).
      const far = await call('POST', api.events, d.token, batch([at(24 * 60 - 10)]));
      expect(far.json()).toMatchObject({ accepted: 1, duplicates: 0 });
      expect(await eventsOf(d.id)).toBe(2);
    });

    it('rejects a play in a zone the screen does not show', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const c = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 10, zones: [1, 3] });
      await ctx.db
        .updateTable('devices')
        .set({ zones: [1] })
        .where('id', '=', d.id)
        .execute();
      const answer = await call('POST', api.events, d.token, batch([event(c.id), event(c.id, { zone: 3 })]));
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        accepted: 1,
        duplicate: false,
        duplicates: 0,
        rejected: [{ index: 1, play_id: null, field: 'zone', reason: gatewayTexts.zoneNotShown }],
      });
    });

    it('moves a campaign to Active on its first play and to Viewed on its first viewer, logging each', async () => {
      const d = await device();
      const clip = await usableClip(ctx.db);
      const sent = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 2 });
      await call('POST', api.events, d.token, batch([event(sent.id)]));
      expect(await stateOf(ctx.db, sent.id)).toBe(3);
      await call('POST', api.events, d.token, batch([event(sent.id)]));
      await call('POST', api.events, d.token, batch([event(sent.id, { viewers: [{ gender: 'm', age_group: 3 }] })]));
      expect(await stateOf(ctx.db, sent.id)).toBe(10);
      await call('POST', api.events, d.token, batch([event(sent.id, { viewers: [{ gender: 'm', age_group: 3 }] })]));
      expect(await logOf(ctx.db, 'campaign', sent.id)).toEqual([
        { action_flag: ActionFlag.Information, change_message: gatewayTexts.playedOnDevice(d.serial), user_id: null },
        { action_flag: ActionFlag.Information, change_message: gatewayTexts.viewedOnDevice(d.serial), user_id: null },
      ]);

      // An approved campaign watched before any fetch goes 1 → 3 → 10; a finished one stays closed.
      const approved = await createCampaign(ctx.db, { videoclip: clip.id, locations: [d.location], state: 1 });
      const finished = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [d.location],
        state: 99,
        start: day(-3),
      });
      const viewers = [{ gender: 'f' as const, age_group: 1 }];
      const res = await call(
        'POST',
        api.events,
        d.token,
        batch([event(approved.id, { viewers }), event(finished.id, { viewers })]),
      );
      expect(res.json()).toEqual({ accepted: 2, duplicate: false, duplicates: 0, rejected: [] });
      expect(await stateOf(ctx.db, approved.id)).toBe(10);
      expect((await logOf(ctx.db, 'campaign', approved.id)).map((e) => e.change_message)).toEqual([
        gatewayTexts.playedOnDevice(d.serial),
        gatewayTexts.viewedOnDevice(d.serial),
      ]);
      expect(await stateOf(ctx.db, finished.id)).toBe(99);
    });

    it('keeps hourly rollups whose totals equal the raw events, by day in the time zone', async () => {
      // A half-hour time zone: the local hour is not the UTC hour.
      const timeZone = 'Asia/Kolkata';
      const app = await ctx.buildApp({ ...clockConfig, timeZone });
      const d = await device();
      const clip = await usableClip(ctx.db);
      const campaigns: { id: number; name: string }[] = [];
      for (let i = 0; i < 3; i++) {
        campaigns.push(
          await createCampaign(ctx.db, {
            videoclip: clip.id,
            locations: [d.location],
            state: 3,
            start: day(-10),
            zones: [1, 2, 3],
          }),
        );
      }
      let seed = 42;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      // Each a millisecond apart besides: a device plays a campaign in a zone once at one instant.
      const events: Event[] = Array.from({ length: 400 }, (_, i) => ({
        campaign: campaigns[random(3)]!.id,
        zone: 1 + random(3),
        started_at: new Date(minutesAgo(random(5 * 24 * 60)).getTime() - i).toISOString(),
        duration_ms: random(60_000),
        viewers: Array.from({ length: random(5) }, () => ({
          gender: random(2) ? ('m' as const) : ('f' as const),
          age_group: 1 + random(7),
        })),
      }));
      for (let i = 0; i < events.length; i += 100) {
        const res = await call('POST', api.events, d.token, batch(events.slice(i, i + 100)), app);
        expect(res.json()).toEqual({ accepted: 100, duplicate: false, duplicates: 0, rejected: [] });
      }
      const ids = campaigns.map((c) => c.id);
      const byKey = <T extends { k: string }>(rows: T[]) =>
        Object.fromEntries(rows.map(({ k, ...rest }) => [k, Object.values(rest).map(Number)]));
      const localDay = (column: string) => sql`to_char(${sql.ref(column)} at time zone ${timeZone}, 'YYYY-MM-DD')`;

      const rawPlays = await sql<{ k: string; plays: number; viewers: number; ms: number }>`
        select campaign_id || ' ' || ${localDay('started_at')} as k,
          count(*) as plays, sum(viewers) as viewers, sum(duration_ms) as ms
        from device_events where campaign_id in (${sql.join(ids)}) group by 1`.execute(ctx.db);
      const rolledPlays = await sql<{ k: string; plays: number; viewers: number; ms: number }>`
        select campaign_id || ' ' || ${localDay('hour')} as k,
          sum(plays) as plays, sum(viewers) as viewers, sum(play_ms) as ms
        from event_statistics_hourly where campaign_id in (${sql.join(ids)}) and gender = '' group by 1`.execute(
        ctx.db,
      );
      expect(byKey(rolledPlays.rows)).toEqual(byKey(rawPlays.rows));
      expect(rawPlays.rows.reduce((n, r) => n + Number(r.plays), 0)).toBe(400);

      const rawAudience = await sql<{ k: string; viewers: number; plays: number }>`
        select e.campaign_id || ' ' || ${localDay('e.started_at')} || ' ' || a.key as k,
          sum(a.value::int) as viewers, count(*) as plays
        from device_events e cross join lateral jsonb_each_text(e.audience) a
        where e.campaign_id in (${sql.join(ids)}) group by 1`.execute(ctx.db);
      const rolledAudience = await sql<{ k: string; viewers: number; plays: number }>`
        select campaign_id || ' ' || ${localDay('hour')} || ' ' || gender || ':' || age_group as k,
          sum(viewers) as viewers, sum(plays) as plays
        from event_statistics_hourly where campaign_id in (${sql.join(ids)}) and gender <> '' group by 1`.execute(
        ctx.db,
      );
      expect(byKey(rolledAudience.rows)).toEqual(byKey(rawAudience.rows));
      // Checked against the events as sent, too: every viewer is counted once.
      const sentViewers = events.reduce((n, e) => n + (e.viewers?.length ?? 0), 0);
      expect(rolledAudience.rows.reduce((n, r) => n + Number(r.viewers), 0)).toBe(sentViewers);
    });

    /** A location with `devices` devices and a campaign running there in zones 1–3 since ten days ago. */
    async function busyLocation(devices: number) {
      const first = await device();
      const others = [];
      for (let i = 1; i < devices; i++) others.push(await device({ location: first.location }));
      const clip = await usableClip(ctx.db);
      const campaign = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [first.location],
        state: 3,
        start: day(-10),
        zones: [1, 2, 3],
      });
      return { devices: [first, ...others], campaign };
    }
    const playsOf = (campaign: number, n: number, offset = 0) =>
      Array.from({ length: n }, (_, i) =>
        event(campaign, { zone: 1 + (i % 3), started_at: minutesAgo(offset + i).toISOString() }),
      );
    /** The campaign's plays as its hourly rollup rows count them. */
    const hourlyPlaysOf = async (campaign: number) =>
      (
        await ctx.db
          .selectFrom('event_statistics_hourly')
          .select(sql<number>`sum(plays)::int`.as('plays'))
          .where('campaign_id', '=', campaign)
          .where('gender', '=', '')
          .executeTakeFirstOrThrow()
      ).plays;
    const metricOf = async (app: FastifyInstance, name: string) => {
      const res = await app.inject({ method: 'GET', url: '/metrics' });
      return Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(res.body)?.[1]);
    };

    it('writes batches posted at once in turns (INGEST_CONCURRENCY): each stored once, the rollups exact', async () => {
      const app = await ctx.buildApp({ ...clockConfig, ingestConcurrency: 1 });
      const { devices, campaign } = await busyLocation(3);
      const bodies = devices.flatMap((d, i) =>
        [0, 1].map((b) => ({ d, body: batch(playsOf(campaign.id, 20, i * 100 + b * 20)) })),
      );
      const answers = await Promise.all(bodies.map(({ d, body }) => call('POST', api.events, d.token, body, app)));
      expect(answers.map((a) => a.json())).toEqual(
        bodies.map(() => ({ accepted: 20, duplicate: false, duplicates: 0, rejected: [] })),
      );
      for (const d of devices) expect(await eventsOf(d.id)).toBe(40);
      expect(await hourlyPlaysOf(campaign.id)).toBe(120);
      expect(await metricOf(app, 'marquee_device_batches_writing')).toBe(0);
      expect(await metricOf(app, 'marquee_device_batches_waiting')).toBe(0);
    });

    it('takes a batch in until its connection closes: an upload cut short gives its place back', async () => {
      // Nothing waits: the gateway takes one batch at a time.
      const app = await ctx.buildApp({ ...clockConfig, ingestConcurrency: 1, ingestQueueLimit: 0 });
      const { devices, campaign } = await busyLocation(2);
      const [slow, other] = devices;
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      let upload: http.ClientRequest | undefined;
      try {
        // An upload that sends its headers and part of its body, then stalls: taken in, it holds the place.
        upload = http.request(`${address}${api.events}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${slow!.token}`,
            'content-type': 'application/json',
            'content-length': '100000',
          },
        });
        upload.on('error', () => {});
        upload.write('{"batch_id": "');
        const inGateway = () => metricOf(app, 'marquee_device_batches_in_gateway');
        const inGatewayUntil = async (n: number) => {
          for (let i = 0; i < 200 && (await inGateway()) !== n; i++) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
          return inGateway();
        };
        /** A body that is not JSON: 400 when taken in, 503 while the gateway is full. */
        const probe = async () =>
          (
            await app.inject({
              method: 'POST',
              url: api.events,
              headers: { authorization: `Bearer ${other!.token}`, 'content-type': 'application/json' },
              payload: '{',
            })
          ).statusCode;
        expect(await inGatewayUntil(1)).toBe(1);
        expect(await probe()).toBe(503);
        upload.destroy();
        expect(await inGatewayUntil(0)).toBe(0);
        expect(await probe()).toBe(400);
        const stored = await call('POST', api.events, other!.token, batch(playsOf(campaign.id, 3)), app);
        expect(stored.json()).toEqual({ accepted: 3, duplicate: false, duplicates: 0, rejected: [] });
      } finally {
        upload?.destroy();
        await app.close();
      }
    });

    it('stores a batch its device sends twice at once only once', async () => {
      const { devices, campaign } = await busyLocation(1);
      const d = devices[0]!;
      // The first batch opens the device's period; the next one is the usual kind.
      expect((await call('POST', api.events, d.token, batch(playsOf(campaign.id, 1, 60)))).statusCode).toBe(200);
      const body = batch(playsOf(campaign.id, 4));
      const answers = await Promise.all([1, 2].map(() => call('POST', api.events, d.token, body)));
      expect(answers.map((a) => a.json()).sort((a, b) => Number(a.duplicate) - Number(b.duplicate))).toEqual([
        { accepted: 4, duplicate: false, duplicates: 0, rejected: [] },
        { accepted: 0, duplicate: true, duplicates: 4, rejected: [] },
      ]);
      expect(await eventsOf(d.id)).toBe(5);
      expect(await hourlyPlaysOf(campaign.id)).toBe(5);
    });

    it('stores the same plays sent at once under two batch ids once, with and without play ids', async () => {
      const { devices, campaign } = await busyLocation(1);
      const d = devices[0]!;
      expect((await call('POST', api.events, d.token, batch(playsOf(campaign.id, 1, 60)))).statusCode).toBe(200);
      const withIds = playsOf(campaign.id, 4, 10).map((e) => ({ ...e, play_id: crypto.randomUUID() }));
      for (const plays of [playsOf(campaign.id, 4), withIds]) {
        // Plays are written one batch of a device at a time: the second finds the first's plays stored.
        const answers = await Promise.all(
          [batch(plays), batch(plays)].map((b) => call('POST', api.events, d.token, b)),
        );
        expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
        expect(answers.map((a) => (a.json() as { accepted: number }).accepted).sort()).toEqual([0, 4]);
      }
      expect(await eventsOf(d.id)).toBe(9);
      expect(await hourlyPlaysOf(campaign.id)).toBe(9);
    });

    // PostgreSQL only: a transaction of the test's holds a rollup table while the batches arrive (on
    // PGlite's one connection it would hold up every query of the batches, not only their writing).
    if (ctx.backend === 'postgres') {
      it('writes at most INGEST_CONCURRENCY batches at once; the others wait their turn (metrics)', async () => {
        const app = await ctx.buildApp({ ...clockConfig, ingestConcurrency: 2 });
        const { devices, campaign } = await busyLocation(4);
        let answers: Promise<{ json(): unknown }[]> | undefined;
        let seen = { writing: 0, waiting: 0 };
        await ctx.db.transaction().execute(async (trx) => {
          await sql`lock table event_statistics_network_hourly in share mode`.execute(trx);
          answers = Promise.all(
            devices.map((d, i) => call('POST', api.events, d.token, batch(playsOf(campaign.id, 5, i * 10)), app)),
          );
          for (let i = 0; i < 200 && (seen.writing !== 2 || seen.waiting !== 2); i++) {
            await new Promise((resolve) => setTimeout(resolve, 25));
            seen = {
              writing: await metricOf(app, 'marquee_device_batches_writing'),
              waiting: await metricOf(app, 'marquee_device_batches_waiting'),
            };
          }
        });
        expect(seen).toEqual({ writing: 2, waiting: 2 });
        expect((await answers!).map((a) => a.json())).toEqual(
          devices.map(() => ({ accepted: 5, duplicate: false, duplicates: 0, rejected: [] })),
        );
        expect(await metricOf(app, 'marquee_device_batches_writing')).toBe(0);
        expect(await metricOf(app, 'marquee_device_batches_waiting')).toBe(0);
      });

      it('answers 503 with Retry-After, before reading the body, while the gateway has all the batches it takes', async () => {
        // One written at a time and one more taken in.
        const app = await ctx.buildApp({ ...clockConfig, ingestConcurrency: 1, ingestQueueLimit: 1 });
        const { devices, campaign } = await busyLocation(4);
        const [, second, third, malformed] = devices;
        const bodies = devices.map((_, i) => batch(playsOf(campaign.id, 5, i * 10)));
        const post = (i: number) => call('POST', api.events, devices[i]!.token, bodies[i], app);
        const metrics = async () => ({
          writing: await metricOf(app, 'marquee_device_batches_writing'),
          waiting: await metricOf(app, 'marquee_device_batches_waiting'),
        });
        const until = async (wanted: { writing: number; waiting: number }) => {
          let seen = await metrics();
          for (let i = 0; i < 200 && (seen.writing !== wanted.writing || seen.waiting !== wanted.waiting); i++) {
            await new Promise((resolve) => setTimeout(resolve, 25));
            seen = await metrics();
          }
          return seen;
        };
        let written: Promise<Awaited<ReturnType<typeof call>>> | undefined;
        let both: Promise<Awaited<ReturnType<typeof call>>[]> | undefined;
        let unread: Awaited<ReturnType<typeof call>> | undefined;
        let stranger: Awaited<ReturnType<typeof call>> | undefined;
        const seen: { writing: number; waiting: number }[] = [];
        await ctx.db.transaction().execute(async (trx) => {
          await sql`lock table event_statistics_network_hourly in share mode`.execute(trx);
          written = post(0);
          seen.push(await until({ writing: 1, waiting: 0 }));
          // Two at once: one is taken in (and waits its turn), the other refused.
          both = Promise.all([post(1), post(2)]);
          seen.push(await until({ writing: 1, waiting: 1 }));
          // Full: a body that is not even JSON is not read (503, not 400)…
          unread = await app.inject({
            method: 'POST',
            url: api.events,
            headers: { authorization: `Bearer ${malformed!.token}`, 'content-type': 'application/json' },
            payload: '{"batch_id": ',
          });
          // … nor is the token looked up: a stranger learns only that the server is busy.
          stranger = await call('POST', api.events, 'no-such-token', bodies[3], app);
        });
        expect(seen).toEqual([
          { writing: 1, waiting: 0 },
          { writing: 1, waiting: 1 },
        ]);
        const answers = await both!;
        expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 503]);
        const refusedIndex = answers.findIndex((a) => a.statusCode === 503);
        for (const answer of [answers[refusedIndex]!, unread!, stranger!]) {
          expect(answer.statusCode).toBe(503);
          expect(answer.json()).toEqual({ detail: gatewayTexts.busy });
          const seconds = Number(answer.headers['retry-after']);
          expect(Number.isInteger(seconds) && seconds >= 1 && seconds <= MAX_RETRY_AFTER_SECONDS).toBe(true);
        }
        expect(await metricOf(app, 'marquee_device_batches_refused_total')).toBe(3);
        // Once there is room, the stranger's token is checked (and its place given back at once).
        expect((await call('POST', api.events, 'no-such-token', bodies[3], app)).statusCode).toBe(401);
        expect((await written!).json()).toEqual({ accepted: 5, duplicate: false, duplicates: 0, rejected: [] });
        expect(answers[1 - refusedIndex]!.json()).toEqual({
          accepted: 5,
          duplicate: false,
          duplicates: 0,
          rejected: [],
        });
        // Nothing of the refused batch was stored; sent again, the same batch is stored once.
        const refused = [second!, third!][refusedIndex]!;
        expect(await eventsOf(refused.id)).toBe(0);
        expect((await post(1 + refusedIndex)).json()).toEqual({
          accepted: 5,
          duplicate: false,
          duplicates: 0,
          rejected: [],
        });
        expect(await eventsOf(refused.id)).toBe(5);
        expect(await hourlyPlaysOf(campaign.id)).toBe(15);
        expect(await metrics()).toEqual({ writing: 0, waiting: 0 });
      });
    }

    it('sweeps: marks silent devices offline once, tells managers, and finishes ended campaigns', async () => {
      const manager = await createUser(ctx.db);
      const location = await createLocation(ctx.db, { managers: [manager.id] });
      const silent = await device({ location: location.id });
      const recent = await device({ location: location.id });
      const never = await device({ location: location.id });
      await ctx.db
        .updateTable('devices')
        .set({ last_status: 'ok', last_status_date: minutesAgo(11) })
        .where('id', '=', silent.id)
        .execute();
      await ctx.db
        .updateTable('devices')
        .set({ last_status: 'ok', last_status_date: minutesAgo(5) })
        .where('id', '=', recent.id)
        .execute();
      const clip = await usableClip(ctx.db);
      const ended = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 3,
        start: day(-5),
        end: day(-1),
      });
      const endedNew = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 0,
        start: day(-5),
        end: day(-1),
      });
      const endsToday = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 1,
        end: TODAY,
      });

      // All the app's jobs (the maintenance sweep, screen health and alerts), twice: once is enough.
      await ctx.app.jobs.run();
      await ctx.app.jobs.run();

      const statusOf = (id: number) =>
        ctx.db
          .selectFrom('devices')
          .select(['last_status', 'offline_since'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
      const marked = await statusOf(silent.id);
      expect(marked.last_status).toBe('offline');
      expect(new Date(marked.offline_since!).toISOString()).toBe(minutesAgo(11).toISOString());
      expect((await statusOf(recent.id)).offline_since).toBeNull();
      expect((await statusOf(never.id)).offline_since).toBeNull();

      const since = formatTimeIn(minutesAgo(11), ctx.config.timeZone);
      expect(since).toBe('2030-06-15 11:49');
      const inbox = await ctx.db
        .selectFrom('messages')
        .select(['importance', 'content'])
        .where('user_id', '=', manager.id)
        .execute();
      // One message, from the alert the outage opened during opening hours, naming the campaign at risk.
      expect(inbox).toHaveLength(1);
      expect(inbox[0]!.importance).toBe('warning');
      expect(inbox[0]!.content).toMatch(
        new RegExp(
          `^${escapeRegExp(gatewayTexts.offlineMessage(silent.serial, location.name, since))} Campaigns at risk: `,
        ),
      );
      expect(inbox[0]!.content).toContain(endsToday.name);
      expect(await logOf(ctx.db, 'device', silent.id)).toEqual([
        { action_flag: ActionFlag.Warning, change_message: gatewayTexts.offlineEntry(since), user_id: null },
      ]);

      // Reporting again makes it online; going silent again is a new offline spell.
      await call('POST', api.heartbeat, silent.token, { status: 'ok' });
      expect(await statusOf(silent.id)).toEqual({ last_status: 'ok', offline_since: null });
      expect((await logOf(ctx.db, 'device', silent.id)).at(-1)).toMatchObject({
        action_flag: ActionFlag.Information,
        change_message: gatewayTexts.backOnline,
      });
      // The next sweep closes its alert (a message saying so); silent again later is a new incident.
      await ctx.app.jobs.run();
      const later = await ctx.buildApp({ ...clockConfig, now: () => new Date(NOW.getTime() + 11 * 60_000) });
      await later.jobs.run();
      await runMaintenance(ctx.db, { ...ctx.config, now: () => new Date(NOW.getTime() + 11 * 60_000) });
      expect((await statusOf(silent.id)).last_status).toBe('offline');
      const contents = (
        await ctx.db.selectFrom('messages').select('content').where('user_id', '=', manager.id).execute()
      ).map((m) => m.content);
      expect(contents.filter((c) => c.includes(silent.serial))).toHaveLength(3);
      expect(contents.filter((c) => c.includes(silent.serial) && c.startsWith('Resolved at '))).toHaveLength(1);
      expect(contents.filter((c) => c.includes(recent.serial))).toHaveLength(1);

      expect(await stateOf(ctx.db, ended.id)).toBe(99);
      expect(await stateOf(ctx.db, endedNew.id)).toBe(99);
      expect(await stateOf(ctx.db, endsToday.id)).toBe(1);
      expect(await logOf(ctx.db, 'campaign', ended.id)).toEqual([
        { action_flag: ActionFlag.Information, change_message: gatewayTexts.finished, user_id: null },
      ]);
    });
  },
  { config: clockConfig },
);
