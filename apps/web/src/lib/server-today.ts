// "Today" as the server counts it: the calendar day in its configured time zone (TIME_ZONE, from
// GET /api/config/), not the browser's. Campaign dates, availability, the calendar, a location's week
// and the reports all start from it.

/** Today (yyyy-MM-dd) in `timeZone`; the browser's zone while it is missing (the configuration loads)
 * or when it is not a zone the browser knows. */
export function serverToday(timeZone: string | undefined, now: Date = new Date()): string {
  const format = (zone: string | undefined) => {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
        .formatToParts(now)
        .map((part) => [part.type, part.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day}`;
  };
  try {
    return format(timeZone);
  } catch {
    return format(undefined);
  }
}
