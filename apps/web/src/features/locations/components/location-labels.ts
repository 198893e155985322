// How the location screens name counts and states.
export const deviceCountLabel = (count: number) => (count === 1 ? '1 device' : `${count} devices`);

/** Online of total ("1 of 2 devices online"), so a location whose screens are all dark does not look fine. */
export const devicesOnlineLabel = (online: number, total: number) =>
  total === 0 ? 'No devices' : `${online} of ${deviceCountLabel(total)} online`;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The share of voice a clip gets, for the loop length's hint: "A 10 s clip gets 1/6 of the loop." */
export function shareOfVoiceHint(clip: number, loopSeconds: number): string | null {
  if (!Number.isInteger(loopSeconds) || loopSeconds <= 0) return null;
  if (clip >= loopSeconds) return `A ${clip} s clip fills the whole loop.`;
  const d = gcd(clip, loopSeconds);
  const percent = Math.round((clip / loopSeconds) * 100);
  return `A ${clip} s clip gets ${clip / d}/${loopSeconds / d} of the loop (${percent} %).`;
}

const TIME = /^(\d{2}):(\d{2})$/;
const minutesOf = (time: string) => {
  const match = TIME.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
};

const duration = (minutes: number) => {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${hours} h ${rest} min` : `${hours} h`;
};

/**
 * What opening hours mean, under the Opens and Closes fields: the hours a day, and whether they run
 * past midnight or all day. Null while either time is not a full HH:mm yet.
 */
export function openingHoursHint(open: string, close: string): string | null {
  const from = minutesOf(open);
  const parsed = minutesOf(close);
  // A close of 00:00 is midnight at the end of the day (the server stores it as 24:00).
  const to = parsed === 0 ? 24 * 60 : parsed;
  if (from === null || to === null || from >= 24 * 60 || to > 24 * 60) return null;
  if (from % (24 * 60) === to % (24 * 60))
    return 'Open all day: the same opening and closing time plays around the clock.';
  if (to < from) {
    return `Open past midnight: ${open} until ${close} the next morning, ${duration(24 * 60 - from + to)} a day.`;
  }
  return `Open ${open}–${close}, ${duration(to - from)} a day.`;
}

/** "HH:mm" from what was typed: a one-digit hour gets its zero ("9:30" → "09:30"); spaces go. */
export const normaliseTime = (value: string) => {
  const trimmed = value.trim();
  return /^\d:\d{2}$/.test(trimmed) ? `0${trimmed}` : trimmed;
};
