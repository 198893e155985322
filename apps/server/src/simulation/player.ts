// A simulated player's side of the gateway and of screen health: the calls it makes, the
// facts it reports with each heartbeat, and how it fetches its playlist (`If-None-Match` with the
// version it has, the old one kept on 304) and applies it — or, stuck, does not. The history back-fill
// and the live run share it.
import {
  MAX_RETRY_AFTER_SECONDS,
  deviceGatewayEndpoints as api,
  type DeviceFacts,
  type EventsBatch,
  type EventsResponse,
  type HeartbeatInput,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import type { GatewayCommand } from '@marquee/contracts/device-commands';
import { buildVersion } from '../../../../scripts/version.mjs';
import { drawPlayerHardware, offBySchedule, playlistBytes, storageUsedMb } from './player-facts.ts';
import { createRandom, mixSeed } from './random.ts';

/** A gateway call of a device and its answer (`etag`: the answer's ETag header, when it has one).
 * `token` goes as `Authorization: Bearer <token>` (the device token, or a pairing's secret; none for
 * asking for a pairing); `query`, when given, is added to the path. */
export type GatewayRequest = {
  method: 'GET' | 'POST';
  path: string;
  token?: string;
  query?: Record<string, string>;
  body?: unknown;
  headers?: Record<string, string>;
};
/** `retryAfter`: the answer's Retry-After header in seconds, when it has one. */
export type GatewayResponse = { status: number; body: unknown; etag?: string; retryAfter?: number };

/** An answer's Retry-After in seconds (the form this server sends), undefined when absent or a date. */
export const retryAfterOf = (header: string | null | undefined): number | undefined =>
  header && /^\d+$/.test(header.trim()) ? Number(header) : undefined;
export type Send = (request: GatewayRequest) => Promise<GatewayResponse>;

/** The request's path with its query. */
export const urlOf = ({ path, query }: Pick<GatewayRequest, 'path' | 'query'>) =>
  query && Object.keys(query).length ? `${path}?${new URLSearchParams(query)}` : path;

/** The request's Authorization header, when it has a token. */
export const authorizationOf = ({ token }: Pick<GatewayRequest, 'token'>): Record<string, string> =>
  token === undefined ? {} : { authorization: `Bearer ${token}` };

/** A gateway answer other than the ones expected, with what the server said. */
export class GatewayError extends Error {
  readonly status: number;
  constructor(request: GatewayRequest, response: GatewayResponse) {
    super(`${request.method} ${urlOf(request)} answered ${response.status}: ${JSON.stringify(response.body)}`);
    this.name = 'GatewayError';
    this.status = response.status;
  }
}

/** A gateway call that got no answer to read: no connection, cut off, or a body that is not JSON (a
 * proxy's error page). */
export class GatewayUnreachable extends Error {
  constructor(request: GatewayRequest, cause: unknown) {
    // fetch says only "fetch failed"; its cause says why (ECONNREFUSED …).
    const why = cause instanceof Error ? cause.message : String(cause);
    const detail = cause instanceof Error && cause.cause instanceof Error ? ` (${cause.cause.message})` : '';
    super(`${request.method} ${urlOf(request)} got no answer: ${why}${detail}`, { cause });
    this.name = 'GatewayUnreachable';
  }
}

/** `send` with its own failures thrown as GatewayUnreachable, told apart from the simulator's errors. */
export const reaching =
  (send: Send): Send =>
  async (request) => {
    try {
      return await send(request);
    } catch (err) {
      throw new GatewayUnreachable(request, err);
    }
  };

/** The answer's body; anything but `expect` (200) is an error. */
export async function call(send: Send, request: GatewayRequest, expect: number[] = [200]): Promise<GatewayResponse> {
  const response = await send(request);
  if (!expect.includes(response.status)) throw new GatewayError(request, response);
  return response;
}

/** Waits `ms`, or less when `signal` aborts. */
export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });

/** How long to wait before sending a batch refused with 503 again: its Retry-After (a second when
 * there is none; at most MAX_RETRY_AFTER_SECONDS), plus up to half of it again so that refused devices
 * do not all come back at once. */
export const retryDelayMs = (retryAfter: number | undefined) =>
  Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, retryAfter ?? 1)) * 1000 * (1 + Math.random() / 2);

/** Tries a batch gets while the server answers 503 before the simulator gives up on it. */
export const BUSY_TRIES = 30;

