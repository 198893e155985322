// When the player reloads its own page: once a day while the location is closed (a long-running page
// leaks, and a reload picks up a new player build), and after an uncaught error, at most once every
// ten minutes so that an error at start cannot make it reload without end. The time of the last
// reload survives it (localStorage).

export const RELOAD_KEY = 'marquee-player-reloaded-at';
/** The least time between two reloads after errors. */
export const ERROR_RELOAD_GAP_MS = 10 * 60_000;
/** The least time between two daily reloads (a day, less a little so that it happens every day). */
export const DAILY_RELOAD_GAP_MS = 20 * 3_600_000;

export type ReloadReason = 'error' | 'daily';

/**
 * Whether to reload now for `reason`: after an error when the last reload was at least
 * ERROR_RELOAD_GAP_MS ago; daily while the location is closed and the last reload (or the page's
 * start) was at least DAILY_RELOAD_GAP_MS ago.
 */
export function shouldReload({
  reason,
  now,
  lastReload,
  pageStarted,
  closed,
}: {
  reason: ReloadReason;
  now: number;
  /** When the page last reloaded itself (ms), or null: never. */
  lastReload: number | null;
  pageStarted: number;
  /** The location is closed now (the screen is black). */
  closed: boolean;
}): boolean {
  if (reason === 'error') return lastReload === null || now - lastReload >= ERROR_RELOAD_GAP_MS;
  return closed && now - Math.max(lastReload ?? 0, pageStarted) >= DAILY_RELOAD_GAP_MS;
}

const lastReloadAt = () => {
  const value = Number(localStorage.getItem(RELOAD_KEY));
  return Number.isFinite(value) && value > 0 ? value : null;
};

const pageStarted = Date.now();

/** Reloads the page if `shouldReload` says so, noting when. */
export function reloadIfDue(reason: ReloadReason, closed = false): boolean {
  const now = Date.now();
  if (!shouldReload({ reason, now, lastReload: lastReloadAt(), pageStarted, closed })) return false;
  localStorage.setItem(RELOAD_KEY, String(now));
  location.reload();
  return true;
}

/** Reloads now (staff asked for it), noting when. */
export function reloadNow(): void {
  localStorage.setItem(RELOAD_KEY, String(Date.now()));
  location.reload();
}

/** Reloads after any uncaught error or unhandled rejection (when due). */
export function reloadOnErrors(): void {
  window.addEventListener('error', () => void reloadIfDue('error'));
  window.addEventListener('unhandledrejection', () => void reloadIfDue('error'));
}
