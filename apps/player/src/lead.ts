// How far ahead of its slot a zone starts the next clip: a loaded <video> takes a few frame times from
// play() to its first presented frame (about 80 ms in Chromium at 60 Hz), and a clip started on its
// slot would leave the last one's last frame on screen that long. The player measures it on every
// clip it had loaded ahead and keeps a running estimate.

/** Before any measure: two frame times at 25 fps. */
export const START_LEAD_MS = 80;
/** A start slower than this is an outlier (a busy machine), not the element's latency. */
export const MAX_LEAD_MS = 250;

/** The estimate after a start that took `measuredMs`: three tenths of the new measure, capped. */
export function nextLead(leadMs: number, measuredMs: number): number {
  const measured = Math.min(MAX_LEAD_MS, Math.max(0, measuredMs));
  return Math.round(leadMs * 0.7 + measured * 0.3);
}
