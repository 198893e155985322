// The load of `npm run soak`: simulated devices and staff members, each call timed and counted by
// kind (requests, 4xx, 5xx, failed, latencies), and what the gateway acknowledged.
import {
  deviceGatewayEndpoints as gw,
  type DeviceEvent,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import type { SimDevice } from '../simulation/driver.ts';
import { playlistCampaigns } from '../simulation/live.ts';
import { audienceMean, playDuration, viewersOf, type SimCampaign } from '../simulation/generate.ts';
import { retryAfterOf, retryDelayMs, sleep } from '../simulation/player.ts';
import type { Random } from '../simulation/random.ts';

/** A device reports every this often (heartbeat, then its plays since the last batch). */
const DEVICE_INTERVAL_MS = 15_000;
/** It fetches its playlist every this many reports. */
const PLAYLIST_EVERY = 4;
/** Plays of each campaign in each of its zones per hour: a 30-second loop. */
const PLAYS_PER_HOUR = 120;
/** A staff member's pause between two screens, ms. */
const THINK_MS: [number, number] = [500, 2000];

/** A call kind's counts. `busy`: 503 answers with Retry-After (the gateway holds all the batches it
 * takes), which tell a device to send again later: back-pressure, not a server error. */
export type CallStats = {
  requests: number;
  clientErrors: number;
  serverErrors: number;
  busy: number;
  failed: number;
  ms: number[];
};
export const stats = new Map<string, CallStats>();
const statsOf = (name: string) => {
  let s = stats.get(name);
  if (!s) stats.set(name, (s = { requests: 0, clientErrors: 0, serverErrors: 0, busy: 0, failed: 0, ms: [] }));
  return s;
};
export const failures: string[] = [];

/** One timed HTTP call; the answer's JSON (or null), its status (0 when the request failed) and the
 * Retry-After of a 503 that has one. */
export async function timed(
  name: string,
  url: string,
  init: RequestInit,
): Promise<{ status: number; body: unknown; retryAfter?: number }> {
  const s = statsOf(name);
  s.requests++;
  const started = performance.now();
  try {
    const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
    const text = await res.text();
    s.ms.push(performance.now() - started);
    const retryAfter = res.status === 503 ? retryAfterOf(res.headers.get('retry-after')) : undefined;
    if (retryAfter !== undefined) {
      s.busy++;
    } else {
      if (res.status >= 500) s.serverErrors++;
      else if (res.status >= 400) s.clientErrors++;
      if (res.status >= 400 && failures.length < 20) failures.push(`${name} ${res.status}: ${text.slice(0, 200)}`);
    }
    const json = res.headers.get('content-type')?.includes('json') && text ? (JSON.parse(text) as unknown) : null;
    return { status: res.status, body: json, retryAfter };
  } catch (err) {
    s.failed++;
    if (failures.length < 20) failures.push(`${name} failed: ${err instanceof Error ? err.message : String(err)}`);
    return { status: 0, body: null };
  }
}

/** The plays of `campaigns` in [from, to): screens play all day, audiences follow the hour (UTC). */
function playsBetween(campaigns: SimCampaign[], from: number, to: number, ageGroups: number[], random: Random) {
  const events: DeviceEvent[] = [];
  for (const c of campaigns) {
    for (const zone of c.zones) {
      const plays = random.poisson((PLAYS_PER_HOUR * (to - from)) / 3_600_000);
      for (let i = 0; i < plays; i++) {
        const at = new Date(from + random.next() * (to - from));
        // At least one viewer on average, so the audience rollups have work at night too.
        const mean = Math.max(1, audienceMean(at.toISOString().slice(0, 10), at.getUTCHours()));
        events.push({
          campaign: c.id,
          zone,
          started_at: at.toISOString(),
          duration_ms: playDuration(c.duration, random),
          viewers: viewersOf(c, random.poisson(mean), ageGroups, random),
        });
      }
    }
  }
  return events;
}

export type Acknowledged = { batches: number; events: number; viewers: number; seconds: number; duplicates: number };

/** One device until `until`: report, fetch the playlist now and then, send its plays; a batch that
 * got no answer is sent again (same id) until it is acknowledged, as a real device would. After a 503
 * with Retry-After it sends nothing more until that time (and up to half of it again) has passed. */
export async function runDevice(
  base: string,
  device: SimDevice,
  random: Random,
  until: number,
  ack: Acknowledged,
  ages: number[],
) {
  const headers = { authorization: `Bearer ${device.token}`, 'content-type': 'application/json' };
  const post = (name: string, path: string, body: unknown) =>
    timed(name, `${base}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  let campaigns: SimCampaign[] = [];
  let pending: { batch_id: string; events: DeviceEvent[] }[] = [];
  await sleep(random.next() * DEVICE_INTERVAL_MS);
  let last = Date.now();
  /** When the server said it would take batches again. */
  let notBefore = 0;
  const send = async () => {
    const left = [];
    for (const batch of pending) {
      if (Date.now() < notBefore) {
        left.push(batch);
        continue;
      }
      const res = await post('device: events', gw.events, batch);
      if (res.retryAfter !== undefined) notBefore = Date.now() + retryDelayMs(res.retryAfter);
      if (res.status !== 200) {
        left.push(batch);
        continue;
      }
      const body = res.body as { accepted: number; duplicate: boolean };
      if (body.duplicate) ack.duplicates++;
      else {
        ack.batches++;
        ack.events += body.accepted;
        ack.viewers += batch.events.reduce((n, e) => n + (e.viewers?.length ?? 0), 0);
        ack.seconds += batch.events.reduce((n, e) => n + e.duration_ms, 0) / 1000;
      }
    }
    pending = left;
  };
  for (let cycle = 0; Date.now() < until; cycle++) {
    await post('device: heartbeat', gw.heartbeat, { status: 'ok' });
    if (cycle % PLAYLIST_EVERY === 0) {
      const res = await timed('device: playlist', `${base}${gw.playlist}`, {
        headers: { authorization: headers.authorization },
      });
      if (res.status === 200) campaigns = playlistCampaigns(res.body as PlaylistResponse);
    }
    const now = Date.now();
    const events = playsBetween(campaigns, last, now, ages, random);
    last = now;
    if (events.length) pending.push({ batch_id: random.uuid(), events });
    await send();
    await sleep(Math.max(0, Math.min(DEVICE_INTERVAL_MS, until - Date.now())));
  }
  // The last plays: a few more tries, each after any wait the server asked for.
  for (let attempt = 0; attempt < 3 && pending.length; attempt++) {
    await sleep(Math.max(0, notBefore - Date.now()));
    await send();
  }
}

/** Signs in as `admin` in a session of its own (the staff share the account, not the session). */
export async function signIn(base: string, password: string): Promise<string> {
  const cookies = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
    }
  };
  keep(await fetch(`${base}${userInfoEndpoint}`));
  const csrf = cookies.get('csrftoken') ?? '';
  const login = await fetch(`${base}${authEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!login.ok) throw new Error(`Staff sign-in answered ${login.status}: ${await login.text()}`);
  keep(login);
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

export type Ids = { campaigns: number[]; locations: number[] };

/** A staff member moving between screens until `until`, each a typical list or report call. */
export async function runStaff(base: string, cookie: string, random: Random, until: number, ids: Ids) {
  const pick = (list: number[]) => list[random.int(0, list.length - 1)];
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const stats = resources.eventStatistics.endpoint;
  const screens: [string, () => string][] = [
    ['staff: user-info', () => userInfoEndpoint],
    ['staff: campaigns', () => `${resources.campaigns.endpoint}?page=1&page_size=20&ordering=-id`],
    ['staff: locations', () => `${resources.locations.endpoint}?page=1&page_size=20&ordering=name`],
    ['staff: clips', () => `${resources.videoclips.endpoint}?page=1&page_size=20`],
    ['staff: log entries', () => `${resources.logEntries.endpoint}?page=1&page_size=50`],
    [
      'staff: statistics',
      () => `${stats}?campaign=${pick(ids.campaigns)}&date__gte=${weekAgo}&date__lte=${today}&group_by=day`,
    ],
    ['staff: statistics by location', () => `${stats}?location=${pick(ids.locations)}&group_by=campaign`],
    ['staff: event log', () => `${resources.eventLogs.endpoint}?campaign=${pick(ids.campaigns)}&page_size=50`],
    ['staff: statistics csv', () => `${stats}?campaign=${pick(ids.campaigns)}&group_by=hour&format=csv`],
  ];
  while (Date.now() < until) {
    const [name, path] = screens[random.int(0, screens.length - 1)]!;
    await timed(name, `${base}${path()}`, { headers: { cookie } });
    await sleep(THINK_MS[0] + random.next() * (THINK_MS[1] - THINK_MS[0]));
  }
}
