// A campaign's run is bounded (MAX_CAMPAIGN_DAYS, and days within 2000–2100): a campaign ending
// 9999-12-31 is refused with a 400 on end_date on create, PUT, PATCH and (bulk) approval, so no
// request counts days for millennia; /api/config/ tells the form the maximum. And the figures of the
// longest run allowed are those of the same campaign over a short period (delivery, lists).
import { expect, it } from 'vitest';
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import type { BulkResponse } from '@marquee/contracts/bulk';
import type { Campaign } from '@marquee/contracts/campaigns';
import type { Paged } from '@marquee/contracts/common';
import type { CampaignDelivery, DeliveryResponse } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { dateTexts } from '@marquee/contracts/texts';
import { describeBackends } from './helpers/backends.ts';
import {
  TODAY,
  clockConfig,
  createCampaign,
  day,
  sendableLocation,
  usableClip,
  validInput,
} from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { Client, asAdmin } from './helpers/factories.ts';

const api = resources.campaigns.endpoint;
const outOfRange = dateTexts.dayOutOfRange('2000-01-01', '2100-12-31');

describeBackends(
  'campaign run',
  (ctx) => {
    it('refuses an end date of 9999-12-31 or a run past the maximum: create, PUT, PATCH, approval, bulk', async () => {
      const admin = await asAdmin(ctx.app);
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const input = (end_date: string) => validInput(clip.id, [location.id], { end_date });
      const tooLong = { end_date: [dateTexts.campaignTooLong(1096)] };

      // Create: the end beyond the absolute bound, one day past the maximum run, then exactly it.
      const far = await admin.post(api, input('9999-12-31'));
      expect(far.statusCode).toBe(400);
      expect(far.json()).toEqual({ end_date: [outOfRange] });
      const longer = await admin.post(api, input(day(1096)));
      expect(longer.statusCode).toBe(400);
      expect(longer.json()).toEqual(tooLong);
      const longest = await admin.post(api, input(day(1095)));
      expect(longest.statusCode, longest.body).toBe(201);
      const { id } = longest.json<Campaign>();

      // Edit: PUT and PATCH alike.
      const put = await admin.put(`${api}${id}/`, input('9999-12-31'));
      expect(put.statusCode).toBe(400);
      expect(put.json()).toEqual({ end_date: [outOfRange] });
      const patch = await admin.patch(`${api}${id}/`, { end_date: day(1096) });
      expect(patch.statusCode).toBe(400);
      expect(patch.json()).toEqual(tooLong);
      expect((await admin.patch(`${api}${id}/`, { start_date: day(1), end_date: day(1096) })).statusCode).toBe(200);

      // A campaign stored with such dates (before the bound existed) cannot be edited or approved as
      // it is, one at a time or in bulk.
      const stored = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], end: '9999-12-31' });
      const storedLong = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], end: day(1096) });
      const renamed = await admin.patch(`${api}${stored.id}/`, { name: 'Renamed' });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toEqual({ end_date: [outOfRange] });
      const approve = await admin.post(`${api}${stored.id}/approve/`, {});
      expect(approve.statusCode).toBe(400);
      expect(approve.json()).toEqual({ end_date: [outOfRange] });
      const bulk = await admin.post(`${api}bulk/approve/`, { ids: [stored.id, storedLong.id, id] });
      expect(bulk.statusCode, bulk.body).toBe(200);
      expect(bulk.json<BulkResponse>().results).toEqual([
        { id: stored.id, status: 400, errors: { end_date: [outOfRange] } },
        { id: storedLong.id, status: 400, errors: tooLong },
        { id, status: 200 },
      ]);
      // Stopping one stays possible.
      expect((await admin.post(`${api}bulk/deactivate/`, { ids: [stored.id] })).json<BulkResponse>().results).toEqual([
        { id: stored.id, status: 200 },
      ]);
      // Such a row makes no request count its days to the year 9999: the figures stop at LAST_DAY.
      for (const url of [api, `${api}delivery/`, `${api}${stored.id}/delivery/?group_by=location`]) {
        const res = await admin.get(url);
        expect(res.statusCode, url).toBe(200);
      }
    });

    it('refuses such days in the list filters, and tells the form the maximum', async () => {
      const admin = await asAdmin(ctx.app);
      for (const query of ['date_from=0001-01-01', 'date_to=9999-12-31']) {
        const res = await admin.get(`${api}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.values(res.json<Record<string, string[]>>())).toEqual([[outOfRange]]);
      }
      expect((await admin.get(`${api}?date_from=2000-01-01&date_to=2100-12-31`)).statusCode).toBe(200);
      expect((await admin.get(appConfigEndpoint)).json<AppConfig>().max_campaign_days).toBe(1096);
    });

    it('gives a campaign of the longest run the figures of the same campaign over a short period', async () => {
      const admin = await asAdmin(ctx.app);
      // 60 s loop, open 06–24, one device since before the start: 1080 loops a day per zone.
      const site = await deliverySite(ctx.db, { devices: [{ since: `${day(-5)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const twins = async (goal?: { goal_type: 'plays'; goal_value: number }) => {
        const common = { clip, sites: [site], zones: [1, 2], start: day(-2), goal };
        return {
          long: await deliveryCampaign(ctx.db, { ...common, end: day(1093) }),
          short: await deliveryCampaign(ctx.db, { ...common, end: day(1) }),
        };
      };
      const report = async (client: Client, id: number, query = '') => {
        const res = await client.get(`${api}${id}/delivery/${query}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<DeliveryResponse>();
      };
      const plain = await twins();
      const goal = await twins({ goal_type: 'plays', goal_value: 1_000_000 });
      const token = site.devices[0]!.token;
      for (const c of [plain.long, plain.short, goal.long, goal.short]) {
        await sendPlays(ctx.app, token, plays(c.id, 40, `${day(-1)}T08:00:00Z`));
      }
      const perDay = 1080 * 2;

      const long = await report(admin, plain.long.id);
      const short = await report(admin, plain.short.id);
      // The days so far are the same days with the same figures.
      expect(long.results).toEqual(short.results);
      expect(long.results.map((r) => [r.date, r.expected])).toEqual([
        [day(-2), perDay],
        [day(-1), perDay],
        [TODAY, 6 * 60 * 2],
      ]);
      const { contracted: longContract, progress_pct: _lp, deliverable_plays: longRun, ...longSoFar } = long._totals;
      const {
        contracted: shortContract,
        progress_pct: _sp,
        deliverable_plays: shortRun,
        ...shortSoFar
      } = short._totals;
      expect(longSoFar).toEqual(shortSoFar);
      // What was sold is every day of the run: 1096 days against 4.
      expect(longContract).toBe(perDay * 1096);
      expect([longRun, shortRun]).toEqual([perDay * 1096, perDay * 4]);
      expect(shortContract).toBe(perDay * 4);
      // A period asks only about its days, whatever the run.
      expect((await report(admin, plain.long.id, `?date__gte=${day(-1)}&date__lte=${day(-1)}`))._totals.expected).toBe(
        perDay,
      );

      // With a goal, the due share is the goal × the plays so far ÷ the plays of the whole run.
      const soFar = perDay * 2 + 6 * 60 * 2;
      const goalLong = (await report(admin, goal.long.id, '?group_by=location'))._totals;
      const goalShort = (await report(admin, goal.short.id, '?group_by=location'))._totals;
      expect(goalLong.due).toBe(Math.round((1_000_000 * soFar) / (perDay * 1096)));
      expect(goalShort.due).toBe(Math.round((1_000_000 * soFar) / (perDay * 4)));
      expect(goalLong.delivery_pct).toBe(Math.round((40 / ((1_000_000 * soFar) / (perDay * 1096))) * 1000) / 10);

      // The lists carry the same figures as the reports.
      const list = await admin.get(`${api}?page_size=0&location=${site.id}`);
      expect(list.statusCode, list.body).toBe(200);
      const row = (id: number) => list.json<Paged<Campaign>>().results.find((c) => c.id === id)!;
      expect([row(plain.long.id).delivery_pct, row(plain.long.id).pacing]).toEqual([
        long._totals.delivery_pct,
        long._totals.pacing,
      ]);
      expect(row(goal.long.id).delivery_pct).toBe(goalLong.delivery_pct);
      const delivery = await admin.get(`${api}delivery/?page_size=0&location=${site.id}`);
      expect(delivery.statusCode, delivery.body).toBe(200);
      const inList = delivery.json<Paged<CampaignDelivery>>().results.find((c) => c.id === goal.long.id)!;
      expect([inList.contracted, inList.due, inList.delivered, inList.delivery_pct]).toEqual([
        goalLong.contracted,
        goalLong.due,
        goalLong.delivered,
        goalLong.delivery_pct,
      ]);
    });
  },
  { config: clockConfig },
);

describeBackends(
  'campaign run (MAX_CAMPAIGN_DAYS=30)',
  (ctx) => {
    it('takes the maximum from the configuration', async () => {
      const admin = await asAdmin(ctx.app);
      const location = await sendableLocation(ctx.db);
      const clip = await usableClip(ctx.db);
      const longer = await admin.post(api, validInput(clip.id, [location.id], { end_date: day(30) }));
      expect(longer.statusCode).toBe(400);
      expect(longer.json()).toEqual({ end_date: [dateTexts.campaignTooLong(30)] });
      expect((await admin.post(api, validInput(clip.id, [location.id], { end_date: day(29) }))).statusCode).toBe(201);
      expect((await admin.get(appConfigEndpoint)).json<AppConfig>().max_campaign_days).toBe(30);
    });
  },
  { config: { ...clockConfig, maxCampaignDays: 30 } },
);
