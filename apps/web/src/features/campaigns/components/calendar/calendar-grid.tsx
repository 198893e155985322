// The calendar table: a header row per ISO week and per day, one row per location, and per day the
// number of campaigns there (a link to that day's list; zero is muted) over a bar of how full the
// day's loop is (the fullest zone's booked share, holds striped, coloured by booked + held; its text
// for screen readers).
import { Skeleton, Text, VisuallyHidden } from '@mantine/core';
import type { CalendarRow } from '@marquee/contracts/campaigns';
import { Link } from 'react-router';
import { campaignCalendarListPath } from '../../../../app/paths.ts';
import { dayOfMonth, formatLongDay, isoWeek, isWeekend, weekdayShort } from './calendar-dates.ts';
import classes from './calendar.module.css';
import { SysIdText } from '../../../../components/sys-id.tsx';
import { FillBar, fillText } from '../../../../components/fill-bar.tsx';

export type CalendarGridProps = {
  /** The calendar's first day (a Monday), kept in the links so "back" returns to these weeks. */
  start: string;
  days: string[];
  /** Undefined while the first page loads: placeholder rows. */
  rows: CalendarRow[] | undefined;
  /** Today in the configured time zone, once known. */
  today: string | undefined;
  skeletonRows?: number;
  /** What an empty page says. */
  emptyText?: string;
};

const campaignsText = (count: number) => (count === 1 ? '1 campaign' : `${count} campaigns`);

export function CalendarGrid({
  start,
  days,
  rows,
  today,
  skeletonRows = 8,
  emptyText = 'No active locations.',
}: CalendarGridProps) {
  const weeks = days.filter((_, index) => index % 7 === 0);
  const dayClass = (day: string, index: number) =>
    [index % 7 === 0 && classes.week, isWeekend(day) && classes.weekend, day === today && classes.today]
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <div className={classes.scroller} tabIndex={0} role="region" aria-label="Calendar, scrolls sideways">
      <table className={classes.table} aria-label="Campaigns per location and day" aria-busy={!rows}>
        <thead>
          <tr>
            <th scope="col" rowSpan={2} className={classes.location}>
              Location
            </th>
            {weeks.map((monday) => (
              <th key={monday} scope="colgroup" colSpan={7} className={classes.week}>
                Week {isoWeek(monday)}
              </th>
            ))}
          </tr>
          <tr>
            {days.map((day, index) => (
              <th
                key={day}
                scope="col"
                className={dayClass(day, index)}
                data-weekend={isWeekend(day) || undefined}
                data-today={day === today || undefined}
                aria-current={day === today ? 'date' : undefined}
                title={formatLongDay(day)}
              >
                <span className={classes.weekday}>{weekdayShort(day)}</span>
                {dayOfMonth(day)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows === undefined ? (
            Array.from({ length: skeletonRows }, (_, row) => (
              <tr key={row} aria-hidden="true" data-testid="calendar-skeleton-row">
                <td className={classes.location}>
                  <Skeleton height={14} width="70%" radius="sm" />
                </td>
                {days.map((day, index) => (
                  <td key={day} className={dayClass(day, index)}>
                    <Skeleton height={14} width={18} radius="sm" mx="auto" />
                  </td>
                ))}
              </tr>
            ))
          ) : rows.length === 0 ? (
            <tr>
              <td colSpan={days.length + 1}>
                <Text c="dimmed" py="lg">
                  {emptyText}
                </Text>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <th scope="row" className={classes.location}>
                  <Text size="sm" fw={600} truncate maw={190} title={row.name}>
                    {row.name}
                  </Text>
                  <SysIdText value={row.sys_id} size="xs" />
                </th>
                {days.map((day, index) => {
                  const count = row.days[day] ?? 0;
                  const fill = row.fill[day];
                  const hasFill = fill !== undefined && (fill.fill > 0 || fill.held > 0);
                  return (
                    <td key={day} className={dayClass(day, index)} data-weekend={isWeekend(day) || undefined}>
                      <div className={classes.cell}>
                        {count > 0 ? (
                          <Link
                            className={classes.count}
                            to={campaignCalendarListPath(start, row.id, day)}
                            aria-label={`${campaignsText(count)} at ${row.name} on ${formatLongDay(day)}`}
                          >
                            {count}
                          </Link>
                        ) : (
                          <span className={classes.zero}>
                            <span aria-hidden="true">·</span>
                            <VisuallyHidden>0</VisuallyHidden>
                          </span>
                        )}
                        {hasFill && (
                          <FillBar
                            fill={fill.fill}
                            held={fill.held}
                            w={24}
                            h={5}
                            label={`${row.name}, ${formatLongDay(day)}: ${fillText(fill.fill, fill.held)}`}
                          />
                        )}
                      </div>
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