/** Posts a batch of plays. While the server answers 503 (it holds all the batches it takes, or its
 * database cannot be reached) it waits as `retryDelayMs` says and sends the same batch, with the same
 * id, again: the server stores a batch once however
 * often it is sent. Anything else but 200 is an error. */
export async function postEvents(
  send: Send,
  token: string,
  body: EventsBatch,
  { wait = sleep, signal }: { wait?: (ms: number, signal?: AbortSignal) => Promise<void>; signal?: AbortSignal } = {},
): Promise<GatewayResponse> {
  const request: GatewayRequest = { method: 'POST', path: api.events, token, body };
  for (let tries = 1; ; tries++) {
    const response = await send(request);
    if (response.status !== 503 || tries >= BUSY_TRIES || signal?.aborted) {
      if (response.status !== 200) throw new GatewayError(request, response);
      return response;
    }
    await wait(retryDelayMs(response.retryAfter), signal);
  }
}

/** The rows of a batch the server rejected (their indexes in the batch): a player drops them from its
 * queue like the stored ones (the server keeps them, with the reason), and never sends them again. */
export const rejectedRows = (response: GatewayResponse): Set<number> =>
  new Set(((response.body as Partial<EventsResponse> | null)?.rejected ?? []).map((r) => r.index));

/** What the devices of a run did for screen health. */
export type HealthCounts = {
  heartbeats: number;
  /** Playlist fetches, and those answered 304 (nothing changed since the version the device has). */
  playlists: number;
  not_modified: number;
  /** Playlist versions the devices applied (each device's first one included), and fetches of a newer
   * version that a device which stopped applying playlists (`stale`) did not apply. */
  versions_applied: number;
  versions_ignored: number;
  /** Offline stretches the devices went through (nothing sent in them). */
  offline_stretches: number;
};

export const emptyHealth = (): HealthCounts => ({
  heartbeats: 0,
  playlists: 0,
  not_modified: 0,
  versions_applied: 0,
  versions_ignored: 0,
  offline_stretches: 0,
});

let appVersion: string | undefined;
/** What the simulated players report as their app: `marquee-sim/<build version>`. */
export const simAppVersion = () => (appVersion ??= `marquee-sim/${buildVersion()}`.slice(0, 50));

/** The local days a simulated player asks its playlist for (`?days=`): today and tomorrow, so that
 * past midnight, or cut off from the server, it plays the next day's loop from the playlist it holds,
 * as a real player does. */
export const PLAYLIST_DAYS = 2;

