// A simulated screen without a token pairs as a real player does: it asks for a pairing (anonymous),
// shows the code, and polls the pairing with its secret every `poll_seconds` until staff type the code
// in, then takes the device token the poll hands out once. A busy or throttling server (429, 503) is
// asked again after its Retry-After; a pairing that ends unclaimed is given up with a clear message.
import { MAX_RETRY_AFTER_SECONDS } from '@marquee/contracts/device-gateway';
import {
  PAIRING_POLL_SECONDS,
  devicePairingEndpoints,
  devicePairingUrl,
  type PairingCreated,
  type PairingStatus,
} from '@marquee/contracts/device-pairing';
import { GatewayError, sleep, type GatewayRequest, type GatewayResponse, type Send } from './player.ts';

export type PairedScreen = Extract<PairingStatus, { status: 'paired' }>;

/** The pairing ended before the screen got its token: it expired unclaimed, or the run was stopped. */
export class PairingEnded extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PairingEnded';
  }
}

/** A code as a screen shows it: two halves of three, easier to read out and type. */
export const shownCode = (code: string) => (code.length === 6 ? `${code.slice(0, 3)}-${code.slice(3)}` : code);

export const pairingEndedTexts = {
  expired: (code: string, at: string) =>
    `The pairing code ${shownCode(code)} expired at ${at} before staff typed it in: run again for a new code.`,
  stopped: (code: string) => `Stopped before the code ${shownCode(code)} was typed in.`,
  stoppedAsking: 'Stopped before the server gave a pairing code.',
} as const;

/** How long to wait, ms, when the server answers 429 or 503: its Retry-After (whole seconds; at least
 * `floorSeconds`, at most `ceilingSeconds`). */
export const backoffMs = (response: GatewayResponse, floorSeconds: number, ceilingSeconds: number) =>
  Math.min(ceilingSeconds, Math.max(floorSeconds, response.retryAfter ?? floorSeconds)) * 1000;

/** Answers that say "not now, ask again later". */
const isBusy = (response: GatewayResponse) => response.status === 429 || response.status === 503;

export type PairOptions = {
  send: Send;
  /** Shown the code (and the rest of the pairing) once the server gave it. */
  onCode: (pairing: PairingCreated) => void | Promise<void>;
  /** Staff typing the code in (the simulator claiming its own code), before the first poll. */
  claim?: (code: string) => Promise<void>;
  /** Told when the server asked it to wait (429 or 503), with how long, ms. */
  onWait?: (request: 'pairing' | 'poll', ms: number) => void;
  now?: () => number;
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  signal?: AbortSignal;
};

/**
 * Pairs one screen: asks for a pairing (after a 429's Retry-After while the address has asked for too
 * many), shows its code, lets `claim` type it in when given, then polls every `poll_seconds` until the
 * pairing is paired and gives its token and device; it polls once more at the pairing's expiry. Throws
 * PairingEnded when the pairing has ended unclaimed (410: it expired) or the signal stops the run,
 * GatewayError on any other answer.
 */
export async function pairScreen({
  send,
  onCode,
  claim,
  onWait,
  now = Date.now,
  wait = sleep,
  signal,
}: PairOptions): Promise<PairedScreen> {
  const asking: GatewayRequest = { method: 'POST', path: devicePairingEndpoints.pairings };
  let pairing: PairingCreated | null = null;
  while (!pairing) {
    if (signal?.aborted) throw new PairingEnded(pairingEndedTexts.stoppedAsking);
    const response = await send(asking);
    if (response.status === 201) pairing = response.body as PairingCreated;
    else if (isBusy(response)) {
      // The throttle's Retry-After runs to the end of its window: wait it out, however long.
      const ms = backoffMs(response, 1, Number.MAX_SAFE_INTEGER);
      onWait?.('pairing', ms);
      await wait(ms, signal);
    } else throw new GatewayError(asking, response);
  }
  await onCode(pairing);
  if (claim) await claim(pairing.code);

  const { code, secret } = pairing;
  const every = Math.max(1, pairing.poll_seconds || PAIRING_POLL_SECONDS);
  let expiresAt = Date.parse(pairing.expires_at);
  const polling: GatewayRequest = { method: 'GET', path: devicePairingUrl(pairing.id), token: secret };
  for (;;) {
    if (signal?.aborted) throw new PairingEnded(pairingEndedTexts.stopped(code));
    const response = await send(polling);
    let ms = every * 1000;
    if (response.status === 200) {
      const status = response.body as PairingStatus;
      if (status.status === 'paired') return status;
      expiresAt = Date.parse(status.expires_at);
    } else if (response.status === 410) {
      throw new PairingEnded(pairingEndedTexts.expired(code, new Date(expiresAt).toISOString()));
    } else if (isBusy(response)) {
      ms = backoffMs(response, every, MAX_RETRY_AFTER_SECONDS);
      onWait?.('poll', ms);
    } else throw new GatewayError(polling, response);
    // A poll at the expiry itself, so that an unclaimed pairing is given up then (410), not a poll later.
    const left = expiresAt - now();
    await wait(left > 0 ? Math.min(ms, left) : ms, signal);
  }
}
