// The player's calls to the Marquee server that serves it (same origin): pairing, then the device
// gateway with its token. Shapes are the contracts' types only (no zod in the player's bundle).
import {
  deviceGatewayEndpoints,
  devicePairingEndpoints,
  devicePairingUrl,
  SCREENSHOT_CONTENT_TYPE,
} from '@marquee/contracts/device-paths';
import type { PairingCreated, PairingStatus } from '@marquee/contracts/device-pairing';
import type {
  EventsBatch,
  EventsResponse,
  HeartbeatInput,
  HeartbeatResponse,
  PlaylistResponse,
} from '@marquee/contracts/device-gateway';

/** The server refused the device token (the device was deleted or disabled): pair again. */
export class TokenRefused extends Error {}

/** The server answered something else than expected; `retryAfter` in seconds when it said so. */
export class ServerError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: number | null,
  ) {
    super(`The server answered ${status}.`);
  }
}

const retryAfterOf = (res: Response) => {
  const value = Number(res.headers.get('retry-after'));
  return Number.isFinite(value) && value > 0 ? value : null;
};

async function json<T>(res: Response): Promise<T> {
  if (!res.ok) throw new ServerError(res.status, retryAfterOf(res));
  return (await res.json()) as T;
}

/** A new pairing: the code to show, and the secret to poll it with. */
export const askPairing = async () =>
  json<PairingCreated>(await fetch(devicePairingEndpoints.pairings, { method: 'POST' }));

/** The pairing's state; null once it has ended (expired or claimed): ask for a new one. */
export async function pollPairing(pairing: PairingCreated): Promise<PairingStatus | null> {
  const res = await fetch(devicePairingUrl(pairing.id), { headers: { authorization: `Bearer ${pairing.secret}` } });
  if (res.status === 404 || res.status === 410) return null;
  return json<PairingStatus>(res);
}

/** The playlist with its ETag, or null when the one held (`etag`) is still current (304). */
export async function fetchPlaylist(
  token: string,
  etag: string | null,
): Promise<{ playlist: PlaylistResponse; etag: string } | null> {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (etag) headers['if-none-match'] = etag;
  const res = await fetch(deviceGatewayEndpoints.playlist, { headers, cache: 'no-store' });
  if (res.status === 401) throw new TokenRefused();
  if (res.status === 304) return null;
  const playlist = await json<PlaylistResponse>(res);
  return { playlist, etag: res.headers.get('etag') ?? playlist.version };
}

/** A call of the gateway with the device token: a 401 is TokenRefused, another failure a ServerError. */
async function gateway<T>(token: string, url: string, contentType: string, body: BodyInit): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    body,
  });
  if (res.status === 401) throw new TokenRefused();
  return json<T>(res);
}

/** Tells the server the player is alive; its answer carries the server's clock and staff's commands. */
export const heartbeat = (token: string, input: HeartbeatInput) =>
  gateway<HeartbeatResponse>(token, deviceGatewayEndpoints.heartbeat, 'application/json', JSON.stringify(input));

/** Sends a batch of plays; the answer accounts for every row. */
export const postEvents = (token: string, batch: EventsBatch) =>
  gateway<EventsResponse>(token, deviceGatewayEndpoints.events, 'application/json', JSON.stringify(batch));

/** Sends a JPEG of what the screen shows. */
export const postScreenshot = (token: string, jpeg: Blob) =>
  gateway<unknown>(token, deviceGatewayEndpoints.screenshot, SCREENSHOT_CONTENT_TYPE, jpeg);
