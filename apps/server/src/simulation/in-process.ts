// The simulator inside the server process: devices and campaigns read from the tables, the gateway
// reached through `app.inject` (no port). The first start uses it for the demo history, so every
// report has data; the tests use it on small setups.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REPORT_STATES } from '@marquee/contracts/campaigns';
import { openHours } from '@marquee/contracts/inventory';
import { dayOfInstant, zonedInstant } from '@marquee/contracts/time-zones';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { targetingOf } from '../modules/campaigns/campaigns.repository.ts';
import { hashDeviceToken } from '../modules/locations/devices.service.ts';
import { runSimulation, type SimDevice, type SimulationSummary } from './driver.ts';
import { authorizationOf, retryAfterOf, urlOf, type Send } from './player.ts';
import type { SimCampaign } from './generate.ts';
import { CAMPAIGN_TARGETING_COLUMNS } from '../modules/campaigns/campaigns.repository.ts';

/** The gateway through `app.inject`. */
export const injectSend =
  (app: FastifyInstance): Send =>
  async (request) => {
    const { method, body, headers } = request;
    const res = await app.inject({
      method,
      url: urlOf(request),
      headers: { ...headers, ...authorizationOf(request) },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    // A 304 has no body.
    const etag = res.headers.etag;
    const retryAfter = retryAfterOf(res.headers['retry-after']?.toString());
    return {
      status: res.statusCode,
      body: res.body ? res.json() : null,
      ...(typeof etag === 'string' ? { etag } : {}),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    };
  };

/** Campaigns the reports count (approved and later) by location, with their clip's length. */
export async function campaignsByLocation(db: Database): Promise<Map<number, SimCampaign[]>> {
  const rows = await db
    .selectFrom('campaigns')
    .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
    .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
    .innerJoin('videos', 'videos.id', 'videoclips.video_id')
    .select([
      'cl.location_id',
      'campaigns.id',
      'campaigns.state',
      'campaigns.ordering',
      'campaigns.start_date',
      'campaigns.end_date',
      ...CAMPAIGN_TARGETING_COLUMNS,
      'videos.duration',
      'videos.checksum',
    ])
    .where('campaigns.state', 'in', [...REPORT_STATES])
    .orderBy('campaigns.ordering')
    .orderBy('campaigns.id')
    .execute();
  const byLocation = new Map<number, SimCampaign[]>();
  for (const r of rows) {
    const list = byLocation.get(r.location_id) ?? [];
    list.push({
      id: r.id,
      state: Number(r.state),
      ordering: r.ordering,
      start_date: asDay(r.start_date),
      end_date: asDay(r.end_date),
      zones: r.p_zones ?? [],
      ...targetingOf(r),
      duration: Number(r.duration),
      checksum: r.checksum,
    });
    byLocation.set(r.location_id, list);
  }
  return byLocation;
}

/** yyyy-MM-dd of a date column (a string from PGlite, a Date from node-postgres). */
const asDay = (value: string | Date) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** Gives the active devices at the given active locations new tokens (stored hashed, as registering
 * does) and returns them with the tokens. */
export async function issueTokens(db: Database, locations: number[]): Promise<SimDevice[]> {
  if (!locations.length) return [];
  const devices = await db
    .selectFrom('devices')
    .innerJoin('locations', 'locations.id', 'devices.location_id')
    .select([
      'devices.id',
      'devices.serial_number',
      'devices.location_id',
      'locations.open_time',
      'locations.close_time',
      'locations.loop_seconds',
    ])
    .where('devices.location_id', 'in', locations)
    .where('devices.is_active', '=', true)
    .where('locations.is_active', '=', true)
    .orderBy('devices.id')
    .execute();
  const issued: SimDevice[] = [];
  for (const d of devices) {
    const token = crypto.randomBytes(32).toString('base64url');
    await db
      .updateTable('devices')
      .set({ token_hash: hashDeviceToken(token) })
      .where('id', '=', d.id)
      .execute();
    issued.push({
      serial: d.serial_number,
      token,
      location: d.location_id,
      hours: openHours(d),
      opening: { open_time: d.open_time, close_time: d.close_time },
      loopSeconds: d.loop_seconds,
    });
  }
  return issued;
}

/** Days of history the first start creates: the devices play once per loop, so a longer history would
 * keep the first start waiting (devices count as active from their first play, so a short history does
 * not make a campaign look behind). */
export const DEMO_HISTORY_DAYS = 2;
/** A few plays cut short and a few wrong files, so the delivery reports have something to show. */
const DEMO_SHORT_SHARE = 0.02;
const DEMO_WRONG_CHECKSUM_SHARE = 0.005;
/** The demo device without a camera: its plays get modelled impressions. */
const DEMO_UNCOUNTED_SERIAL = 'UL-LOBBY-01';
/** A demo device that was off yesterday from 10:00 to 18:00 (local): the campaign it plays paces
 * behind. */
const DEMO_SILENT = { serial: 'CS-HALL-02', from: 10 * 60, to: 18 * 60 };
const DEMO_SEED = 20_240_601;

/**
 * The demo history: the demo devices (which had no usable token) get tokens and report from the start
 * of the day DEMO_HISTORY_DAYS days ago up to now through the real gateway, once per loop for every campaign that
 * went to their location, within each campaign's dates.
 */
export async function seedDemoHistory({
  app,
  db,
  config,
}: {
  app: FastifyInstance;
  db: Database;
  config: Pick<Config, 'now' | 'timeZone' | 'campaigns'>;
}): Promise<SimulationSummary> {
  const campaigns = await campaignsByLocation(db);
  const devices = await issueTokens(db, [...campaigns.keys()]);
  const to = config.now().getTime();
  const yesterday = dayOfInstant(to - 86_400_000, config.timeZone);
  const silent = [DEMO_SILENT.from, DEMO_SILENT.to].map((m) => zonedInstant(yesterday, m, config.timeZone));
  return runSimulation({
    devices: devices.map((d) => ({
      ...d,
      ...(d.serial === DEMO_UNCOUNTED_SERIAL ? { countsViewers: false } : {}),
      ...(d.serial === DEMO_SILENT.serial ? { silent: [silent[0]!, silent[1]!] as const } : {}),
    })),
    campaigns,
    settings: {
      timeZone: config.timeZone,
      ageGroups: config.campaigns.ageGroups.map((g) => g.id),
      playsPerHour: 'loop',
      shortShare: DEMO_SHORT_SHARE,
      wrongChecksumShare: DEMO_WRONG_CHECKSUM_SHARE,
    },
    // From the start of that day: the demo's campaigns that began then owe their whole first day.
    from: zonedInstant(dayOfInstant(to - DEMO_HISTORY_DAYS * 86_400_000, config.timeZone), 0, config.timeZone),
    to,
    seed: DEMO_SEED,
    send: injectSend(app),
    // One database connection under PGlite: more at once would only queue.
    concurrency: 1,
  });
}
