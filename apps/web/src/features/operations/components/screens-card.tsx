// The home's screen-health figure: the active devices by state as one stacked bar (for the eye) and a
// row per state that opens the Screens list filtered to it.
import { Anchor, Box, Group, Progress, Stack, Text } from '@mantine/core';
import { DEVICE_STATES, deviceStateLabels, type DeviceState } from '@marquee/contracts/device-health';
import { scopedTitle, type ScreensSummary } from '@marquee/contracts/operations';
import { Link } from 'react-router';
import { screensPath } from '../../../app/paths.ts';
import { deviceStateLooks } from '../../../components/device-state-badge.tsx';
import { formatCount } from '../../../lib/delivery-format.ts';
import { BigFigure, FigureCard, type FigureProps } from './figure-card.tsx';

/** The swatches and the bar's parts, in the state badge's colours; the words always come with them. */
const colorOf = (state: DeviceState) => deviceStateLooks[state].color;

function ScreensFigure({ summary }: { summary: ScreensSummary }) {
  if (summary.total === 0) {
    return (
      <Text size="sm" c="dimmed">
        No active screens yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      <BigFigure value={formatCount(summary.total)} unit={summary.total === 1 ? 'screen' : 'screens'} />
      {/* The rows below carry the same figures in words: the bar is for the eye only. */}
      <Progress.Root size="md" aria-hidden="true">
        {DEVICE_STATES.map((state) => {
          const count = summary.counts[state] ?? 0;
          return count > 0 ? (
            <Progress.Section key={state} value={(count / summary.total) * 100} color={colorOf(state)} />
          ) : null;
        })}
      </Progress.Root>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
        {DEVICE_STATES.map((state) => {
          const count = summary.counts[state] ?? 0;
          return (
            <li key={state}>
              <Anchor
                component={Link}
                to={screensPath(state, Boolean(summary.scope_locations))}
                size="sm"
                c={count ? undefined : 'dimmed'}
                underline="hover"
              >
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Group gap={8} wrap="nowrap">
                    <Box
                      w={10}
                      h={10}
                      bg={colorOf(state)}
                      style={{ borderRadius: 2, flexShrink: 0 }}
                      aria-hidden="true"
                    />
                    <span>{deviceStateLabels[state]}</span>
                  </Group>
                  <Text span size="sm" fw={count ? 700 : undefined} data-state={state}>
                    {formatCount(count)}
                  </Text>
                </Group>
              </Anchor>
            </li>
          );
        })}
      </Stack>
    </Stack>
  );
}

export function ScreensCard({ query, summary }: FigureProps<ScreensSummary>) {
  return (
    <FigureCard
      title={scopedTitle('Screens', summary?.scope_locations)}
      query={query}
      asOf={summary?.as_of}
      more={{ to: screensPath(undefined, Boolean(summary?.scope_locations)), label: 'All screens' }}
      testId="figure-screens"
    >
      {summary && <ScreensFigure summary={summary} />}
    </FigureCard>
  );
}
