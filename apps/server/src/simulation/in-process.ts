// The simulator inside the server process: devices and campaigns read from the tables, the gateway
// reached through `app.inject` (no port). The first start uses it for the demo history, so every
// report has data; the tests use it on small setups.
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { REPORT_STATES } from '@marquee/contracts/campaigns';
import { openHours } from '@marquee/contracts/inventory';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import { hashDeviceToken } from '../modules/locations/devices.service.ts';
import { runSimulation, type Send, type SimDevice, type SimulationSummary } from './driver.ts';
import type { SimCampaign } from './generate.ts';
import { CAMPAIGN_TARGETING_COLUMNS } from '../modules/campaigns/campaigns.repository.ts';

/** The gateway through `app.inject`. */
export const injectSend =
  (app: FastifyInstance): Send =>
  async ({ method, path, token, body }) => {
    const res = await app.inject({
      method,
      url: path,
      headers: { authorization: `Bearer ${token}` },
      ...(body === undefined ? {} : { payload: body as object }),
    });
    return { status: res.statusCode, body: res.json() };
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
      'campaigns.start_date',
      'campaigns.end_date',
      ...CAMPAIGN_TARGETING_COLUMNS,
      'videos.duration',
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
      start_date: asDay(r.start_date),
      end_date: asDay(r.end_date),
      zones: r.p_zones ?? [],
      p_times_on: r.p_times_on,
      p_start_time: r.p_start_time,
      p_end_time: r.p_end_time,
      p_gender_on: r.p_gender_on,
      p_gender: r.p_gender === 'm' || r.p_gender === 'f' ? r.p_gender : null,
      p_age_on: r.p_age_on,
      p_age: r.p_age,
      duration: Number(r.duration),
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
    issued.push({ serial: d.serial_number, token, location: d.location_id, hours: openHours(d) });
  }
  return issued;
}

/** Days of history the first start creates, and how busy it is (plays per campaign, zone and hour). */
export const DEMO_HISTORY_DAYS = 14;
const DEMO_PLAYS_PER_HOUR = 3;
const DEMO_SEED = 20_240_601;

/**
 * The demo history: the demo devices (which had no usable token) get tokens and report the last
 * DEMO_HISTORY_DAYS days up to now through the real gateway, for every campaign that went to their
 * location, within each campaign's dates.
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
  return runSimulation({
    devices,
    campaigns,
    settings: {
      timeZone: config.timeZone,
      ageGroups: config.campaigns.ageGroups.map((g) => g.id),
      playsPerHour: DEMO_PLAYS_PER_HOUR,
    },
    from: to - DEMO_HISTORY_DAYS * 86_400_000,
    to,
    seed: DEMO_SEED,
    send: injectSend(app),
    // One database connection under PGlite: more at once would only queue.
    concurrency: 1,
  });
}
