// The server's clock as a display measures it, the way NTP does: each heartbeat's answer is a sample,
// the offset taken from the middle of the round trip less the time the server held the request; of the
// last few samples the one with the shortest network trip (the least room for error) wins. Screens of a
// zone compute the loop position from this clock, so its error is how far apart they play.

/** One measure of the server's clock against this display's (ms since the epoch on each clock). */
export type ClockSample = {
  /** This display's clock when the request left and when its answer came. */
  sent: number;
  received: number;
  /** The server's clock when it made the answer, and how long it held the request. */
  serverTime: number;
  heldMs: number;
};

/** The samples kept: a few minutes of heartbeats, short enough that a display whose own clock was set
 * meanwhile soon drops the measures from before. */
export const CLOCK_SAMPLES = 5;

/** How long the request and its answer spent on the network (ms): the round trip less the server's hold. */
export const networkMs = (s: ClockSample) => Math.max(0, s.received - s.sent - s.heldMs);

/** The server's clock minus this display's (ms) by one sample: the server stamped its answer half the
 * network time before it came (the two ways taken as equally long). */
export const offsetBy = (s: ClockSample) => s.serverTime - (s.received - networkMs(s) / 2);

/** The samples to keep after `sample`: the last CLOCK_SAMPLES. */
export const keepSample = (samples: readonly ClockSample[], sample: ClockSample) =>
  [...samples, sample].slice(-CLOCK_SAMPLES);

/** The offset by the sample with the shortest network time (the latest of equals); null without any. */
export function bestOffset(samples: readonly ClockSample[]): number | null {
  let best: ClockSample | null = null;
  for (const s of samples) if (!best || networkMs(s) <= networkMs(best)) best = s;
  return best ? offsetBy(best) : null;
}
