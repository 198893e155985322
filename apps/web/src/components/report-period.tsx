// The reporting date range (spec §9): two day pickers where the end cannot be before the start, the
// start not after the end, and neither after `max` (two months ahead in the campaign details report,
// today in statistics). Days are yyyy-MM-dd in the configured time zone. As a filter, either day may
// be left empty.
import { Group } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import dayjs from 'dayjs';
import { DATE_FORMAT } from '../lib/format.ts';

export const addDays = (day: string, days: number) => dayjs(day).add(days, 'day').format(DATE_FORMAT);
export const addMonths = (day: string, months: number) => dayjs(day).add(months, 'month').format(DATE_FORMAT);

const earlier = (a: string, b: string) => (a < b ? a : b);

export type Period = { from: string; to: string };

/** What each picker may offer: the start up to the end (and `max`), the end from the start up to `max`. */
/** An empty day (an optional period's open end) sets no limit. */
export function periodLimits({ from, to, max }: Period & { max: string }) {
  return { startMax: to ? earlier(to, max) : max, endMin: from || undefined, endMax: max };
}

export type ReportPeriodProps = Period & {
  max: string;
  /** Either day may be left empty (a filter); otherwise both are always set. */
  optional?: boolean;
  onChange: (period: Period) => void;
};

export function ReportPeriod({ from, to, max, optional = false, onChange }: ReportPeriodProps) {
  const { startMax, endMin, endMax } = periodLimits({ from, to, max });
  const clear = (which: string) => ({ 'aria-label': `Clear the ${which} day` });
  return (
    <Group gap="sm" align="flex-end" wrap="wrap" role="group" aria-label="Period">
      <DateInput
        label="From"
        w={160}
        valueFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        value={from || null}
        maxDate={startMax}
        clearable={optional}
        clearButtonProps={clear('first')}
        onChange={(value) => (value || optional) && onChange({ from: value ?? '', to })}
      />
      <DateInput
        label="To"
        w={160}
        valueFormat={DATE_FORMAT}
        placeholder={DATE_FORMAT}
        value={to || null}
        minDate={endMin}
        maxDate={endMax}
        clearable={optional}
        clearButtonProps={clear('last')}
        onChange={(value) => (value || optional) && onChange({ from, to: value ?? '' })}
      />
    </Group>
  );
}
