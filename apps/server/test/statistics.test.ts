// Statistics, the event log and campaign reports over a few hundred random events sent through the
// real device gateway (in a half-hour time zone): totals and daily rows equal sums over the events as
// sent for every filter, from the daily and from the hourly rollups, paging keeps _totals whole,
// exports hold the JSON rows (in chunks, through a cursor on PostgreSQL), an export stopped midway
// lets go of its rows, the daily rollups sum the hourly ones, errors are clear.
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { beforeAll, expect, it, onTestFinished, vi } from 'vitest';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import {
  statisticsColumns,
  statisticsTexts,
  type CampaignWithReports,
  type EventLog,
  type ReportingDevice,
  type StatisticsGroup,
  type StatisticsPage,
  type StatisticsRow,
} from '@marquee/contracts/statistics';
import { exportStream } from '../src/modules/statistics/statistics.export.ts';
import { statisticsRepository } from '../src/modules/statistics/statistics.repository.ts';
import {
  ensureDailyRollupZone,
  groupKeys,
  rebuildDailyRollups,
  type Rollup,
} from '../src/modules/statistics/statistics.rollups.ts';
import { describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, day, usableClip } from './helpers/campaign-factories.ts';
import { Client, createUser, signIn, uniq } from './helpers/factories.ts';
import { createLocation } from './helpers/location-factories.ts';

type Viewer = { gender: 'm' | 'f'; age_group: number };
type SentEvent = {
  campaign: number;
  location: number;
  device: number;
  zone: number;
  started_at: string;
  duration_ms: number;
  viewers: Viewer[];
};
type Filter = {
  from?: string;
  to?: string;
  campaign?: number;
  location?: number;
  zones?: number[];
  gender?: 'm' | 'f';
  ages?: number[];
  hours?: [number, number];
};

const TIME_ZONE = 'Asia/Kolkata';
const OFFSET_MS = 5.5 * 3_600_000;
const STATS = resources.eventStatistics.endpoint;
const LOGS = resources.eventLogs.endpoint;
const CAMPAIGNS = resources.campaigns.endpoint;

/** Local day and hour in Asia/Kolkata (no summer time there). */
const local = (iso: string) => {
  const d = new Date(Date.parse(iso) + OFFSET_MS);
  return { day: d.toISOString().slice(0, 10), hour: d.getUTCHours() };
};

/** Totals (and rows by day) computed from the events as sent. With gender or age, per audience group
 * (gender:age) that matches: the plays it watched, its viewers and play time. */
function expected(events: SentEvent[], f: Filter) {
  const byDay = new Map<string, { plays: number; viewers: number; ms: number }>();
  const audience = f.gender !== undefined || f.ages !== undefined;
  for (const e of events) {
    const { day: d, hour } = local(e.started_at);
    if ((f.from && d < f.from) || (f.to && d > f.to)) continue;
    if (f.campaign !== undefined && e.campaign !== f.campaign) continue;
    if (f.location !== undefined && e.location !== f.location) continue;
    if (f.zones && !f.zones.includes(e.zone)) continue;
    if (f.hours) {
      const [start, end] = f.hours;
      if (start <= end ? hour < start || hour > end : hour < start && hour > end) continue;
    }
    const sum = byDay.get(d) ?? { plays: 0, viewers: 0, ms: 0 };
    if (!audience) {
      sum.plays += 1;
      sum.viewers += e.viewers.length;
      sum.ms += e.duration_ms;
    } else {
      const groups = new Map<string, number>();
      for (const v of e.viewers) {
        if (f.gender !== undefined && v.gender !== f.gender) continue;
        if (f.ages && !f.ages.includes(v.age_group)) continue;
        const key = `${v.gender}:${v.age_group}`;
        groups.set(key, (groups.get(key) ?? 0) + 1);
      }
      for (const n of groups.values()) {
        sum.plays += 1;
        sum.viewers += n;
        sum.ms += e.duration_ms;
      }
    }
    byDay.set(d, sum);
  }
  const days = [...byDay].filter(([, s]) => s.plays > 0).sort(([a], [b]) => a.localeCompare(b));
  const rows = days.map(([date, s]) => ({ date, plays: s.plays, viewers: s.viewers, play_seconds: s.ms / 1000 }));
  const total = days.reduce(
    (t, [, s]) => ({ plays: t.plays + s.plays, viewers: t.viewers + s.viewers, ms: t.ms + s.ms }),
    { plays: 0, viewers: 0, ms: 0 },
  );
  return { rows, totals: { plays: total.plays, viewers: total.viewers, play_seconds: total.ms / 1000 } };
}

