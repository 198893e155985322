// How long something has been going on ("2 h 15 min"), for incidents and waiting campaigns, and a
// clock that ticks once a minute so those ages move on while a screen stays open.
import { useEffect, useState } from 'react';

const MINUTE = 60_000;

/**
 * The time from `from` to `to` (now when not given) in its two largest units: "45 min", "2 h 15 min",
 * "3 d 4 h"; "under 1 min" below a minute (and for a start in the future: clocks differ a little).
 */
export function formatAge(from: string | number | Date, to: string | number | Date = Date.now()): string {
  const start = new Date(from).getTime();
  const end = new Date(to).getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return '';
  const minutes = Math.floor((end - start) / MINUTE);
  if (minutes < 1) return 'under 1 min';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const rest = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return rest > 0 ? `${hours} h ${rest} min` : `${hours} h`;
  return `${rest} min`;
}

/** The current time (ms), renewed every `intervalMs` (a minute by default). */
export function useNow(intervalMs = MINUTE): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
