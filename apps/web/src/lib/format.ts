// Dates and times as the screens show them, in the browser's time zone.
import dayjs from 'dayjs';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';

export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = dayjs(value);
  return date.isValid() ? date.format(DATE_TIME_FORMAT) : String(value);
}

export function formatTime(value: Date): string {
  return dayjs(value).format(TIME_FORMAT);
}
