// Prometheus metrics: who may read them (this machine, or the metrics token; everyone else gets the
// 404 of an unknown path), request durations labelled by route pattern, and device events counted.
import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { deviceGatewayEndpoints as gateway } from '@marquee/contracts/device-gateway';
import { details } from '@marquee/contracts/texts';
import { resources } from '@marquee/contracts/resources';
import { describeBackends } from './helpers/backends.ts';
import { NOW, clockConfig, createCampaign, usableClip } from './helpers/campaign-factories.ts';
import { Client, asAdmin } from './helpers/factories.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

const TOKEN = crypto.randomBytes(24).toString('base64url');

/** The value of one series in the exposition text (`name{labels} value`); 0 when it is absent. */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describeBackends(
  'metrics',
  (ctx) => {
    const scrape = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics' });
      expect(res.statusCode).toBe(200);
      return res.body;
    };

    it('answers this machine (loopback) in the Prometheus text format, with the process metrics', async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.body).toContain('# TYPE http_request_duration_seconds histogram');
      expect(res.body).toContain('# TYPE marquee_device_events_ingested_total counter');
      expect(res.body).toContain('process_cpu_user_seconds_total');
      expect(res.headers['set-cookie']).toBeUndefined();
      const v6 = await ctx.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '::1' });
      expect(v6.statusCode).toBe(200);
    });

    it('tells how many database connections are in use and how many queries wait, while they do', async () => {
      const idle = await scrape();
      expect(idle).toContain('# TYPE marquee_db_pool_connections_in_use gauge');
      expect(sample(idle, 'marquee_db_pool_waiting')).toBe(0);
      // A transaction holds a connection while the scrape runs (PGlite's one connection: the others wait).
      let scraped = '';
      await ctx.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').limit(1).execute();
        const pending = ctx.db.selectFrom('users').select('id').limit(1).execute();
        scraped = await scrape();
        if (ctx.backend === 'pglite') expect(sample(scraped, 'marquee_db_pool_waiting')).toBeGreaterThanOrEqual(1);
        await Promise.race([pending, new Promise((resolve) => setTimeout(resolve, 10))]);
      });
      expect(sample(scraped, 'marquee_db_pool_connections_in_use')).toBeGreaterThanOrEqual(1);
    });

    it('is a 404 from another address without the token, with a wrong token, or when no token is set', async () => {
      const stranger = new Client(ctx.app);
      const refused = await stranger.get('/metrics');
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ detail: details.notFound });
      // Without METRICS_TOKEN set, no token opens it.
      expect((await stranger.get('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).statusCode).toBe(404);

      const withToken = await ctx.buildApp({ ...clockConfig, metricsToken: TOKEN });
      const from = (headers: Record<string, string>) =>
        withToken.inject({ method: 'GET', url: '/metrics', remoteAddress: '10.1.2.3', headers });
      expect((await from({})).statusCode).toBe(404);
      expect((await from({ authorization: `Bearer ${TOKEN}x` })).statusCode).toBe(404);
      expect((await from({ authorization: `Basic ${TOKEN}` })).statusCode).toBe(404);
      const ok = await from({ authorization: `Bearer ${TOKEN}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('http_request_duration_seconds');
    });

    it('does not trust X-Forwarded-For, and refuses loopback requests a proxy forwarded', async () => {
      // The app trusts proxies, so request.ip would be 127.0.0.1 here: the socket's address decides.
      const forged = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '10.9.8.7',
        headers: { 'x-forwarded-for': '127.0.0.1' },
      });
      expect(forged.statusCode).toBe(404);
      // A reverse proxy on this machine connects from loopback on behalf of anyone.
      const proxied = await ctx.app.inject({
        method: 'GET',
        url: '/metrics',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(proxied.statusCode).toBe(404);
    });

    it('times requests by route pattern, never by the raw URL', async () => {
      const admin = await asAdmin(ctx.app);
      const location = await createLocation(ctx.db);
      const url = `${resources.locations.endpoint}${location.id}/`;
      const series = `http_request_duration_seconds_count{method="GET",route="${resources.locations.endpoint}:id/",status_code="200"}`;
      const before = sample(await scrape(), series);
      expect((await admin.get(url)).statusCode).toBe(200);
      const text = await scrape();
      expect(sample(text, series)).toBe(before + 1);
      expect(text).toContain(
        `http_request_duration_seconds_bucket{le="0.005",method="GET",route="${resources.locations.endpoint}:id/"`,
      );
      expect(text).not.toContain(url);
    });

    it('counts the events of stored device batches and their sizes, not duplicates or rejected rows', async () => {
      const location = await createLocation(ctx.db);
      const { token } = await createDevice(ctx.db, location.id);
      const clip = await usableClip(ctx.db);
      const campaign = await createCampaign(ctx.db, { videoclip: clip.id, locations: [location.id], state: 3 });
      const events = Array.from({ length: 3 }, (_, i) => ({
        campaign: campaign.id,
        zone: 1,
        started_at: new Date(NOW.getTime() - (30 + i) * 60_000).toISOString(),
        duration_ms: 15_000,
        viewers: [],
      }));
      const post = (payload: object) =>
        ctx.app.inject({ method: 'POST', url: gateway.events, headers: { authorization: `Bearer ${token}` }, payload });

      const before = await scrape();
      const body = { batch_id: crypto.randomUUID(), events };
      expect((await post(body)).json()).toEqual({ accepted: 3, duplicate: false, duplicates: 0, rejected: [] });
      expect((await post(body)).json()).toEqual({ accepted: 0, duplicate: true, duplicates: 3, rejected: [] });
      const refused = await post({ batch_id: crypto.randomUUID(), events: [{ ...events[0]!, zone: 2 }] });
      expect(refused.json()).toMatchObject({ accepted: 0, rejected: [{ index: 0, field: 'zone' }] });

      const after = await scrape();
      const counter = 'marquee_device_events_ingested_total';
      expect(sample(after, counter)).toBe(sample(before, counter) + 3);
      expect(sample(after, 'marquee_device_event_batch_size_count')).toBe(
        sample(before, 'marquee_device_event_batch_size_count') + 1,
      );
      expect(sample(after, 'marquee_device_event_batch_size_sum')).toBe(
        sample(before, 'marquee_device_event_batch_size_sum') + 3,
      );
      const route = `http_request_duration_seconds_count{method="POST",route="${gateway.events}",status_code="200"}`;
      // The batch whose only row was rejected is answered 200 too.
      expect(sample(after, route)).toBe(sample(before, route) + 3);
    });
  },
  { config: clockConfig },
);
