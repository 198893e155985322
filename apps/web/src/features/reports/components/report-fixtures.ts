// Test data of the report screens: configuration, statistics pages.
import type { StatisticsPage, StatisticsRow } from '@marquee/contracts/statistics';

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