/** The playlist's version: its `version`, or (a server that sends only the header) its ETag. */
export const versionOf = (playlist: Pick<PlaylistResponse, 'version'>, etag?: string): string | undefined =>
  playlist.version || etag?.replace(/^W\//, '').replace(/^"(.*)"$/, '$1') || undefined;

export type Player = {
  /** The playlist the player plays (null before its first fetch). */
  readonly playlist: PlaylistResponse | null;
  /** The facts a heartbeat at `at` (ms, simulated time) carries. */
  facts(at: number): DeviceFacts;
  heartbeat(at: number): Promise<void>;
  /** Fetches the playlist and applies a new version (unless stale); `changed`: it applied one. */
  fetchPlaylist(): Promise<{ playlist: PlaylistResponse; changed: boolean }>;
  /** It starts again (after a dark stretch): its uptime counts from `at`. */
  restart(at: number): void;
};

/** Mixed into a player's seed for the stream of its storage quota and clock (player-facts.ts): a stream
 * of their own, so the facts it reported before stay those of the seed. */
export const HARDWARE_STREAM = 0x5707;

/**
 * A player with its own random stream (so its facts change no play): it booted some hours before
 * `bootAt`, its disk fills slowly, its CPU runs warm (cooler with the panel off). Its panel is off by
 * schedule outside the opening hours of the playlist it holds; its storage holds that playlist's files
 * and the plays not sent, against a quota of its own; its clock drifts a little from the server's from
 * each start on (player-facts.ts). It drops no plays (it keeps every one it could not send: no queue
 * limit) and has no faults (it fetches no files, so none fails), so it reports `dropped: 0` and
 * `faults: []`. `screenOff`: it says the panel is off, whatever the hours. `stale`: it keeps the first
 * playlist version it applied, though it still fetches. `queued`: the plays it holds that earlier
 * reports could not send (its heartbeats' queue depth). A failed call throws and changes nothing: it
 * keeps its playlist, and the commands it carried out and a reload asked for go with the next
 * heartbeat and fetch.
 */
export function createPlayer({
  token,
  send,
  seed,
  bootAt,
  counts,
  screenOff = false,
  stale = false,
  queued = () => 0,
}: {
  token: string;
  send: Send;
  seed: number;
  bootAt: number;
  counts: HealthCounts;
  screenOff?: boolean;
  stale?: boolean;
  queued?: () => number;
}): Player {
  const random = createRandom(seed);
  let boot = bootAt - random.int(0, 72) * 3_600_000;
  let disk = random.int(8_000, 60_000);
  const hardware = drawPlayerHardware(createRandom(mixSeed(seed, HARDWARE_STREAM)));
  /** The playlist it plays, its version and the answer's ETag (sent back as `If-None-Match`). */
  let applied: { playlist: PlaylistResponse; version: string | undefined; etag: string | undefined } | null = null;
  /** The bytes of the files the applied playlist names, worked out once per answer applied. */
  let files: { playlist: PlaylistResponse; bytes: number } | null = null;
  const fileBytes = () => {
    if (!applied) return 0;
    if (files?.playlist !== applied.playlist) {
      files = { playlist: applied.playlist, bytes: playlistBytes(applied.playlist) };
    }
    return files.bytes;
  };
  /** Commands carried out since the last heartbeat, and whether the next fetch asks for the whole playlist. */
  let done: number[] = [];
  let refetch = false;

  const facts = (at: number): DeviceFacts => {
    disk = Math.max(500, disk - random.int(0, 3));
    const version = applied?.version;
    const state = screenOff ? 'off' : offBySchedule(applied?.playlist ?? null, at) ? 'off_by_schedule' : 'on';
    // It sends the plays since its last report right after the heartbeat: only those a failed report
    // left wait.
    const waiting = queued();
    return {
      ...(version ? { playlist_version: version } : {}),
      screen_on: state === 'on',
      screen_state: state,
      queue_depth: waiting,
      dropped: 0,
      storage_used_mb: storageUsedMb(fileBytes(), waiting),
      storage_quota_mb: hardware.quotaMb,
      // It set its clock when it (last) started.
      clock_offset_ms: hardware.clockOffsetMs(at, boot),
      faults: [],
      uptime_s: Math.max(0, Math.floor((at - boot) / 1000)),
      disk_free_mb: disk,
      cpu_temp_c: Math.round(((state === 'on' ? 47 : 36) + random.next() * 9) * 10) / 10,
      app_version: simAppVersion(),
    };
  };

  return {
    get playlist() {
      return applied?.playlist ?? null;
    },
    facts,
    async heartbeat(at) {
      const body: HeartbeatInput = { status: 'ok', ...facts(at), ...(done.length ? { done_commands: done } : {}) };
      const response = await call(send, { method: 'POST', path: api.heartbeat, token, body });
      counts.heartbeats++;
      done = [];
      // Reload and clear the cache: fetch the whole playlist again at the next fetch. It has no picture
      // to send, so a screenshot command stays handed out, not done.
      for (const command of (response.body as { commands?: GatewayCommand[] } | null)?.commands ?? []) {
        if (command.kind === 'screenshot') continue;
        refetch = true;
        done.push(command.id);
      }
    },
    async fetchPlaylist() {
      // The ETag it was given (the version alone for every zone and the default days, the version with
      // a hash of the answer otherwise); the quoted version from a server that sends none.
      const has = refetch ? undefined : (applied?.etag ?? (applied?.version && `"${applied.version}"`));
      const response = await call(
        send,
        {
          method: 'GET',
          path: api.playlist,
          query: { days: String(PLAYLIST_DAYS) },
          token,
          ...(has ? { headers: { 'if-none-match': has } } : {}),
        },
        has ? [200, 304] : [200],
      );
      refetch = false;
      counts.playlists++;
      if (response.status === 304) {
        counts.not_modified++;
        return { playlist: applied!.playlist, changed: false };
      }
      const playlist = response.body as PlaylistResponse;
      const version = versionOf(playlist, response.etag);
      if (applied && version === applied.version) {
        // The same content (a server without versions answers 200 every time): keep the clip data fresh.
        applied = { playlist, version, etag: response.etag };
        return { playlist, changed: false };
      }
      if (applied && stale) {
        counts.versions_ignored++;
        return { playlist: applied.playlist, changed: false };
      }
      applied = { playlist, version, etag: response.etag };
      counts.versions_applied++;
      return { playlist, changed: true };
    },
    restart(at) {
      boot = at;
    },
  };
}
