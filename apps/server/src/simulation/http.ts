// The simulator against a running server over HTTP: the gateway for the devices, and the admin API
// (signed in like the web app: session cookie and CSRF header) to read the configuration, locations
// and campaigns and to register the devices or type in the codes its screens show. Only HTTP, so it works whatever database the server has
// (PGlite allows a single connection: the server's).
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { CSRF_COOKIE, CSRF_HEADER } from '@marquee/contracts/auth';
import { REPORT_STATES, type Campaign } from '@marquee/contracts/campaigns';
import { devicePairEndpoint } from '@marquee/contracts/device-pairing';
import type { Device, DeviceRegistered } from '@marquee/contracts/locations';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import type { SimDevice } from './driver.ts';
import { authorizationOf, retryAfterOf, urlOf, type Send } from './player.ts';
import { simCampaignFields, type SimCampaign } from './generate.ts';

/** The gateway over HTTP at `baseUrl`. */
export const httpSend =
  (baseUrl: string): Send =>
  async (request) => {
    const { method, body, headers } = request;
    const res = await fetch(new URL(urlOf(request), baseUrl), {
      method,
      headers: {
        ...headers,
        ...authorizationOf(request),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // A 304 has no body.
    const text = await res.text();
    const etag = res.headers.get('etag');
    const retryAfter = retryAfterOf(res.headers.get('retry-after'));
    return {
      status: res.status,
      body: text ? JSON.parse(text) : null,
      ...(etag ? { etag } : {}),
      ...(retryAfter === undefined ? {} : { retryAfter }),
    };
  };

type Location = { id: number; name: string; open_time: string; close_time: string; loop_seconds: number };
type Paged<T> = { results: T[] } | T[];
const rowsOf = <T>(page: Paged<T>): T[] => (Array.isArray(page) ? page : page.results);

/** A signed-in admin API client that keeps its cookies. */
export class AdminClient {
  private readonly cookies = new Map<string, string>();
  /** How far the server's clock is ahead of ours (from the Date header), ms. */
  private skew = 0;
  constructor(private readonly baseUrl: string) {}

  /** The server's clock: the history ends at its now, so no event lies in its future. */
  serverNow = () => new Date(Date.now() + this.skew);

  private async request<T>(method: string, path: string, body?: unknown, { orError = true } = {}): Promise<T> {
    const unsafe = method !== 'GET';
    const res = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: {
        cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(unsafe ? { [CSRF_HEADER]: this.cookies.get(CSRF_COOKIE) ?? '' } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const date = Date.parse(res.headers.get('date') ?? '');
    // The header has whole seconds: its lower bound keeps events out of the server's future.
    if (Number.isFinite(date)) this.skew = date - Date.now();
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await res.text();
    if (!res.ok && orError) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return (res.ok && text ? JSON.parse(text) : null) as T;
  }

  /** Signs in; the first answer (a 401 before signing in) hands out the CSRF cookie. */
  async signIn(username: string, password: string): Promise<void> {
    await this.request('GET', userInfoEndpoint, undefined, { orError: false });
    await this.request('POST', authEndpoint, { username, password });
  }

  config = () => this.request<AppConfig>('GET', appConfigEndpoint);

  /** Active locations campaigns can go to (they have active devices). */
  locations = async () =>
    rowsOf(
      await this.request<Paged<Location>>(
        'GET',
        `${resources.locations.endpoint}?page_size=0&is_active=true&can_send_campaign=true`,
      ),
    );

  /** Campaigns the reports count at the location that are on some day of [from, to]. */
  async campaigns(location: number, from: string, to: string): Promise<SimCampaign[]> {
    const query = new URLSearchParams({ page_size: '0', location: String(location), date_from: from, date_to: to });
    const rows = rowsOf(await this.request<Paged<Campaign>>('GET', `${resources.campaigns.endpoint}?${query}`));
    return rows
      .filter((c) => (REPORT_STATES as readonly number[]).includes(c.state))
      .map((c) => ({
        ...simCampaignFields(c),
        zones: c.p_zones,
        duration: c.videoclip_data?.duration ?? 10,
        // The admin API does not show the clip's checksum: the driver takes it from the device's playlist.
      }));
  }

  /** Registers a device; the answer's token is the only time the server shows it. */
  async register(location: number, serial: string): Promise<SimDevice> {
    const device = await this.request<DeviceRegistered>('POST', resources.devices.endpoint, {
      location,
      serial_number: serial,
      device_type: 'screen',
      is_simulated: true,
    });
    return { serial: device.serial_number, token: device.token, location };
  }

  /** Types in the code a screen shows, as staff do on the location's Devices tab: a device with this
   * serial showing `zones` (marked simulated); the screen gets its token by polling its pairing. */
  pair = ({ code, location, serial, zones }: { code: string; location: number; serial: string; zones: number[] }) =>
    this.request<Device>('POST', devicePairEndpoint, {
      code,
      location,
      serial_number: serial,
      device_type: 'screen',
      zones,
      is_simulated: true,
    });

  /** Deletes every device the simulator registered (their events stay, without a device); gives how many. */
  async removeSimulated(): Promise<number> {
    const { results } = await this.request<{ results: { id: number }[] }>(
      'GET',
      `${resources.devices.endpoint}?is_simulated=true&page_size=0`,
    );
    for (const { id } of results) await this.request('DELETE', `${resources.devices.endpoint}${id}/`);
    return results.length;
  }
}
