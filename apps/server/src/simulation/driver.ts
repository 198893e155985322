// Drives simulated devices through the device gateway: each one sends a heartbeat, fetches its
// playlist (approved campaigns become Sent), then posts its history day by day in batches of at most
// 1000 events (plays make campaigns Active, viewers Viewed) with a heartbeat after each day.
// The gateway is reached through `send`: HTTP for the command line, `app.inject` for the demo data.
import {
  MAX_EVENTS_PER_BATCH,
  deviceGatewayEndpoints as api,
  type DeviceEvent,
} from '@marquee/contracts/device-gateway';
import { batchesOf, daysOf, eventsOfDay, playedCampaigns, type SimCampaign, type SimSettings } from './generate.ts';
import { createRandom, mixSeed } from './random.ts';

/** A gateway call of a device and its answer. */
export type GatewayRequest = { method: 'GET' | 'POST'; path: string; token: string; body?: unknown };
export type GatewayResponse = { status: number; body: unknown };
export type Send = (request: GatewayRequest) => Promise<GatewayResponse>;

/** A registered device: its token is the one whose sha256 the server keeps; `hours` are its location's
 * open hours (local; 06–24 when not given). */
export type SimDevice = { serial: string; token: string; location: number; hours?: readonly number[] };

export type SimulationProgress = { device: string; day: string; events: number; batches: number };

export type SimulationOptions = {
  devices: SimDevice[];
  /** Campaigns by location id. */
  campaigns: ReadonlyMap<number, SimCampaign[]>;
  settings: SimSettings;
  /** The history's span, ms: [from, to). */
  from: number;
  to: number;
  seed: number;
  send: Send;
  /** Devices driven at once. */
  concurrency?: number;
  batchSize?: number;
  onProgress?: (progress: SimulationProgress) => void;
};

export type CampaignLocationSummary = { campaign: number; location: number; events: number; viewers: number };

export type SimulationSummary = {
  devices: number;
  batches: number;
  events: number;
  viewers: number;
  /** Campaign id → events sent. */
  byCampaign: Map<number, number>;
  /** What each campaign got at each location: the figures its location report should grow by. */
  byCampaignLocation: Map<string, CampaignLocationSummary>;
  seconds: number;
};

/** A gateway answer other than 200, with what the server said. */
export class GatewayError extends Error {
  constructor(request: GatewayRequest, response: GatewayResponse) {
    super(`${request.method} ${request.path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    this.name = 'GatewayError';
  }
}

async function call(send: Send, request: GatewayRequest): Promise<unknown> {
  const response = await send(request);
  if (response.status !== 200) throw new GatewayError(request, response);
  return response.body;
}

/** One device's whole history; events of a device go in time order, as a real one sends them. */
async function driveDevice(
  device: SimDevice,
  index: number,
  options: SimulationOptions,
  summary: SimulationSummary,
): Promise<void> {
  const { send, settings, from, to } = options;
  const random = createRandom(mixSeed(options.seed, index));
  const { token } = device;
  await call(send, { method: 'POST', path: api.heartbeat, token, body: { status: 'ok' } });
  const playlist = (await call(send, { method: 'GET', path: api.playlist, token })) as {
    campaigns: { id: number }[];
  };
  const campaigns = playedCampaigns(
    options.campaigns.get(device.location) ?? [],
    new Set(playlist.campaigns.map((c) => c.id)),
  );
  if (!campaigns.length) return;

  const size = options.batchSize ?? MAX_EVENTS_PER_BATCH;
  let pending: DeviceEvent[] = [];
  const post = async (events: DeviceEvent[]) => {
    await call(send, { method: 'POST', path: api.events, token, body: { batch_id: random.uuid(), events } });
    summary.batches++;
    summary.events += events.length;
    for (const e of events) {
      summary.viewers += e.viewers.length;
      summary.byCampaign.set(e.campaign, (summary.byCampaign.get(e.campaign) ?? 0) + 1);
      const key = `${e.campaign}@${device.location}`;
      const at = summary.byCampaignLocation.get(key) ?? {
        campaign: e.campaign,
        location: device.location,
        events: 0,
        viewers: 0,
      };
      at.events++;
      at.viewers += e.viewers.length;
      summary.byCampaignLocation.set(key, at);
    }
  };
  for (const day of daysOf(from, to, settings.timeZone)) {
    pending.push(...eventsOfDay({ campaigns, day, from, to, settings, random, hours: device.hours }));
    const batches = batchesOf(pending, size);
    // A part-filled last batch waits for the next day's events.
    pending = batches.at(-1)?.length === size ? [] : (batches.pop() ?? []);
    for (const batch of batches) await post(batch);
    await call(send, { method: 'POST', path: api.heartbeat, token, body: { status: 'ok' } });
    options.onProgress?.({ device: device.serial, day, events: summary.events, batches: summary.batches });
  }
  if (pending.length) await post(pending);
}

/** Runs every device (a few at a time) and gives what was sent. */
export async function runSimulation(options: SimulationOptions): Promise<SimulationSummary> {
  const started = performance.now();
  const summary: SimulationSummary = {
    devices: options.devices.length,
    batches: 0,
    events: 0,
    viewers: 0,
    byCampaign: new Map(),
    byCampaignLocation: new Map(),
    seconds: 0,
  };
  const queue = options.devices.map((device, index) => ({ device, index }));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await driveDevice(next.device, next.index, options, summary);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency ?? 4) }, worker));
  summary.seconds = (performance.now() - started) / 1000;
  return summary;
}
