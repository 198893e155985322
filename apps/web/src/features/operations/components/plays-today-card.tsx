// The home's plays-today figure: the plays stored today so far against those the loop schedule
// expected by now, as a bar in the pacing colours (the same thresholds as a campaign's delivery).
import { Progress, Stack, Text } from '@mantine/core';
import { pacingOf } from '@marquee/contracts/delivery';
import { scopedTitle, type PlaysTodaySummary } from '@marquee/contracts/operations';
import { pacingColors } from '../../../components/pacing-badge.tsx';
import { formatCount, formatPct } from '../../../lib/delivery-format.ts';
import { BigFigure, FigureCard, type FigureProps } from './figure-card.tsx';

/** Plays so far as a % of those expected by now; null before any was expected. */
export const playsTodayPct = (summary: PlaysTodaySummary) =>
  summary.expected > 0 ? (summary.plays / summary.expected) * 100 : null;

function PlaysTodayFigure({ summary }: { summary: PlaysTodaySummary }) {
  const pct = playsTodayPct(summary);
  const pacing = pacingOf(pct);
  return (
    <Stack gap="xs">
      <BigFigure value={formatCount(summary.plays)} unit={summary.plays === 1 ? 'play' : 'plays'} />
      {pct === null ? (
        <Text size="sm" c="dimmed">
          No plays expected yet today.
        </Text>
      ) : (
        <>
          <Text size="sm">
            of {formatCount(summary.expected)} expected by now ({formatPct(pct)})
          </Text>
          <Progress
            value={Math.min(pct, 100)}
            color={pacing ? pacingColors[pacing] : 'gray.6'}
            size="md"
            aria-label={`Plays today: ${formatPct(pct)} of those expected by now`}
          />
        </>
      )}
      <Text size="xs" c="dimmed">
        {formatCount(summary.delivered)} delivered (complete plays of the right clip)
      </Text>
    </Stack>
  );
}

export function PlaysTodayCard({ query, summary }: FigureProps<PlaysTodaySummary>) {
  return (
    <FigureCard
      title={scopedTitle('Plays today', summary?.scope_locations)}
      query={query}
      asOf={summary?.as_of}
      testId="figure-plays-today"
    >
      {summary && <PlaysTodayFigure summary={summary} />}
    </FigureCard>
  );
}
