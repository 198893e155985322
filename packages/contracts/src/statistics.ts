// Statistics and the device event log: the query of /api/event-statistics/ (filters, grouping,
// export formats), its rows and totals, the raw events of /api/event-log/, the devices that reported
// in a period, and the campaigns with their per-location reports.
import { z } from 'zod';
import { GENDERS, TIME_PATTERN, campaign, campaignQuery } from './campaigns.ts';
import { INT_LIST_TEXT, idFilter, intList, isoDate, listQuery } from './common.ts';

/** Export formats of the statistics endpoint. `xls` is SpreadsheetML 2003 (XML) that Excel opens. */
export const EXPORT_FORMATS = ['csv', 'xlsx', 'xls'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** One name per file format on every screen (statistics, delivery, scheduled reports). */
export const EXPORT_FORMAT_LABELS: Record<ExportFormat, string> = {
  csv: 'CSV',
  xlsx: 'Excel (.xlsx)',
  xls: 'Excel 97 (.xls)',
};

/** What a statistics row can be grouped by: `day` (the default) and `hour` give the local date (and
 * hour), the others an id with its name; `gender` and `age_group` split by audience. */
export const STATISTICS_GROUPS = [
  'day',
  'hour',
  'campaign',
  'location',
  'zone',
  'product',
  'advertiser',
  'gender',
  'age_group',
] as const;
export type StatisticsGroup = (typeof STATISTICS_GROUPS)[number];

export const statisticsTexts = {
  endBeforeStart: 'The end date must not be before the start date.',
  unknownGroup: (name: string) => `Unknown grouping "${name}".`,
  badList: INT_LIST_TEXT,
  badTime: 'Enter a time as HH:mm.',
  audiencePlays:
    'With a gender or age filter, plays and play time count each play once for every matching audience group that watched it; viewers are exact.',
} as const;

const groupList = z
  .string()
  .max(200)
  .transform((v, ctx) => {
    const parts = [
      ...new Set(
        v
          .split(',')
          .map((p) => p.trim())
          .filter(Boolean),
      ),
    ];
    const unknown = parts.find((p) => !(STATISTICS_GROUPS as readonly string[]).includes(p));
    if (unknown !== undefined) {
      ctx.addIssue({ code: 'custom', message: statisticsTexts.unknownGroup(unknown) });
      return z.NEVER;
    }
    return parts as StatisticsGroup[];
  });

const optionalId = idFilter.optional();
const time = z.string().regex(TIME_PATTERN, statisticsTexts.badTime);

/** Filters shared by the statistics and the event log: days are whole days in the server's time zone. */
const periodFilters = {
  campaign: optionalId,
  location: optionalId,
  date__gte: isoDate.optional(),
  date__lte: isoDate.optional(),
};

export const statisticsQuery = listQuery.omit({ is_active: true }).extend({
  ...periodFilters,
  product: optionalId,
  advertiser: optionalId,
  /** Zones (comma list). */
  p_zones: intList.optional(),
  /** Viewers of this gender only (statistics of the audience, see `plays` of statisticsRow). */
  p_gender: z.enum(GENDERS).optional(),
  /** Viewers of these age groups only (comma list of configured age group ids). */
  p_age: intList.optional(),
  /** Time of day (server's time zone), by whole hours: the hours from the one holding p_start_time to
   * the one holding p_end_time; a window past midnight (22:00–02:00) wraps. */
  p_start_time: time.optional(),
  p_end_time: time.optional(),
  /** Comma list of STATISTICS_GROUPS; `day` when not given. */
  group_by: groupList.optional(),
  /** Export the rows (every page) as a file download instead of JSON. */
  format: z.enum(EXPORT_FORMATS).optional(),
  /** The download's file name (made safe; the format's extension is added). */
  filename: z.string().max(200).optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuery>;

/** Ordering fields: the row's keys. The grouping keys always follow as tie-breakers. */
export const statisticsOrdering = [
  'date',
  'hour',
  'campaign',
  'campaign_name',
  'location',
  'location_name',
  'zone',
  'product',
  'product_name',
  'advertiser',
  'advertiser_name',
  'gender',
  'age_group',
  'plays',
  'viewers',
  'play_seconds',
] as const;

export const statisticsTotals = z.object({
  plays: z.number().int(),
  viewers: z.number().int(),
  play_seconds: z.number(),
});
export type StatisticsTotals = z.infer<typeof statisticsTotals>;

/**
 * One row: the grouping keys asked for, then the numbers. `plays` counts plays; when the query filters
 * or groups by gender or age, it counts per audience group the plays that group watched (a play watched
 * by two matching groups counts once for each), and `play_seconds` likewise; `viewers` is always exact.
 */
export const statisticsRow = statisticsTotals.extend({
  /** yyyy-MM-dd in the server's time zone. */
  date: z.string().optional(),
  /** HH:00 in the server's time zone. */
  hour: z.string().optional(),
  campaign: z.number().int().optional(),
  campaign_name: z.string().optional(),
  location: z.number().int().optional(),
  location_name: z.string().optional(),
  zone: z.number().int().optional(),
  product: z.number().int().optional(),
  product_name: z.string().optional(),
  advertiser: z.number().int().optional(),
  advertiser_name: z.string().optional(),
  gender: z.enum(GENDERS).optional(),
  age_group: z.number().int().optional(),
});
export type StatisticsRow = z.infer<typeof statisticsRow>;

export const statisticsPage = z.object({
  count: z.number().int(),
  next: z.string().nullable(),
  previous: z.string().nullable(),
  results: z.array(statisticsRow),
  /** Over every row of the query, not just this page. */
  _totals: statisticsTotals,
  _permissions: z.array(z.string()),
});
export type StatisticsPage = z.infer<typeof statisticsPage>;

export type StatisticsColumn = { key: keyof StatisticsRow; label: string };

const groupColumns: Record<StatisticsGroup, StatisticsColumn[]> = {
  day: [{ key: 'date', label: 'Date' }],
  hour: [
    { key: 'date', label: 'Date' },
    { key: 'hour', label: 'Hour' },
  ],
  campaign: [
    { key: 'campaign', label: 'Campaign ID' },
    { key: 'campaign_name', label: 'Campaign' },
  ],
  location: [
    { key: 'location', label: 'Location ID' },
    { key: 'location_name', label: 'Location' },
  ],
  zone: [{ key: 'zone', label: 'Zone' }],
  product: [
    { key: 'product', label: 'Product ID' },
    { key: 'product_name', label: 'Product' },
  ],
  advertiser: [
    { key: 'advertiser', label: 'Advertiser ID' },
    { key: 'advertiser_name', label: 'Advertiser' },
  ],
  gender: [{ key: 'gender', label: 'Gender' }],
  age_group: [{ key: 'age_group', label: 'Age group' }],
};

/** The columns of rows grouped by `groups` (in the order of STATISTICS_GROUPS), as exports show them. */
export function statisticsColumns(groups: readonly StatisticsGroup[]): StatisticsColumn[] {
  const keys = new Map<string, StatisticsColumn>();
  for (const g of STATISTICS_GROUPS) {
    if (groups.includes(g)) for (const c of groupColumns[g]) keys.set(c.key, c);
  }
  return [
    ...keys.values(),
    { key: 'plays', label: 'Plays' },
    { key: 'viewers', label: 'Viewers' },
    { key: 'play_seconds', label: 'Play time (s)' },
  ];
}

/** GET /api/event-log/: raw device events. */
export const eventLogQuery = listQuery.omit({ is_active: true }).extend({
  ...periodFilters,
  device: optionalId,
});
export type EventLogQuery = z.infer<typeof eventLogQuery>;
export const eventLogOrdering = ['started_at', 'id', 'duration_ms', 'viewers', 'zone'] as const;

export const eventLog = z.object({
  id: z.number().int(),
  /** Null when the device was deleted since. */
  device: z.number().int().nullable(),
  device_serial: z.string().nullable(),
  location: z.number().int(),
  location_name: z.string(),
  campaign: z.number().int(),
  campaign_name: z.string(),
  zone: z.number().int(),
  /** ISO 8601 UTC. */
  started_at: z.string(),
  duration_ms: z.number().int(),
  viewers: z.number().int(),
  /** Viewers by `<gender>:<age group>`, e.g. {"f:2": 1}. */
  audience: z.record(z.string(), z.number().int()),
});
export type EventLog = z.infer<typeof eventLog>;

/** GET /api/event-log/distinct_devices/. */
export const distinctDevicesQuery = listQuery.omit({ is_active: true, ordering: true }).extend(periodFilters);
export type DistinctDevicesQuery = z.infer<typeof distinctDevicesQuery>;

export const reportingDevice = z.object({
  id: z.number().int(),
  serial_number: z.string(),
  location: z.number().int(),
  location_name: z.string(),
  is_active: z.boolean(),
  last_status: z.string().nullable(),
  /** ISO 8601 UTC. */
  last_status_date: z.string().nullable(),
  /** Events in the period. */
  events: z.number().int(),
  first_event: z.string(),
  last_event: z.string(),
});
export type ReportingDevice = z.infer<typeof reportingDevice>;

/** A campaign's numbers at one of its locations (zeros and nulls before any event). */
export const locationReport = z.object({
  location: z.number().int(),
  location_name: z.string(),
  location_sys_id: z.string(),
  plays: z.number().int(),
  viewers: z.number().int(),
  play_seconds: z.number(),
  /** Active devices at the location. */
  devices: z.number().int(),
  /** ISO 8601 UTC. */
  first_event: z.string().nullable(),
  last_event: z.string().nullable(),
});
export type LocationReport = z.infer<typeof locationReport>;

export const campaignWithReports = campaign.extend({ location_reports: z.array(locationReport) });
export type CampaignWithReports = z.infer<typeof campaignWithReports>;

/** GET /api/campaigns/list_with_location_reports/: the campaign list's filters, REPORT_STATES only. */
export const campaignReportsQuery = campaignQuery.omit({ for_approval: true, is_active: true });
export type CampaignReportsQuery = z.infer<typeof campaignReportsQuery>;
