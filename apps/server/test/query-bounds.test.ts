// Every list answers a malformed query with 400, never 500: integer parameters beyond what an int
// column holds (`?advertiser=2147483648`, `?page=2147483648`), and orderings that name an object's
// inherited properties (`__proto__`, `constructor`). Walks every GET operation of the OpenAPI document
// without path parameters. And append-only tables (audit log, raw plays) have no unbounded page.
import { beforeAll, expect, it } from 'vitest';
import { API_MAX_PAGE_SIZE } from '@marquee/contracts/constants';
import { resources } from '@marquee/contracts/resources';
import { sql } from 'kysely';
import { createPartitions, monthOf } from '../src/modules/device-gateway/event-partitions.ts';
import { describeBackends } from './helpers/backends.ts';
import { TODAY } from './helpers/campaign-factories.ts';
import { deliveryCampaign, deliverySite, clipOf } from './helpers/delivery-factories.ts';
import { asAdmin, type Client } from './helpers/factories.ts';

type Parameter = { name: string; in: string; required?: boolean; schema?: { type?: string } };
type OpenApi = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** Queries the operations need to answer 200 at all. */
const BASELINES: Record<string, string> = {
  '/api/locations/calendar/': `date_from=${TODAY}&date_to=${TODAY}`,
};
const HUGE = '2147483648';

describeBackends('query bounds', (ctx) => {
  let admin: Client;
  let lists: { path: string; base: string; integers: string[]; ordering: boolean }[];

  beforeAll(async () => {
    admin = await asAdmin(ctx.app);
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    lists = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      const get = operations.get;
      if (!get || path.includes('{') || !path.startsWith('/api/') || path.startsWith('/api/device/')) continue;
      const query = (get.parameters ?? []).filter((p) => p.in === 'query');
      const base = BASELINES[path] ?? '';
      if (query.some((p) => p.required && !base.includes(`${p.name}=`))) continue;
      lists.push({
        path,
        base,
        integers: query.filter((p) => p.schema?.type === 'integer').map((p) => p.name),
        ordering: query.some((p) => p.name === 'ordering'),
      });
    }
  });

  const get = (path: string, base: string, extra: string) =>
    admin.get(`${path}?${[base, extra].filter(Boolean).join('&')}`);

  it('answers 400 to an integer parameter past 2^31 − 1 on every list', async () => {
    const walked: string[] = [];
    for (const { path, base, integers } of lists) {
      for (const name of integers) {
        const res = await get(path, base, `${name}=${HUGE}`);
        expect(res.statusCode, `${path} ${name}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json<Record<string, unknown>>()), `${path} ${name}`).toContain(name);
        walked.push(`${path} ${name}`);
      }
    }
    // The lists of the crud resources and the reports, each with page and its filters.
    expect(walked).toContain(`${resources.campaigns.endpoint} advertiser`);
    expect(walked).toContain(`${resources.videoclips.endpoint} product__advertiser`);
    expect(walked).toContain(`${resources.logEntries.endpoint} user`);
    expect(walked.length).toBeGreaterThan(40);
  });

  it('answers 400 to an ordering by an inherited property on every list', async () => {
    const walked = lists.filter((l) => l.ordering);
    expect(walked.length).toBeGreaterThanOrEqual(16);
    for (const { path, base } of walked) {
      for (const field of ['__proto__', 'constructor', '-constructor', 'toString', 'hasOwnProperty']) {
        const res = await get(path, base, `ordering=${field}`);
        expect(res.statusCode, `${path} ${field}: ${res.body}`).toBe(400);
      }
    }
  });

  it('gives at most the largest page of the audit log and the raw plays for page_size=0', async () => {
    const site = await deliverySite(ctx.db);
    const campaign = await deliveryCampaign(ctx.db, { clip: await clipOf(ctx.db, 10), sites: [site], zones: [1] });
    const rows = API_MAX_PAGE_SIZE + 5;
    await sql`
      insert into log_entries (action_time, user_id, model, object_id, object_repr, action_flag, change_message)
      select now() - make_interval(secs => i), null, 'campaign', ${String(campaign.id)}, 'Bulk', 2, ''
      from generate_series(1, ${rows}) as i`.execute(ctx.db);
    await createPartitions(ctx.db, [monthOf(Date.parse(`${TODAY}T12:00:00Z`))]);
    await sql`
      insert into device_events (device_id, location_id, campaign_id, zone, started_at, duration_ms, viewers)
      select ${site.devices[0]!.id}, ${site.id}, ${campaign.id}, 1, ${`${TODAY}T12:00:00Z`}::timestamptz
        + make_interval(secs => i), 10000, 0
      from generate_series(1, ${rows}) as i`.execute(ctx.db);
    for (const url of [
      `${resources.logEntries.endpoint}?page_size=0`,
      `${resources.eventLogs.endpoint}?page_size=0&date__gte=${TODAY}&date__lte=${TODAY}`,
    ]) {
      const res = await admin.get(url);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json<{ count: number; next: string | null; results: unknown[] }>();
      expect(page.results.length, url).toBe(API_MAX_PAGE_SIZE);
      expect(page.count, url).toBeGreaterThanOrEqual(rows);
      expect(page.next, url).not.toBeNull();
    }
    // Other lists still give every row for page_size=0 (spec §7).
    const all = await admin.get(`${resources.locations.endpoint}?page_size=0`);
    expect(all.json<{ next: string | null }>().next).toBeNull();
  });
});
