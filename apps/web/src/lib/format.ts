// Dates and times as the screens show them: in the server's configured time zone (TIME_ZONE),
// which arrives with the signed-in user; the browser's own zone until then.
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { displayTimeZone } from './display-time-zone.ts';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

// Set from each user-info by the api client (api.ts), and by tests through here.
export { setDisplayTimeZone } from './display-time-zone.ts';

const inZone = (value: string | Date) => {
  const zone = displayTimeZone();
  return zone ? dayjs(value).tz(zone) : dayjs(value);
};

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? inZone(value).format(DATE_TIME_FORMAT) : String(value);
}

export function formatTime(value: Date): string {
  return inZone(value).format(TIME_FORMAT);
}

/** HH:mm of an instant ("as of 14:05"); empty for none. */
export function formatHourMinute(value: string | Date | null | undefined): string {
  if (!value || !dayjs(value).isValid()) return '';
  return inZone(value).format('HH:mm');
}