/** The query string of a filter. */
function queryOf(f: Filter, extra: Record<string, string> = {}) {
  const p = new URLSearchParams(extra);
  if (f.from) p.set('date__gte', f.from);
  if (f.to) p.set('date__lte', f.to);
  if (f.campaign !== undefined) p.set('campaign', String(f.campaign));
  if (f.location !== undefined) p.set('location', String(f.location));
  if (f.zones) p.set('p_zones', f.zones.join(','));
  if (f.gender) p.set('p_gender', f.gender);
  if (f.ages) p.set('p_age', f.ages.join(','));
  if (f.hours) {
    p.set('p_start_time', `${String(f.hours[0]).padStart(2, '0')}:30`);
    p.set('p_end_time', `${String(f.hours[1]).padStart(2, '0')}:10`);
  }
  return p.toString();
}

/** A small RFC 4180 reader. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  return rows;
}

/** The files of a zip archive, from its central directory. */
function unzip(buffer: Buffer): Map<string, Buffer> {
  const end = buffer.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = buffer.readUInt16LE(end + 10);
  let at = buffer.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < entries; i++) {
    expect(buffer.readUInt32LE(at)).toBe(0x02014b50);
    const crc = buffer.readUInt32LE(at + 16);
    const compressed = buffer.readUInt32LE(at + 20);
    const nameLength = buffer.readUInt16LE(at + 28);
    const extra = buffer.readUInt16LE(at + 30);
    const comment = buffer.readUInt16LE(at + 32);
    const offset = buffer.readUInt32LE(at + 42);
    const name = buffer.toString('utf8', at + 46, at + 46 + nameLength);
    const dataAt = offset + 30 + buffer.readUInt16LE(offset + 26) + buffer.readUInt16LE(offset + 28);
    const data = zlib.inflateRawSync(buffer.subarray(dataAt, dataAt + compressed));
    expect(zlib.crc32(data) >>> 0, name).toBe(crc);
    files.set(name, data);
    at += 46 + nameLength + extra + comment;
  }
  return files;
}

const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

function xlsxRows(buffer: Buffer): (string | number)[][] {
  const files = unzip(buffer);
  expect([...files.keys()]).toContain('[Content_Types].xml');
  const sheet = files.get('xl/worksheets/sheet1.xml')!.toString('utf8');
  return [...sheet.matchAll(/<row[^>]*>(.*?)<\/row>/g)].map(([, cells]) =>
    [...cells!.matchAll(/<c ([^>]*)>(.*?)<\/c>/g)].map(([, attrs, body]) =>
      attrs!.includes('inlineStr')
        ? unescapeXml(/<t[^>]*>(.*?)<\/t>/.exec(body!)![1]!)
        : Number(/<v>(.*)<\/v>/.exec(body!)![1]),
    ),
  );
}

function xlsRows(text: string): (string | number)[][] {
  return [...text.matchAll(/<Row>(.*?)<\/Row>/g)].map(([, cells]) =>
    [...cells!.matchAll(/<Data ss:Type="(Number|String)">(.*?)<\/Data>/g)].map(([, type, value]) =>
      type === 'Number' ? Number(value) : unescapeXml(value!),
    ),
  );
}

