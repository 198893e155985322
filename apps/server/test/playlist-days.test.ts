// The playlist for days (`?days=N`): per local day its opening hours (as local times and instants),
// loop and campaigns, across midnight and a change of clocks; the location's slate picture, served to
// its devices only; the version and ETag over the whole horizon.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  DEFAULT_PLAYLIST_DAYS,
  deviceGatewayEndpoints as gateway,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import type { Image } from '@marquee/contracts/images';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { createCampaign, usableClip } from './helpers/campaign-factories.ts';
import { asUser } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';
import { multipart } from './helpers/multipart.ts';

const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-playlist-days-'));
afterAll(() => fs.rmSync(mediaDir, { recursive: true, force: true }));

describeBackends(
  'playlist days',
  (ctx) => {
    /** The clock of `berlin` (Europe/Berlin): moved by the tests. */
    let clock = Date.parse('2030-10-26T21:30:00Z');
    let berlin: FastifyInstance;
    beforeAll(async () => {
      berlin = await ctx.buildApp({ now: () => new Date(clock), timeZone: 'Europe/Berlin' });
    });

    const fetch = (token: string, query = '', app: FastifyInstance = berlin, headers: Record<string, string> = {}) =>
      app.inject({
        method: 'GET',
        url: `${gateway.playlist}${query}`,
        headers: { authorization: `Bearer ${token}`, ...headers },
      });

    it('gives today and tomorrow by default, each with its own campaigns, across midnight and a change of clocks', async () => {
      // Saturday 26 October 2030, 23:30 in Berlin; the clocks go back at 03:00 on Sunday.
      clock = Date.parse('2030-10-26T21:30:00Z');
      const place = await createLocation(ctx.db, { zones: [1, 2] });
      await ctx.db
        .updateTable('locations')
        .set({ open_time: '06:00', close_time: '24:00', loop_seconds: 120 })
        .where('id', '=', place.id)
        .execute();
      const clip = await usableClip(ctx.db);
      const saturday = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [place.id],
        state: 3,
        start: '2030-10-20',
        end: '2030-10-26',
      });
      const sunday = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [place.id],
        state: 3,
        start: '2030-10-27',
        end: '2030-10-30',
      });
      const device = await createDevice(ctx.db, place.id);

      const res = await fetch(device.token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<PlaylistResponse>();
      expect(body.days).toHaveLength(DEFAULT_PLAYLIST_DAYS);
      expect(body.date).toBe('2030-10-26');
      expect(body.time_zone).toBe('Europe/Berlin');
      expect(body.campaigns.map((c) => c.id)).toEqual([saturday.id]);
      const [first, second] = body.days;
      expect(first).toMatchObject({
        date: '2030-10-26',
        starts_at: '2030-10-25T22:00:00.000Z',
        ends_at: '2030-10-26T22:00:00.000Z',
        open_time: '06:00',
        close_time: '24:00',
        opens_at: '2030-10-26T04:00:00.000Z',
        closes_at: '2030-10-26T22:00:00.000Z',
        loop_seconds: 120,
      });
      expect(first!.campaigns.map((c) => c.id)).toEqual([saturday.id]);
      // Sunday has 25 hours; it opens at 06:00 winter time.
      expect(second).toMatchObject({
        date: '2030-10-27',
        starts_at: '2030-10-26T22:00:00.000Z',
        ends_at: '2030-10-27T23:00:00.000Z',
        opens_at: '2030-10-27T05:00:00.000Z',
        closes_at: '2030-10-27T23:00:00.000Z',
      });
      expect(second!.campaigns.map((c) => c.id)).toEqual([sunday.id]);
      expect(res.headers.etag).toBe(`"${body.version}"`);

      // One day only: the same version (the location's), another ETag.
      const one = await fetch(device.token, '?days=1');
      expect(one.json<PlaylistResponse>().days.map((d) => d.date)).toEqual(['2030-10-26']);
      expect(one.json<PlaylistResponse>().version).toBe(body.version);
      expect(one.headers.etag).not.toBe(res.headers.etag);
      const week = (await fetch(device.token, '?days=7')).json<PlaylistResponse>();
      expect(week.days.map((d) => d.date)).toEqual([
        '2030-10-26',
        '2030-10-27',
        '2030-10-28',
        '2030-10-29',
        '2030-10-30',
        '2030-10-31',
        '2030-11-01',
      ]);
      expect(week.days.map((d) => d.campaigns.length)).toEqual([1, 1, 1, 1, 1, 0, 0]);

      // Past midnight: Sunday is today, Monday tomorrow; the content changed, and so did the version.
      clock = Date.parse('2030-10-26T22:30:00Z');
      const next = await fetch(device.token, '', berlin, { 'if-none-match': res.headers.etag as string });
      expect(next.statusCode).toBe(200);
      const nextBody = next.json<PlaylistResponse>();
      expect(nextBody.days.map((d) => [d.date, d.campaigns.map((c) => c.id)])).toEqual([
        ['2030-10-27', [sunday.id]],
        ['2030-10-28', [sunday.id]],
      ]);
      expect(nextBody.version).not.toBe(body.version);
      // Monday to Tuesday: the same content on both days keeps the version (dates are not content).
      clock = Date.parse('2030-10-28T23:30:00Z');
      const tuesday = await fetch(device.token);
      clock = Date.parse('2030-10-27T23:30:00Z');
      expect((await fetch(device.token)).json<PlaylistResponse>().version).toBe(
        tuesday.json<PlaylistResponse>().version,
      );
      expect(
        (await fetch(device.token, '', berlin, { 'if-none-match': tuesday.headers.etag as string })).statusCode,
      ).toBe(304);
    });

    it('refuses days outside 1–7 (400), after the token (401 first)', async () => {
      const place = await createLocation(ctx.db);
      const device = await createDevice(ctx.db, place.id);
      for (const days of ['0', '8', 'two', '1.5']) {
        const res = await fetch(device.token, `?days=${days}`, ctx.app);
        expect(res.statusCode, days).toBe(400);
        expect(res.json()).toHaveProperty('days');
      }
      const stranger = await ctx.app.inject({ method: 'GET', url: `${gateway.playlist}?days=99` });
      expect(stranger.statusCode).toBe(401);
    });

    it("gives the location's active picture as its slate, served to its own devices only", async () => {
      const manager = await asUser(ctx, ['change_location', 'view_location']);
      const place = await createLocation(ctx.db, { managers: [manager.user.id] });
      const other = await createLocation(ctx.db);
      const device = await createDevice(ctx.db, place.id);
      const stranger = await createDevice(ctx.db, other.id);
      const before = (await fetch(device.token, '', ctx.app)).json<PlaylistResponse>();
      expect(before.slate).toBeNull();

      const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 1, g: 2, b: 3 } } })
        .png()
        .toBuffer();
      const { body, headers } = multipart([{ name: 'image', filename: 'slate.png', data: png }]);
      const upload = await manager.post(`${resources.locations.endpoint}${place.id}/images/`, body, { headers });
      expect(upload.statusCode, upload.body).toBe(201);
      const image = upload.json<Image>();
      expect(image.is_active).toBe(true);

      const after = await fetch(device.token, '', ctx.app);
      const playlist = after.json<PlaylistResponse>();
      expect(playlist.slate).toEqual({ url: `${gateway.images}${image.id}/`, size: image.size });
      expect(playlist.version).not.toBe(before.version);
      const file = await ctx.app.inject({
        method: 'GET',
        url: playlist.slate!.url,
        headers: { authorization: `Bearer ${device.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('image/');
      expect(file.rawPayload.length).toBe(image.size);
      const refused = await ctx.app.inject({
        method: 'GET',
        url: playlist.slate!.url,
        headers: { authorization: `Bearer ${stranger.token}` },
      });
      expect(refused.statusCode).toBe(404);
    });
  },
  { config: { media: { dir: mediaDir, maxBytes: 200_000, maxPixels: 1_000_000, maxEdge: 256 } } },
);
