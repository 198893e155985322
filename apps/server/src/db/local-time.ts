// Times in the server's zone (TIME_ZONE), made in SQL: the bounds of local days (a period's first and
// last day mean the start of the one and the end of the other there) and timestamps as files print
// them, in UTC with a `Z` and in local time with its offset (`2030-06-15T08:00:00.000+02:00`).
import { sql, type RawBuilder } from 'kysely';

export const localStart = (day: string, timeZone: string) => sql`(${day}::date)::timestamp at time zone ${timeZone}`;
export const localEnd = (day: string, timeZone: string) => sql`(${day}::date + 1)::timestamp at time zone ${timeZone}`;

/** The timestamp `at` as `2030-06-15T06:00:00.000Z`. */
export const isoUtc = (at: RawBuilder<unknown>) =>
  sql<string>`to_char(${at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The timestamp `at` as the clock in `timeZone` read it, with the offset it had then. */
export function isoLocal(at: RawBuilder<unknown>, timeZone: string) {
  const local = sql`(${at} at time zone ${timeZone})`;
  const offsetMinutes = sql`(extract(epoch from ${local} - (${at} at time zone 'UTC')) / 60)::int`;
  return sql<string>`to_char(${local}, 'YYYY-MM-DD"T"HH24:MI:SS.MS')
    || case when ${offsetMinutes} < 0 then '-' else '+' end
    || lpad((abs(${offsetMinutes}) / 60)::text, 2, '0') || ':' || lpad((abs(${offsetMinutes}) % 60)::text, 2, '0')`;
}
