// The plays a device may report: none older than MAX_EVENT_AGE_DAYS, none before its campaign's start
// date or after its end date (whole local days of TIME_ZONE), and no batch whose plays fall in more
// than MAX_BATCH_MONTHS months, so that one batch never makes more than a few partitions. Each such row
// is rejected by itself (200, naming the event's field), and the batch's other rows are stored.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { MAX_BATCH_MONTHS, deviceGatewayEndpoints as api, gatewayTexts } from '@marquee/contracts/device-gateway';
import { zonedInstant } from '@marquee/contracts/time-zones';
import { partitionMonths } from '../src/modules/device-gateway/event-partitions.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { createDevice, createLocation, rowErrors } from './helpers/location-factories.ts';

const DAY_MS = 86_400_000;

describeBackends(
  'device gateway: when plays may have happened',
  (ctx) => {
    /** A device and an Active campaign at its location, running from `start` to `end`. */
    async function site({ start = day(-400), end = day(7) }: { start?: string; end?: string } = {}) {
      const location = await createLocation(ctx.db);
      const device = await createDevice(ctx.db, location.id);
      const clip = await usableClip(ctx.db);
      const campaign = await createCampaign(ctx.db, {
        videoclip: clip.id,
        locations: [location.id],
        state: 3,
        start,
        end,
      });
      return { device, campaign };
    }

    const post = (token: string, campaign: number, instants: string[], app: FastifyInstance = ctx.app) =>
      app.inject({
        method: 'POST',
        url: api.events,
        headers: { authorization: `Bearer ${token}` },
        payload: {
          batch_id: crypto.randomUUID(),
          events: instants.map((started_at) => ({ campaign, zone: 1, started_at, duration_ms: 10_000 })),
        },
      });

    const storedOf = async (device: number) =>
      Number(
        (
          await ctx.db
            .selectFrom('device_events')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('device_id', '=', device)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('rejects plays older than MAX_EVENT_AGE_DAYS (35), 1971 and year 0001 among them, row by row', async () => {
      const { device, campaign } = await site();
      const recent = new Date(NOW.getTime() - 34 * DAY_MS).toISOString();
      const tooOld = new Date(NOW.getTime() - 35 * DAY_MS - 1).toISOString();
      const res = await post(device.token, campaign.id, [
        recent,
        tooOld,
        '1971-03-01T10:00:00Z',
        '0001-01-01T00:00:00Z',
        '0001-01-01T00:30:00+01:00',
        '9999-12-31T23:30:00-01:00',
      ]);
      expect(res.statusCode, res.body).toBe(200);
      const old = [gatewayTexts.tooOld(35)];
      expect(rowErrors(res.json())).toEqual({
        'events.1.started_at': old,
        'events.2.started_at': old,
        'events.3.started_at': old,
        'events.4.started_at': old,
        'events.5.started_at': [gatewayTexts.inFuture],
      });
      // The recent play was stored; exactly 35 days ago is still taken.
      expect(await storedOf(device.id)).toBe(1);
      const edge = new Date(NOW.getTime() - 35 * DAY_MS).toISOString();
      const ok = await post(device.token, campaign.id, [recent, edge]);
      expect(ok.json()).toEqual({ accepted: 1, duplicate: false, duplicates: 1, rejected: [] });

      // MAX_EVENT_AGE_DAYS is a setting.
      const week = await ctx.buildApp({ ...clockConfig, maxEventAgeDays: 7 });
      const eight = await post(device.token, campaign.id, [new Date(NOW.getTime() - 8 * DAY_MS).toISOString()], week);
      expect(rowErrors(eight.json())).toEqual({ 'events.0.started_at': [gatewayTexts.tooOld(7)] });
    });

    it("rejects plays before the campaign's start date or after its end date, whole days in TIME_ZONE", async () => {
      const timeZone = 'America/New_York';
      const app = await ctx.buildApp({ ...clockConfig, timeZone });
      const start = day(-3);
      const end = day(-1);
      const { device, campaign } = await site({ start, end });
      const first = zonedInstant(start, 0, timeZone);
      const after = zonedInstant(end, 24 * 60, timeZone);
      const at = (t: number) => new Date(t).toISOString();
      const res = await post(device.token, campaign.id, [at(first), at(first - 1), at(after - 1), at(after)], app);
      expect(res.statusCode, res.body).toBe(200);
      expect(rowErrors(res.json())).toEqual({
        'events.1.started_at': [gatewayTexts.beforeStart(start)],
        'events.3.started_at': [gatewayTexts.afterEnd(end)],
      });
      expect(await storedOf(device.id)).toBe(2);
      // 23:30 UTC on the day before the start is 19:30 in New York: still before the start.
      const utcLate = await post(device.token, campaign.id, [`${day(-4)}T23:30:00Z`], app);
      expect(rowErrors(utcLate.json())).toEqual({ 'events.0.started_at': [gatewayTexts.beforeStart(start)] });
      const ok = await post(device.token, campaign.id, [at(first), at(after - 1)], app);
      expect(ok.json()).toEqual({ accepted: 0, duplicate: false, duplicates: 2, rejected: [] });
    });

    it(`makes no partitions for the plays of a batch past its first ${MAX_BATCH_MONTHS} months`, async () => {
      // An installation that takes plays up to ten years old still makes a few partitions per batch.
      const app = await ctx.buildApp({ ...clockConfig, maxEventAgeDays: 3660 });
      const { device, campaign } = await site({ start: '2021-01-01' });
      const before = await partitionMonths(ctx.db);
      const months = Array.from({ length: 24 }, (_, i) => new Date(Date.UTC(2022, i, 15)).toISOString());
      const res = await post(device.token, campaign.id, months, app);
      expect(res.statusCode, res.body).toBe(200);
      const refused = [gatewayTexts.tooManyMonths(MAX_BATCH_MONTHS)];
      expect(rowErrors(res.json())).toEqual(
        Object.fromEntries(
          months.slice(MAX_BATCH_MONTHS).map((_, i) => [`events.${MAX_BATCH_MONTHS + i}.started_at`, refused]),
        ),
      );
      // The plays of the first months were stored, with their partitions; no other month got one.
      const made = new Set(months.slice(0, MAX_BATCH_MONTHS).map((m) => m.slice(0, 7)));
      const added = (await partitionMonths(ctx.db)).filter((m) => !before.includes(m));
      expect(
        added.every((m) => made.has(m)),
        added.join(),
      ).toBe(true);
      expect(await storedOf(device.id)).toBe(MAX_BATCH_MONTHS);
      // Plays of as many months as allowed, several per month, are stored (those sent before once).
      const few = months.slice(0, MAX_BATCH_MONTHS).flatMap((m) => [m, m.replace('T00:00', 'T08:00')]);
      expect((await post(device.token, campaign.id, few, app)).json()).toEqual({
        accepted: MAX_BATCH_MONTHS,
        duplicate: false,
        duplicates: MAX_BATCH_MONTHS,
        rejected: [],
      });
    });
  },
  { config: clockConfig },
);
