// Proof of play through the API (issue 15): one row per raw event of the campaign with what an auditor
// checks (screen, creative and checksum, times in UTC and local, duration, completed, creative_ok,
// viewers), csv and json, the period filter, and the receipt whose SHA-256 is that of the bytes sent
// (also written to the log).
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  PROOF_OF_PLAY_COLUMNS,
  PROOF_RECEIPT_HEADER,
  deliveryTexts,
  type ProofOfPlayReceipt,
} from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { Client, asAdmin } from './helpers/factories.ts';
import { logOf } from './helpers/location-factories.ts';

const proofOf = (id: number, query = '') => `${resources.campaigns.endpoint}${id}/proof_of_play/${query}`;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

describeBackends(
  'proof of play',
  (ctx) => {
    async function played() {
      const site = await deliverySite(ctx.db, { loop: 3600, devices: [{ since: `${day(-1)}T00:00:00Z` }] });
      const clip = await clipOf(ctx.db, 10);
      const c = await deliveryCampaign(ctx.db, { clip, sites: [site], start: day(-1), end: day(1) });
      const token = site.devices[0]!.token;
      await sendPlays(ctx.app, token, [
        ...plays(c.id, 3, `${day(-1)}T22:30:00Z`, {
          clip_checksum: clip.checksum,
          viewers: [{ gender: 'f', age_group: 1 }],
        }),
        ...plays(c.id, 1, `${TODAY}T07:00:00Z`, { duration_ms: 2000 }),
        ...plays(c.id, 1, `${TODAY}T08:00:00Z`, { clip_checksum: 'a'.repeat(64) }),
      ]);
      const serial = (
        await ctx.db
          .selectFrom('devices')
          .select('serial_number')
          .where('id', '=', site.devices[0]!.id)
          .executeTakeFirstOrThrow()
      ).serial_number;
      return { site, clip, campaign: c, serial };
    }

    const receiptOf = async (client: Client, campaign: number, id: string) => {
      const res = await client.get(proofOf(campaign, `receipts/${id}/`));
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ProofOfPlayReceipt>();
    };

    it('writes one csv row per play, as the raw events have it, and a receipt with the SHA-256 of the bytes', async () => {
      const { campaign, clip, serial, site } = await played();
      const admin = await asAdmin(ctx.app);
      const res = await admin.get(proofOf(campaign.id));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(/attachment; filename="proof-of-play-CMP-\d+\.csv"/);
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe(PROOF_OF_PLAY_COLUMNS.join(','));
      expect(lines.at(-1)).toBe('');
      const rows = lines.slice(1, -1).map((l) => l.split(','));
      const raw = await ctx.db
        .selectFrom('device_events')
        .select(['id', 'started_at', 'duration_ms'])
        .where('campaign_id', '=', campaign.id)
        .orderBy('started_at')
        .orderBy('id')
        .execute();
      expect(rows.map((r) => Number(r[0]))).toEqual(raw.map((r) => Number(r.id)));
      const { sys_id: location } = await ctx.db
        .selectFrom('locations')
        .select('sys_id')
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const { sys_id: clipSys } = await ctx.db
        .selectFrom('videoclips')
        .select('sys_id')
        .where('id', '=', clip.id)
        .executeTakeFirstOrThrow();
      const first = Object.fromEntries(PROOF_OF_PLAY_COLUMNS.map((k, i) => [k, rows[0]![i]]));
      expect(first).toMatchObject({
        device_serial: serial,
        location_sys_id: location,
        zone: '1',
        clip_sys_id: clipSys,
        clip_checksum: clip.checksum,
        started_at_utc: `${day(-1)}T22:30:00.000Z`,
        started_at_local: `${day(-1)}T22:30:00.000+00:00`,
        duration_ms: '10000',
        completed: 'true',
        creative_ok: 'true',
        in_schedule: 'true',
        viewers: '1',
      });
      // A short play without a checksum; a wrong creative shows the checksum it reported.
      expect(rows[3]!.slice(7)).toEqual([
        '',
        `${TODAY}T07:00:00.000Z`,
        `${TODAY}T07:00:00.000+00:00`,
        '2000',
        'false',
        'true',
        'true',
        '',
      ]);
      expect(rows[4]!.slice(7, 8)).toEqual(['a'.repeat(64)]);
      expect(rows[4]!.slice(11, 13)).toEqual(['true', 'false']);

      const receipt = await receiptOf(admin, campaign.id, String(res.headers[PROOF_RECEIPT_HEADER]));
      expect(receipt).toMatchObject({ campaign: campaign.id, format: 'csv', rows: 5, bytes: res.rawPayload.length });
      expect(receipt.sha256).toBe(sha256(res.rawPayload));
      const entry = (await logOf(ctx.db, 'campaign', campaign.id)).at(-1)!;
      expect(entry).toMatchObject({
        action_flag: ActionFlag.Information,
        change_message: deliveryTexts.exported(5, receipt.sha256!),
      });
      const list = (await admin.get(proofOf(campaign.id, 'receipts/'))).json<ProofOfPlayReceipt[]>();
      expect(list.map((r) => r.id)).toEqual([receipt.id]);
    });

    it('writes json, keeps to the period asked for, and gives local times in the server’s zone', async () => {
      const prague = await ctx.buildApp({ ...clockConfig, timeZone: 'Europe/Prague' });
      const { campaign } = await played();
      const admin = await asAdmin(prague);
      const res = await admin.get(proofOf(campaign.id, `?format=json&date__gte=${TODAY}`));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('application/json');
      const body = res.json<Record<string, unknown>[]>();
      // 22:30 UTC yesterday is 00:30 today in Prague (summer time).
      expect(body.map((r) => r.started_at_local)).toEqual([
        `${TODAY}T00:30:00.000+02:00`,
        `${TODAY}T00:31:00.000+02:00`,
        `${TODAY}T00:32:00.000+02:00`,
        `${TODAY}T09:00:00.000+02:00`,
        `${TODAY}T10:00:00.000+02:00`,
      ]);
      expect(Object.keys(body[0]!)).toEqual([...PROOF_OF_PLAY_COLUMNS]);
      expect(body[3]).toMatchObject({ completed: false, creative_ok: true, viewers: null, clip_checksum: null });
      expect(typeof body[0]!.play_id).toBe('number');
      const receipt = await receiptOf(admin, campaign.id, String(res.headers[PROOF_RECEIPT_HEADER]));
      expect(receipt).toMatchObject({ format: 'json', rows: 5, date__gte: TODAY, date__lte: null });
      expect(receipt.sha256).toBe(sha256(res.rawPayload));

      const none = await admin.get(proofOf(campaign.id, `?format=json&date__gte=${day(1)}`));
      expect(none.json()).toEqual([]);
      const header = await admin.get(proofOf(campaign.id, `?date__lte=${day(-2)}`));
      expect(header.body).toBe(`${PROOF_OF_PLAY_COLUMNS.join(',')}\r\n`);
      expect((await receiptOf(admin, campaign.id, String(header.headers[PROOF_RECEIPT_HEADER]))).rows).toBe(0);
      expect((await admin.get(proofOf(campaign.id, `receipts/${crypto.randomUUID()}/`))).statusCode).toBe(404);
      expect((await admin.get(proofOf(campaign.id, 'receipts/not-a-uuid/'))).statusCode).toBe(400);
    });
  },
  { config: clockConfig },
);