describeBackends(
  'statistics',
  (ctx) => {
    let app: FastifyInstance;
    let reader: Client;
    const events: SentEvent[] = [];
    const campaigns: { id: number; name: string; product: number; advertiser: number }[] = [];
    const locations: { id: number; name: string }[] = [];
    const devices: { id: number; serial: string; token: string; location: number }[] = [];

    async function device(location: number) {
      const token = crypto.randomBytes(32).toString('base64url');
      const serial = uniq('SN').toUpperCase();
      const { id } = await ctx.db
        .insertInto('devices')
        .values({
          location_id: location,
          serial_number: serial,
          device_type: 'screen',
          is_active: true,
          token_hash: crypto.createHash('sha256').update(token).digest('hex'),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id, serial, token, location };
    }

    const stats = async (query: string) => {
      const res = await reader.get(`${STATS}?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StatisticsPage>();
    };

    /** Makes queries in TIME_ZONE read `rollup`: the daily rows are in TIME_ZONE, or (said to be) in
     * another zone, which leaves the hourly rows to answer. */
    const readFrom = async (rollup: Rollup) => {
      await sql`update event_statistics_daily_zone set time_zone = ${rollup === 'daily' ? TIME_ZONE : 'UTC'}`.execute(
        ctx.db,
      );
    };

    beforeAll(async () => {
      // The daily rollups in this suite's zone (the migration made them in the server's); the gateway
      // keeps them in it from here.
      await rebuildDailyRollups(ctx.db, TIME_ZONE);
      app = await ctx.buildApp({ ...clockConfig, timeZone: TIME_ZONE });
      for (let i = 0; i < 2; i++) locations.push(await createLocation(ctx.db));
      devices.push(await device(locations[0]!.id), await device(locations[0]!.id), await device(locations[1]!.id));
      const names = [uniq('Spring'), `=SUM(1,2) "quoted", ${uniq('x')}`, uniq('Autumn')];
      for (const name of names) {
        const clip = await usableClip(ctx.db);
        const product = await ctx.db
          .selectFrom('videoclips')
          .select('product_id')
          .where('id', '=', clip.id)
          .executeTakeFirstOrThrow();
        const c = await createCampaign(ctx.db, {
          videoclip: clip.id,
          locations: locations.map((l) => l.id),
          name,
          state: 2,
          start: day(-10),
          zones: [1, 2, 3],
        });
        campaigns.push({ ...c, product: product.product_id, advertiser: clip.advertiser });
      }
      let seed = 7;
      const random = (n: number) => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed % n;
      };
      for (let i = 0; i < 360; i++) {
        const d = devices[random(devices.length)]!;
        events.push({
          campaign: campaigns[random(campaigns.length)]!.id,
          location: d.location,
          device: d.id,
          zone: 1 + random(3),
          started_at: new Date(NOW.getTime() - random(6 * 24 * 60) * 60_000 - random(60_000)).toISOString(),
          duration_ms: random(60_000),
          viewers: Array.from({ length: random(5) }, () => ({
            gender: random(2) ? ('m' as const) : ('f' as const),
            age_group: 1 + random(7),
          })),
        });
      }
      for (const d of devices) {
        const mine = events.filter((e) => e.device === d.id);
        for (let i = 0; i < mine.length; i += 50) {
          const res = await app.inject({
            method: 'POST',
            url: deviceGatewayEndpoints.events,
            headers: { authorization: `Bearer ${d.token}` },
            payload: {
              batch_id: crypto.randomUUID(),
              events: mine.slice(i, i + 50).map(({ campaign, zone, started_at, duration_ms, viewers }) => ({
                campaign,
                zone,
                started_at,
                duration_ms,
                viewers,
              })),
            },
          });
          expect(res.statusCode, res.body).toBe(200);
        }
      }
      const user = await createUser(ctx.db, { permissions: ['list_eventstatistic', 'view_campaign'] });
      reader = await signIn(app, user.username, user.password);
    });

    it.each<Rollup>(['daily', 'hourly'])(
      'gives totals and rows by day equal to the raw events for every filter (%s rollups)',
      async (rollup) => {
        await readFrom(rollup);
        onTestFinished(() => readFrom('daily'));
        const [c0, c1] = campaigns;
        const filters: [string, Filter][] = [
          ['all', {}],
          ['dates', { from: day(-3), to: day(-1) }],
          ['one day', { from: day(-2), to: day(-2) }],
          ['zones', { zones: [1, 3] }],
          ['gender', { gender: 'f' }],
          ['age', { ages: [2, 5] }],
          ['gender and age', { gender: 'm', ages: [3] }],
          ['time window', { hours: [9, 17] }],
          ['window past midnight', { hours: [22, 2] }],
          ['campaign', { campaign: c0!.id }],
          ['location', { location: locations[1]!.id }],
          [
            'combined',
            {
              from: day(-4),
              to: day(0),
              campaign: c1!.id,
              location: locations[0]!.id,
              zones: [2, 3],
              gender: 'f',
              ages: [1, 2, 3, 4],
              hours: [6, 20],
            },
          ],
        ];
        for (const [name, filter] of filters) {
          const want = expected(events, filter);
          const body = await stats(queryOf(filter, { page_size: '0' }));
          expect(body._totals, name).toEqual(want.totals);
          expect(body.results, name).toEqual(want.rows);
          expect(body.count, name).toBe(want.rows.length);
          // A page, and a page past the end (no row to carry them), keep the count and totals of all rows.
          for (const page of ['2', '99']) {
            const part = await stats(queryOf(filter, { page_size: '2', page }));
            expect({ count: part.count, totals: part._totals, results: part.results }, `${name}, page ${page}`).toEqual(
              {
                count: want.rows.length,
                totals: want.totals,
                results: want.rows.slice(2 * Number(page) - 2, 2 * Number(page)),
              },
            );
          }
        }
        expect(expected(events, {}).totals.plays).toBe(events.length);
      },
    );

    it('pages the rows with _totals over every page', async () => {
      const want = expected(events, { zones: [1, 2] });
      const all: StatisticsRow[] = [];
      let url: string | null = `${STATS}?${queryOf({ zones: [1, 2] }, { page_size: '2' })}`;
      let pages = 0;
      while (url) {
        const body: StatisticsPage = (await reader.get(url)).json();
        expect(body._totals).toEqual(want.totals);
        expect(body.count).toBe(want.rows.length);
        expect(body.results.length).toBeLessThanOrEqual(2);
        expect(body.previous === null).toBe(pages === 0);
        all.push(...body.results);
        url = body.next;
        pages += 1;
      }
      expect(pages).toBe(Math.ceil(want.rows.length / 2));
      expect(all).toEqual(want.rows);
      const sorted = await stats('ordering=-plays,date&page_size=0');
      const plays = sorted.results.map((r) => r.plays);
      expect(plays).toEqual([...plays].sort((a, b) => b - a));
    });

    it.each<Rollup>(['daily', 'hourly'])(
      'groups by campaign, location, product, advertiser, hour and audience (%s rollups)',
      async (rollup) => {
        await readFrom(rollup);
        onTestFinished(() => readFrom('daily'));
        const body = await stats('group_by=campaign,location&page_size=0');
        expect(body.count).toBe(campaigns.length * locations.length);
        for (const row of body.results) {
          const want = expected(events, { campaign: row.campaign, location: row.location }).totals;
          expect({ plays: row.plays, viewers: row.viewers, play_seconds: row.play_seconds }).toEqual(want);
          expect(row.campaign_name).toBe(campaigns.find((c) => c.id === row.campaign)!.name);
          expect(row.location_name).toBe(locations.find((l) => l.id === row.location)!.name);
          expect(row.date).toBeUndefined();
        }
        const byProduct = await stats(`group_by=day,product&product=${campaigns[0]!.product}&page_size=0`);
        expect(byProduct.results.map(({ date, plays }) => ({ date, plays }))).toEqual(
          expected(events, { campaign: campaigns[0]!.id }).rows.map(({ date, plays }) => ({ date, plays })),
        );
        const byAdvertiser = await stats('group_by=advertiser&page_size=0');
        expect(byAdvertiser.results.map((r) => r.advertiser).sort()).toEqual(campaigns.map((c) => c.advertiser).sort());

        const byHour = await stats(`group_by=hour&date__gte=${day(-1)}&date__lte=${day(-1)}&page_size=0`);
        expect(byHour.results.every((r) => /^\d\d:00$/.test(r.hour!) && r.date === day(-1))).toBe(true);
        for (const row of byHour.results) {
          const h = Number(row.hour!.slice(0, 2));
          expect(row.plays).toBe(expected(events, { from: day(-1), to: day(-1), hours: [h, h] }).totals.plays);
        }

        const audience = await stats('group_by=gender,age_group&page_size=0');
        const viewers = events.reduce((n, e) => n + e.viewers.length, 0);
        expect(audience._totals.viewers).toBe(viewers);
        for (const row of audience.results) {
          const want = expected(events, { gender: row.gender, ages: [row.age_group!] }).totals;
          expect({ plays: row.plays, viewers: row.viewers, play_seconds: row.play_seconds }).toEqual(want);
        }
      },
    );

    it('exports the same rows as csv, xlsx and xls downloads', async () => {
      const query = queryOf({ from: day(-5), zones: [1, 2, 3] }, { group_by: 'day,campaign', ordering: '-date' });
      const json = await stats(`${query}&page_size=0`);
      expect(json.results.length).toBeGreaterThan(5);
      const columns = statisticsColumns(['day', 'campaign'] satisfies StatisticsGroup[]);
      expect(columns.map((c) => c.key)).toEqual([
        'date',
        'campaign',
        'campaign_name',
        'plays',
        'viewers',
        'play_seconds',
      ]);
      const table = [columns.map((c) => c.label), ...json.results.map((r) => columns.map((c) => r[c.key]!))];

      const csv = await reader.get(`${STATS}?${query}&format=csv&filename=${encodeURIComponent('../my "report".csv')}`);
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe('attachment; filename="my_report.csv"');
      expect(csv.body.startsWith('\uFEFF')).toBe(true);
      const csvRows = parseCsv(csv.body.slice(1));
      // Text a spreadsheet would run as a formula is quoted with a leading apostrophe.
      const asCsv = (v: string | number) => (typeof v === 'string' && /^[=+\-@]/.test(v) ? `'${v}` : String(v));
      expect(csvRows).toEqual(table.map((row) => row.map(asCsv)));
      expect(csv.body).toContain(`"'=SUM(1,2) ""quoted"", `);

      const xlsx = await reader.get(`${STATS}?${query}&format=xlsx`);
      expect(xlsx.statusCode).toBe(200);
      expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      expect(xlsx.headers['content-disposition']).toBe('attachment; filename="statistics.xlsx"');
      expect(xlsxRows(xlsx.rawPayload)).toEqual(table);

      const xls = await reader.get(`${STATS}?${query}&format=xls&filename=campaigns`);
      expect(xls.statusCode).toBe(200);
      expect(xls.headers['content-type']).toBe('application/vnd.ms-excel');
      expect(xls.headers['content-disposition']).toBe('attachment; filename="campaigns.xls"');
      expect(xlsRows(xls.body)).toEqual(table);
    });

    it('refuses the signed out, users without the permission, and bad queries', async () => {
      expect((await new Client(app).get(STATS)).statusCode).toBe(401);
      expect((await new Client(app).get(`${STATS}?format=csv`)).statusCode).toBe(401);
      const other = await createUser(ctx.db, { permissions: ['list_campaign'] });
      const outsider = await signIn(app, other.username, other.password);
      for (const url of [STATS, `${STATS}?format=xlsx`, LOGS, `${LOGS}distinct_devices/`]) {
        expect((await outsider.get(url)).statusCode, url).toBe(403);
      }
      const bad: [string, string][] = [
        ['date__gte=2030-02-30', 'date__gte'],
        [`date__gte=${day(-1)}&date__lte=${day(-2)}`, 'date__lte'],
        ['format=pdf', 'format'],
        ['group_by=day,weather', 'group_by'],
        ['p_zones=1,x', 'p_zones'],
        ['p_gender=x', 'p_gender'],
        ['p_start_time=25:00', 'p_start_time'],
        ['ordering=hour', 'ordering'],
      ];
      for (const [query, field] of bad) {
        const res = await reader.get(`${STATS}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(Object.keys(res.json()), query).toEqual([field]);
      }
      const reversed = await reader.get(`${LOGS}?date__gte=${day(-1)}&date__lte=${day(-2)}`);
      expect(reversed.json()).toEqual({ date__lte: [statisticsTexts.endBeforeStart] });
    });

    it('lists raw events newest first and the devices that reported in a period', async () => {
      const campaign = campaigns[2]!;
      const mine = events
        .filter((e) => e.campaign === campaign.id)
        .sort((a, b) => b.started_at.localeCompare(a.started_at));
      const page = await reader.page<EventLog>(`${LOGS}?campaign=${campaign.id}&page_size=15`);
      expect(page.count).toBe(mine.length);
      expect(page.results).toHaveLength(15);
      expect(page.results.map((e) => e.started_at)).toEqual(mine.slice(0, 15).map((e) => e.started_at));
      const first = page.results[0]!;
      expect(first).toMatchObject({
        campaign: campaign.id,
        campaign_name: campaign.name,
        device: mine[0]!.device,
        zone: mine[0]!.zone,
        viewers: mine[0]!.viewers.length,
      });
      const inDay = await reader.page<EventLog>(`${LOGS}?date__gte=${day(-1)}&date__lte=${day(-1)}&page_size=0`);
      expect(inDay.count).toBe(events.filter((e) => local(e.started_at).day === day(-1)).length);

      const location = locations[0]!;
      const reporting = await reader.page<ReportingDevice>(
        `${LOGS}distinct_devices/?location=${location.id}&date__gte=${day(-2)}`,
      );
      const atLocation = devices.filter((d) => d.location === location.id);
      expect(reporting.count).toBe(atLocation.length);
      for (const d of reporting.results) {
        const sent = events.filter((e) => e.device === d.id && local(e.started_at).day >= day(-2));
        expect(d.serial_number).toBe(atLocation.find((x) => x.id === d.id)!.serial);
        expect(d.location).toBe(location.id);
        expect(d.events).toBe(sent.length);
        expect(d.last_status).toBeNull();
      }
    });

    it('gives campaigns in report states with their numbers per location', async () => {
      const clip = await usableClip(ctx.db);
      const unapproved = await createCampaign(ctx.db, { videoclip: clip.id, locations: [locations[0]!.id] });
      const page = await reader.page<CampaignWithReports>(`${CAMPAIGNS}list_with_location_reports/?page_size=10`);
      expect(page.results.map((c) => c.id)).not.toContain(unapproved.id);
      for (const c of campaigns) {
        const found = page.results.find((r) => r.id === c.id)!;
        expect(found.location_reports.map((r) => r.location).sort()).toEqual(locations.map((l) => l.id).sort());
        for (const report of found.location_reports) {
          const totals = expected(events, { campaign: c.id, location: report.location }).totals;
          const sent = events
            .filter((e) => e.campaign === c.id && e.location === report.location)
            .map((e) => e.started_at)
            .sort();
          expect(report).toMatchObject({
            ...totals,
            devices: devices.filter((d) => d.location === report.location).length,
            first_event: sent[0],
            last_event: sent.at(-1),
          });
        }
      }
      const one = await reader.get(`${CAMPAIGNS}${campaigns[0]!.id}/get_with_location_reports/`);
      expect(one.statusCode).toBe(200);
      expect(one.json<CampaignWithReports>().location_reports).toEqual(
        page.results.find((r) => r.id === campaigns[0]!.id)!.location_reports,
      );
      const onlyStats = await createUser(ctx.db, { permissions: ['list_eventstatistic'] });
      const client = await signIn(app, onlyStats.username, onlyStats.password);
      expect((await client.get(`${CAMPAIGNS}list_with_location_reports/`)).statusCode).toBe(403);
      expect((await client.get(STATS)).statusCode).toBe(200);
    });

    it.each<Rollup>(['daily', 'hourly'])(
      'exports more rows than a chunk: each row once, in order, as the pages give them (%s rollups)',
      async (rollup) => {
        await readFrom(rollup);
        onTestFinished(() => readFrom('daily'));
        const groups: StatisticsGroup[] = ['day', 'campaign', 'location', 'zone'];
        const query = `group_by=${groups.join(',')}&date__gte=${day(-5)}`;
        for (const ordering of [undefined, '-plays', 'campaign_name,-date']) {
          const json = await stats(`${query}&page_size=0${ordering ? `&ordering=${ordering}` : ''}`);
          expect(json.results.length).toBeGreaterThan(3 * 7);
          // The order the service asks for: the requested keys, then every grouping key.
          const orderBy = (ordering?.split(',') ?? []).map((o) => ({
            key: o.replace('-', ''),
            desc: o.startsWith('-'),
          }));
          for (const key of groupKeys(groups))
            if (!orderBy.some((o) => o.key === key)) orderBy.push({ key, desc: false });
          const chunks: StatisticsRow[][] = [];
          const f = { from: day(-5), groups, hours: {} };
          for await (const chunk of statisticsRepository.exportRows(ctx.db, {
            f,
            timeZone: TIME_ZONE,
            orderBy,
            size: 7,
          })) {
            chunks.push(chunk);
          }
          expect(chunks.slice(0, -1).every((c) => c.length === 7)).toBe(true);
          expect(chunks.at(-1)!.length).toBeGreaterThan(0);
          expect(chunks.flat(), ordering).toEqual(json.results);
        }
      },
    );

    // Only PostgreSQL exports through a cursor; PGlite's chunked exports are checked above.
    if (ctx.backend === 'postgres')
      it('holds one cursor for an export on PostgreSQL and lets it go when the export stops', async () => {
        // Sessions idle in a transaction that holds this schema's daily rollups: an open export cursor.
        const cursors = async () =>
          (
            await sql<{ n: number }>`
            select count(distinct a.pid)::int as n from pg_locks l join pg_stat_activity a on a.pid = l.pid
            where l.relation = 'event_statistics_daily'::regclass and a.state like 'idle in transaction%'`.execute(
              ctx.db,
            )
          ).rows[0]!.n;
        const rows = () =>
          statisticsRepository.exportRows(ctx.db, {
            f: { groups: ['day', 'campaign', 'location', 'zone'], hours: {} },
            timeZone: TIME_ZONE,
            orderBy: groupKeys(['day', 'campaign', 'location', 'zone']).map((key) => ({ key, desc: false })),
            size: 5,
          });
        const first = rows();
        expect((await first.next()).value).toHaveLength(5);
        expect(await cursors()).toBe(1);
        await first.return(undefined);
        expect(await cursors()).toBe(0);
        // More stopped exports than the pool has connections: none is kept.
        for (let i = 0; i < 12; i++) {
          const stopped = rows();
          await stopped.next();
          await stopped.return(undefined);
        }
        expect(await cursors()).toBe(0);
      });

    it('keeps daily rollups that sum the hourly ones by local day, whatever time zone the gateway runs in', async () => {
      // A batch through the suite's main app, in UTC: its hours are not this zone's half hours.
      const d = await device(locations[1]!.id);
      const sent = Array.from({ length: 40 }, (_, i) => ({
        campaign: campaigns[i % campaigns.length]!.id,
        zone: 1 + (i % 3),
        started_at: new Date(NOW.getTime() - (i * 157 + 13) * 60_000).toISOString(),
        duration_ms: 1000 + i,
        viewers: Array.from({ length: i % 4 }, (_, j) => ({ gender: j % 2 ? 'm' : 'f', age_group: 1 + ((i + j) % 7) })),
      }));
      const res = await ctx.app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.events,
        headers: { authorization: `Bearer ${d.token}` },
        payload: { batch_id: crypto.randomUUID(), events: sent },
      });
      expect(res.statusCode, res.body).toBe(200);

      const daily = () =>
        sql`
          select day::text as day, campaign_id, location_id, zone::int as zone, gender, age_group::int as age_group,
            plays, viewers, play_ms::int as play_ms
          from event_statistics_daily order by 2, 1, 3, 4, 5, 6`
          .execute(ctx.db)
          .then((r) => r.rows);
      const fromHourly = await sql`
        select (h.hour at time zone z.time_zone)::date::text as day, h.campaign_id, h.location_id, h.zone::int as zone,
          h.gender, h.age_group::int as age_group, sum(h.plays)::int as plays, sum(h.viewers)::int as viewers,
          sum(h.play_ms)::int as play_ms
        from event_statistics_hourly h cross join event_statistics_daily_zone z
        group by 1, 2, 3, 4, 5, 6 order by 2, 1, 3, 4, 5, 6`.execute(ctx.db);
      const kept = await daily();
      expect(kept.length).toBeGreaterThan(0);
      expect(kept).toEqual(fromHourly.rows);
      await rebuildDailyRollups(ctx.db, TIME_ZONE);
      expect(await daily()).toEqual(kept);
      // At startup after TIME_ZONE changed (here: back from UTC), the daily rows are made again.
      await rebuildDailyRollups(ctx.db, 'UTC');
      expect(await daily()).not.toEqual(kept);
      expect(await ensureDailyRollupZone(ctx.db, TIME_ZONE)).toBe('UTC');
      expect(await daily()).toEqual(kept);
      expect(await ensureDailyRollupZone(ctx.db, TIME_ZONE)).toBeNull();

      // And the API gives the same from either rollup.
      for (const query of ['page_size=0', 'group_by=campaign,gender&page_size=0', 'group_by=location,day&p_age=2,3']) {
        await readFrom('hourly');
        const hourly = await stats(query);
        await readFrom('daily');
        expect(await stats(query), query).toEqual(hourly);
      }
    });
  },
  { config: clockConfig },
);

it('stops reading the rows when an export download stops (csv, xlsx, xls)', async () => {
  for (const format of ['csv', 'xlsx', 'xls'] as const) {
    let closed = false;
    async function* endless(): AsyncGenerator<StatisticsRow[]> {
      try {
        for (let i = 0; ; i++) {
          yield Array.from({ length: 100 }, (_, j) => ({
            date: `2030-01-01`,
            campaign: i * 100 + j,
            plays: j,
            viewers: j,
            play_seconds: j / 3,
          }));
        }
      } finally {
        closed = true;
      }
    }
    const stream = exportStream(format, statisticsColumns(['day', 'campaign']), endless());
    let bytes = 0;
    for await (const chunk of stream) {
      bytes += (chunk as Buffer | string).length;
      if (bytes > 200_000) break;
    }
    await vi.waitFor(() => expect(closed, format).toBe(true), { timeout: 2000 });
  }
});
