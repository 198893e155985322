// Availability answers kept between calls: after every kind of change to what they are computed from,
// made by any writer (here straight in the database, as a tool or psql would), the next answer equals
// one computed afresh by a server that kept nothing; and the compressed forms carry the same JSON.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import type { AvailabilityResponse, AvailabilityRunsResponse } from '@marquee/contracts/availability';
import { availabilityRowsOfRuns } from '@marquee/contracts/inventory';
import { resources } from '@marquee/contracts/resources';
import { createVideoRow } from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, createCampaign, day, sendableLocation, usableClip } from './helpers/campaign-factories.ts';
import { asAdmin, type Client } from './helpers/factories.ts';

const availabilityApi = `${resources.locations.endpoint}availability/`;

describeBackends(
  'availability kept between calls',
  (ctx) => {
    async function clipOf(seconds: number) {
      const clip = await usableClip(ctx.db);
      const video = await createVideoRow(ctx.db, { duration: seconds });
      await ctx.db.updateTable('videoclips').set({ video_id: video.id }).where('id', '=', clip.id).execute();
      return { ...clip, video: video.id };
    }

    const body = async (client: Client, query: string, encoding?: string) => {
      const res = await client.get(`${availabilityApi}?${query}`, {
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const results = async (client: Client, query: string) =>
      (await body(client, query)).json<AvailabilityResponse>().results;
    /** The compact shape's answer, as rows. */
    const compactRows = async (client: Client, query: string) =>
      availabilityRowsOfRuns((await body(client, `${query}&shape=runs`)).json<AvailabilityRunsResponse>().locations);

    it('answers as a server that kept nothing would, after each kind of change', async () => {
      const location = await sendableLocation(ctx.db);
      const other = await sendableLocation(ctx.db);
      const ten = await clipOf(10);
      const booked = await createCampaign(ctx.db, {
        videoclip: ten.id,
        locations: [location.id, other.id],
        state: 1,
        zones: [1, 2],
        start: TODAY,
        end: day(3),
      });
      const hold = await createCampaign(ctx.db, {
        videoclip: (await clipOf(5)).id,
        locations: [location.id],
        state: 0,
        zones: [1],
        start: day(1),
        end: day(2),
      });
      const admin = await asAdmin(ctx.app);
      const query = `location=${location.id},${other.id}&zone=1,2,3&date__gte=${TODAY}&date__lte=${day(4)}&need_s=10`;
      // Asked once to be kept, then compared after each change with a server that kept nothing.
      const first = await results(admin, query);
      expect(first.some((row) => row.held_s > 0)).toBe(true);
      const fresh = async (asked = query) => {
        const app: FastifyInstance = await ctx.buildApp(clockConfig);
        return results(await asAdmin(app), asked);
      };
      expect(await results(admin, query)).toEqual(first);
      expect(await compactRows(admin, query)).toEqual(first);

      const changes: [string, () => Promise<unknown>][] = [
        [
          'a campaign moves zones',
          () =>
            ctx.db
              .updateTable('campaigns')
              .set({ p_zones: [2, 3] })
              .where('id', '=', booked.id)
              .execute(),
        ],
        [
          'a campaign ends sooner',
          () =>
            ctx.db
              .updateTable('campaigns')
              .set({ end_date: day(1) })
              .where('id', '=', booked.id)
              .execute(),
        ],
        [
          'a daily window is set',
          () =>
            ctx.db
              .updateTable('campaigns')
              .set({ p_times_on: true, p_start_time: '09:00', p_end_time: '12:00' })
              .where('id', '=', booked.id)
              .execute(),
        ],
        [
          'a hold expires',
          () =>
            ctx.db
              .updateTable('campaigns')
              .set({ updated_at: new Date(Date.now() - 30 * 86_400_000) })
              .where('id', '=', hold.id)
              .execute(),
        ],
        [
          'the loop gets longer',
          () => ctx.db.updateTable('locations').set({ loop_seconds: 90 }).where('id', '=', location.id).execute(),
        ],
        [
          'opening hours change',
          () => ctx.db.updateTable('locations').set({ open_time: '08:00' }).where('id', '=', other.id).execute(),
        ],
        [
          'a zone is removed',
          () =>
            ctx.db
              .deleteFrom('location_zones')
              .where('location_id', '=', other.id)
              .where('zone_number', '=', 2)
              .execute(),
        ],
        [
          'the clip gets longer',
          () => ctx.db.updateTable('videos').set({ duration: 20 }).where('id', '=', ten.video).execute(),
        ],
        [
          'a location leaves the campaign',
          () =>
            ctx.db
              .deleteFrom('campaign_locations')
              .where('campaign_id', '=', booked.id)
              .where('location_id', '=', location.id)
              .execute(),
        ],
        [
          'a campaign is booked',
          () =>
            createCampaign(ctx.db, {
              videoclip: ten.id,
              locations: [location.id],
              state: 2,
              zones: [3],
              start: TODAY,
              end: TODAY,
            }),
        ],
        [
          'a campaign is rejected',
          () => ctx.db.updateTable('campaigns').set({ state: 98 }).where('id', '=', booked.id).execute(),
        ],
      ];
      let previous = first;
      for (const [change, make] of changes) {
        await make();
        const kept = await results(admin, query);
        expect(kept, change).toEqual(await fresh());
        expect(kept, `${change} changes the answer`).not.toEqual(previous);
        expect(await compactRows(admin, query), `${change}, compact shape`).toEqual(kept);
        previous = kept;
      }
      // Another clip length is added to the slots kept for the first (need_s is not part of their key).
      for (const need of [25, 1]) {
        const asked = query.replace('need_s=10', `need_s=${need}`);
        expect(await results(admin, asked), `need_s=${need}`).toEqual(await fresh(asked));
        expect(await compactRows(admin, asked), `need_s=${need}, compact shape`).toEqual(await fresh(asked));
      }
    });

    it("sends the same JSON plain, gzip- (made of the locations' pieces) and brotli-compressed, asked once or again", async () => {
      const location = await sendableLocation(ctx.db);
      await createCampaign(ctx.db, {
        videoclip: (await clipOf(10)).id,
        locations: [location.id],
        state: 1,
        end: day(20),
      });
      const admin = await asAdmin(ctx.app);
      for (const query of [
        `location=${location.id}&date__gte=${TODAY}&date__lte=${day(27)}&by_hour=true`,
        `location=${location.id}&date__gte=${TODAY}&date__lte=${day(27)}&by_hour=true&shape=runs`,
      ]) {
        await sameInEveryEncoding(admin, query);
      }
    });

    it('refuses a shape it does not know', async () => {
      const res = await (
        await asAdmin(ctx.app)
      ).get(`${availabilityApi}?date__gte=${TODAY}&date__lte=${TODAY}&shape=days`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('shape');
    });

    async function sameInEveryEncoding(admin: Client, query: string) {
      const plain = (await body(admin, query)).rawPayload.toString();
      expect(plain.length).toBeGreaterThan(1024);
      for (let i = 0; i < 2; i++) {
        // gzip wherever it is accepted (made of kept pieces, it costs next to nothing); brotli otherwise.
        const preferred = await body(admin, query, 'gzip;q=0.5, br');
        expect(preferred.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(preferred.rawPayload).toString()).toBe(plain);
        const br = await body(admin, query, 'br');
        expect(br.headers['content-encoding']).toBe('br');
        expect(br.headers.vary).toContain('accept-encoding');
        expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
        const gz = await body(admin, query, 'gzip, br;q=0');
        expect(gz.headers['content-encoding']).toBe('gzip');
        expect(gunzipSync(gz.rawPayload).toString()).toBe(plain);
        const identity = await body(admin, query, 'identity');
        expect(identity.headers['content-encoding']).toBeUndefined();
        expect(identity.rawPayload.toString()).toBe(plain);
      }
    }
  },
  { config: clockConfig },
);
