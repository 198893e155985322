// Factories for the delivery suites: a location with a loop, opening hours and devices active over
// chosen periods, a clip of a chosen length, a booked campaign there, and plays sent through the
// device gateway (completed or short, right or wrong checksum, with or without viewers).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { deviceGatewayEndpoints, type DeviceEvent, type EventsResponse } from '@marquee/contracts/device-gateway';
import type { Database } from '../../src/db/database.ts';
import { createVideoRow } from './advertiser-factories.ts';
import { TODAY, createCampaign, usableClip } from './campaign-factories.ts';
import { createDevice, createLocation } from './location-factories.ts';

export type Site = { id: number; devices: { id: number; token: string }[] };

/** A location with `loop` seconds and opening hours, and a device active from each of `since`
 * (ISO instants; to `until` when given). */
export async function deliverySite(
  db: Database,
  {
    loop = 60,
    open = '06:00',
    close = '24:00',
    impressionsPerPlay = null,
    devices = [{ since: `${TODAY}T00:00:00Z` }],
  }: {
    loop?: number;
    open?: string;
    close?: string;
    impressionsPerPlay?: number | null;
    devices?: { since: string; until?: string }[];
  } = {},
): Promise<Site> {
  const location = await createLocation(db);
  await db
    .updateTable('locations')
    .set({ loop_seconds: loop, open_time: open, close_time: close, impressions_per_play: impressionsPerPlay })
    .where('id', '=', location.id)
    .execute();
  const made = [];
  for (const { since, until } of devices) {
    const device = await createDevice(db, location.id);
    await db
      .insertInto('device_periods')
      .values({ device_id: device.id, location_id: location.id, active_from: since, active_to: until ?? null })
      .execute();
    made.push(device);
  }
  return { id: location.id, devices: made };
}

/** A clip of `seconds` with its file's checksum. */
export async function clipOf(db: Database, seconds: number) {
  const clip = await usableClip(db);
  const video = await createVideoRow(db, { duration: seconds });
  await db.updateTable('videoclips').set({ video_id: video.id }).where('id', '=', clip.id).execute();
  const { checksum } = await db
    .selectFrom('videos')
    .select('checksum')
    .where('id', '=', video.id)
    .executeTakeFirstOrThrow();
  return { ...clip, checksum };
}

/** A campaign (Active unless `state` says) of `clip` at the sites. */
export async function deliveryCampaign(
  db: Database,
  {
    clip,
    sites,
    state = 3,
    zones = [1],
    start = TODAY,
    end = TODAY,
    window,
    goal,
  }: {
    clip: { id: number };
    sites: { id: number }[];
    state?: number;
    zones?: number[];
    start?: string;
    end?: string;
    window?: [string, string];
    goal?: { goal_type: 'plays' | 'impressions'; goal_value: number };
  },
) {
  const made = await createCampaign(db, {
    videoclip: clip.id,
    locations: sites.map((s) => s.id),
    state,
    zones,
    start,
    end,
  });
  if (window || goal) {
    await db
      .updateTable('campaigns')
      .set({
        ...(window ? { p_times_on: true, p_start_time: window[0], p_end_time: window[1] } : {}),
        ...(goal ?? {}),
      })
      .where('id', '=', made.id)
      .execute();
  }
  return made;
}

/** Sends the events as one batch from the device; fails the test on anything but 200 with no row
 * rejected. */
export async function sendPlays(app: FastifyInstance, token: string, events: DeviceEvent[]) {
  const res = await app.inject({
    method: 'POST',
    url: deviceGatewayEndpoints.events,
    headers: { authorization: `Bearer ${token}` },
    payload: { batch_id: crypto.randomUUID(), events },
  });
  if (res.statusCode !== 200) throw new Error(`events answered ${res.statusCode}: ${res.body}`);
  const answer = res.json<EventsResponse>();
  if (answer.rejected.length) throw new Error(`events rejected rows: ${res.body}`);
  return answer;
}

/** `n` plays of `campaign` in zone 1, one a minute from `from` (ISO), each with `extra`. */
export const plays = (campaign: number, n: number, from: string, extra: Partial<DeviceEvent> = {}): DeviceEvent[] =>
  Array.from({ length: n }, (_, i) => ({
    campaign,
    zone: 1,
    started_at: new Date(Date.parse(from) + i * 60_000).toISOString(),
    duration_ms: 10_000,
    ...extra,
  }));
