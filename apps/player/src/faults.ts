// What went wrong on the screen since the last heartbeat, counted by kind (a clip that did not start,
// a stall, a download that failed or did not match its checksum, files the browser evicted). The
// heartbeat takes the counts and gives them back if it could not be sent.
import type { FaultKind } from '@marquee/contracts/device-gateway';

export type FaultRow = { kind: FaultKind; count: number };

const counts = new Map<FaultKind, number>();

export function fault(kind: FaultKind, count = 1): void {
  counts.set(kind, (counts.get(kind) ?? 0) + count);
}

/** The counts since the last call, emptied. */
export function takeFaults(): FaultRow[] {
  const rows = [...counts].map(([kind, count]) => ({ kind, count }));
  counts.clear();
  return rows;
}

/** Gives back counts taken for a heartbeat that was not sent. */
export function restoreFaults(rows: readonly FaultRow[]): void {
  for (const { kind, count } of rows) fault(kind, count);
}
