// Proof of play through the API: one row per raw event of the campaign with what an auditor
// checks (screen, creative and checksum, times in UTC and local, duration, completed, creative_ok,
// viewers), csv and json, the period filter, and the receipt whose SHA-256 is that of the bytes sent
// (also written to the log).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  PROOF_OF_PLAY_COLUMNS,
  PROOF_OF_PLAY_REJECTED_COLUMNS,
  PROOF_OF_PLAY_REJECTED_TITLE,
  PROOF_RECEIPT_HEADER,
  deliveryTexts,
  type ProofOfPlayReceipt,
} from '@marquee/contracts/delivery';
import { deviceGatewayEndpoints, gatewayTexts, type EventsResponse } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { NOW, TODAY, clockConfig, day } from './helpers/campaign-factories.ts';
import { clipOf, deliveryCampaign, deliverySite, plays, sendPlays } from './helpers/delivery-factories.ts';
import { Client, asAdmin } from './helpers/factories.ts';
import { logOf } from './helpers/location-factories.ts';

const proofOf = (id: number, query = '') => `${resources.campaigns.endpoint}${id}/proof_of_play/${query}`;
const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');
/** A csv file's two parts, plays and the appendix, each as its lines (an empty line between them). */
const sections = (body: string) => {
  expect(body.endsWith('\r\n')).toBe(true);
  const parts = body.slice(0, -2).split('\r\n\r\n');
  expect(parts).toHaveLength(2);
  return parts.map((part) => part.split('\r\n')) as [string[], string[]];
};
type ProofJson = { plays: Record<string, unknown>[]; rejected: Record<string, unknown>[] };

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
      // The plays, an empty line, then the appendix of rejected rows: here its title and headings alone.
      const [playLines, appendix] = sections(res.body);
      expect(appendix).toEqual([PROOF_OF_PLAY_REJECTED_TITLE, PROOF_OF_PLAY_REJECTED_COLUMNS.join(',')]);
      expect(playLines[0]).toBe(PROOF_OF_PLAY_COLUMNS.join(','));
      const rows = playLines.slice(1).map((l) => l.split(','));
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
        device_play_id: '',
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
      expect(rows[3]!.slice(8)).toEqual([
        '',
        `${TODAY}T07:00:00.000Z`,
        `${TODAY}T07:00:00.000+00:00`,
        '2000',
        'false',
        'true',
        'true',
        '',
      ]);
      expect(rows[4]!.slice(8, 9)).toEqual(['a'.repeat(64)]);
      expect(rows[4]!.slice(12, 14)).toEqual(['true', 'false']);

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
      const { plays: body, rejected } = res.json<ProofJson>();
      expect(rejected).toEqual([]);
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
      expect(none.json()).toEqual({ plays: [], rejected: [] });
      const header = await admin.get(proofOf(campaign.id, `?date__lte=${day(-2)}`));
      expect(header.body).toBe(
        `${PROOF_OF_PLAY_COLUMNS.join(',')}\r\n\r\n${PROOF_OF_PLAY_REJECTED_TITLE}\r\n${PROOF_OF_PLAY_REJECTED_COLUMNS.join(',')}\r\n`,
      );
      expect((await receiptOf(admin, campaign.id, String(header.headers[PROOF_RECEIPT_HEADER]))).rows).toBe(0);
      expect((await admin.get(proofOf(campaign.id, `receipts/${crypto.randomUUID()}/`))).statusCode).toBe(404);
      expect((await admin.get(proofOf(campaign.id, 'receipts/not-a-uuid/'))).statusCode).toBe(400);
    });

    it('ends with the campaign’s rows the gateway rejected in the period, with their reason, in csv and json', async () => {
      const prague = await ctx.buildApp({ ...clockConfig, timeZone: 'Europe/Prague' });
      const { campaign, site, serial } = await played();
      const other = await deliveryCampaign(ctx.db, {
        clip: await clipOf(ctx.db, 10),
        sites: [site],
        start: day(-1),
        end: day(1),
      });
      const zonePlayId = crypto.randomUUID();
      const goodPlayId = crypto.randomUUID();
      const [good] = plays(campaign.id, 1, `${TODAY}T09:00:00Z`);
      const answer = await prague.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.events,
        headers: { authorization: `Bearer ${site.devices[0]!.token}` },
        payload: {
          batch_id: crypto.randomUUID(),
          events: [
            { ...good, play_id: goodPlayId },
            { ...good, zone: 7, play_id: zonePlayId, started_at: `${TODAY}T09:30:00Z` },
            { ...good, started_at: `${day(-3)}T10:00:00Z` },
            { ...good, campaign: other.id, zone: 7 },
          ],
        },
      });
      expect(answer.json<EventsResponse>()).toMatchObject({ accepted: 1 });
      expect(answer.json<EventsResponse>().rejected.map((r) => r.field)).toEqual(['zone', 'started_at', 'zone']);
      const location = await ctx.db
        .selectFrom('locations')
        .select(['sys_id', 'name'])
        .where('id', '=', site.id)
        .executeTakeFirstOrThrow();
      const rejectedRow = (zone: string, startedAt: string, playId: string, field: string, reason: string) => ({
        // Received at the server's noon (UTC), two o'clock in Prague.
        received_at_utc: `${TODAY}T12:00:00.000Z`,
        received_at_local: `${TODAY}T14:00:00.000+02:00`,
        device_serial: serial,
        location_sys_id: location.sys_id,
        location_name: location.name,
        zone,
        started_at_reported: startedAt,
        play_id: playId,
        field,
        reason,
      });
      const expected = [
        rejectedRow('7', `${TODAY}T09:30:00Z`, zonePlayId, 'zone', gatewayTexts.zoneNotPlayed),
        rejectedRow('1', `${day(-3)}T10:00:00Z`, '', 'started_at', gatewayTexts.beforeStart(day(-1))),
      ];

      const admin = await asAdmin(prague);
      const csv = await admin.get(proofOf(campaign.id));
      expect(csv.statusCode, csv.body).toBe(200);
      const [playLines, appendix] = sections(csv.body);
      expect(playLines).toHaveLength(1 + 6);
      expect(appendix.slice(0, 2)).toEqual([PROOF_OF_PLAY_REJECTED_TITLE, PROOF_OF_PLAY_REJECTED_COLUMNS.join(',')]);
      // No reason holds a comma or a quote, so each line splits as it is.
      expect(appendix.slice(2).map((line) => line.split(','))).toEqual(
        expected.map((row) => PROOF_OF_PLAY_REJECTED_COLUMNS.map((key) => row[key])),
      );
      // The receipt counts the plays; the hash covers the whole file.
      const receipt = await receiptOf(admin, campaign.id, String(csv.headers[PROOF_RECEIPT_HEADER]));
      expect(receipt).toMatchObject({ rows: 6, bytes: csv.rawPayload.length, sha256: sha256(csv.rawPayload) });

      const json = (await admin.get(proofOf(campaign.id, '?format=json'))).json<ProofJson>();
      expect(json.plays).toHaveLength(6);
      // The play sent with the player's own id carries it; the others (sent without one) do not.
      const deviceIds = (json.plays as { device_play_id: string | null }[]).map((p) => p.device_play_id);
      expect(deviceIds.filter(Boolean)).toEqual([goodPlayId]);
      expect(deviceIds.filter((id) => id === null)).toHaveLength(5);
      expect(json.rejected).toEqual(expected.map((row) => ({ ...row, play_id: row.play_id || null })));
      expect(Object.keys(json.rejected[0]!)).toEqual([...PROOF_OF_PLAY_REJECTED_COLUMNS]);
      // The other campaign's file lists its own row only.
      const others = (await admin.get(proofOf(other.id, '?format=json'))).json<ProofJson>();
      expect(others.rejected.map((r) => [r.zone, r.field])).toEqual([['7', 'zone']]);

      // The period is that of the rows' receipt, in local days.
      const today = (
        await admin.get(proofOf(campaign.id, `?format=json&date__gte=${TODAY}&date__lte=${TODAY}`))
      ).json<ProofJson>();
      expect(today.rejected).toHaveLength(2);
      const before = (await admin.get(proofOf(campaign.id, `?format=json&date__lte=${day(-1)}`))).json<ProofJson>();
      expect(before.rejected).toEqual([]);
      const after = (await admin.get(proofOf(campaign.id, `?format=json&date__gte=${day(1)}`))).json<ProofJson>();
      expect(after.rejected).toEqual([]);
    });

    it('reads the appendix a page at a time, in the order received, ties broken by the order kept', async () => {
      const { campaign, site } = await played();
      // Past one page (5 000 rows), half of them received at one instant.
      const n = 5003;
      await sql`
        insert into rejected_plays (device_id, location_id, batch_id, row_index, campaign_id, event, field, reason,
          received_at)
        select ${site.devices[0]!.id}, ${site.id}, gen_random_uuid(), 0, ${campaign.id}, '{"zone": 1}'::jsonb,
          'row ' || g, 'A reason.', ${NOW.toISOString()}::timestamptz + (g / 2500) * interval '1 minute'
        from generate_series(0, ${n - 1}) g`.execute(ctx.db);
      const admin = await asAdmin(ctx.app);
      const res = await admin.get(proofOf(campaign.id, '?format=json'));
      expect(res.statusCode, res.body).toBe(200);
      const { rejected } = res.json<ProofJson>();
      expect(rejected.map((r) => r.field)).toEqual(Array.from({ length: n }, (_, g) => `row ${g}`));
      const [, appendix] = sections((await admin.get(proofOf(campaign.id))).body);
      expect(appendix).toHaveLength(2 + n);
    });
  },
  { config: clockConfig },
);
