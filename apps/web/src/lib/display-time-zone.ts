// The time zone the screens show times in (format.ts), set from each user-info the api client sees.
// Apart from format.ts so that the api client does not load dayjs on the sign-in page.
let zone: string | undefined;

export function setDisplayTimeZone(next: string | undefined): void {
  try {
    // An unknown zone name would make every format throw; keep the browser's zone then.
    if (next) new Intl.DateTimeFormat('en', { timeZone: next });
    zone = next;
  } catch {
    zone = undefined;
  }
}

/** The server's zone, once a user is known; undefined means the browser's own. */
export const displayTimeZone = (): string | undefined => zone;
