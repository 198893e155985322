// Test data of the report screens: configuration, statistics pages.
import type { AppConfig } from '@marquee/contracts/app-config';
import type { StatisticsPage, StatisticsRow } from '@marquee/contracts/statistics';

export const configFixture = (extra: Partial<AppConfig> = {}): AppConfig => ({
  video_max_bytes: 1,
  image_max_bytes: 1,
  zones: [1, 2, 3, 4],
  time_zone: 'UTC',
  age_groups: [
    { id: 1, label: '18–24' },
    { id: 2, label: '25–34' },
  ],
  genders: [
    { value: 'm', label: 'Men' },
    { value: 'f', label: 'Women' },
  ],
  times: ['08:00', '20:00'],
  rejection_reasons: [{ id: 0, label: 'Other' }],
  ...extra,
});

export const statisticsPageFixture = (
  results: StatisticsRow[],
  { count = results.length, totals }: { count?: number; totals?: StatisticsPage['_totals'] } = {},
): StatisticsPage => ({
  count,
  next: null,
  previous: null,
  results,
  _totals: totals ?? {
    plays: results.reduce((sum, r) => sum + r.plays, 0),
    viewers: results.reduce((sum, r) => sum + r.viewers, 0),
    play_seconds: results.reduce((sum, r) => sum + r.play_seconds, 0),
  },
  _permissions: ['list_eventstatistic'],
});
