// A campaign's delivery totals: what was contracted (in plays or impressions), what was due by now and
// delivered, the delivery % (bar and pacing) and how much of the contract is done; then what did not
// count (partial plays, wrong creative) and the impressions, measured and modelled apart.
import { Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import type { DeliveryTotals as Totals } from '@marquee/contracts/delivery';
import { useId, type ReactNode } from 'react';
import { DeliveryBar } from '../../../components/delivery-bar.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import { contractBasis, contractUnit, deliveredInUnit, formatCount, formatPct } from '../../../lib/delivery-format.ts';

type Item = { label: string; value: ReactNode; hint?: string };

function Figures({ items, label }: { items: Item[]; label: string }) {
  return (
    <div role="group" aria-label={label}>
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="md" m={0}>
        {items.map((item) => (
          <div key={item.label}>
            <Text component="dt" size="xs" c="dimmed" fw={600} tt="uppercase">
              {item.label}
            </Text>
            <Text component="dd" m={0} size="lg" fw={600}>
              {item.value}
            </Text>
            {item.hint && (
              <Text component="dd" m={0} size="xs" c="dimmed">
                {item.hint}
              </Text>
            )}
          </div>
        ))}
      </SimpleGrid>
    </div>
  );
}

export function DeliveryTotals({ totals }: { totals: Totals }) {
  const unit = contractUnit(totals.goal_type);
  const delivery: Item[] = [
    {
      label: 'Contracted',
      value: `${formatCount(totals.contracted)} ${unit}`,
      hint: totals.goal_type
        ? `The campaign's ${contractBasis(totals.goal_type)}`
        : totals.pacing === 'not_booked'
          ? 'A quote: what the screens there now can play over the whole run'
          : 'The plays of the schedule as booked, over the whole run',
    },
    { label: 'Due so far', value: `${formatCount(totals.due)} ${unit}`, hint: 'What the contract asks for by now' },
    {
      label: 'Delivered',
      value: `${formatCount(deliveredInUnit(totals, totals.goal_type))} ${unit}`,
      hint:
        totals.goal_type === 'impressions'
          ? 'Measured and modelled impressions'
          : 'Completed plays of the right creative',
    },
    {
      label: 'Delivery %',
      value: (
        <Group gap="sm" wrap="wrap" component="span">
          <DeliveryBar pct={totals.delivery_pct} pacing={totals.pacing} w={110} />
          <PacingBadge pacing={totals.pacing} pct={totals.delivery_pct} />
        </Group>
      ),
      hint: 'Delivered of what was due by now',
    },
    { label: 'Progress', value: formatPct(totals.progress_pct), hint: 'Delivered of the whole contract' },
  ];
  const counted: Item[] = [
    ...(totals.goal_type
      ? [{ label: 'Expected plays', value: formatCount(totals.expected), hint: 'By the loops, so far' }]
      : []),
    ...(totals.goal_type === 'impressions'
      ? [{ label: 'Delivered plays', value: formatCount(totals.delivered), hint: 'Completed, right creative' }]
      : []),
    {
      label: 'Bonus plays',
      value: formatCount(totals.bonus),
      hint: 'Delivered beyond what was booked: screens added since',
    },
    { label: 'Partial plays', value: formatCount(totals.partial), hint: 'Stopped early: not delivered' },
    {
      label: 'Wrong creative',
      value: formatCount(totals.wrong_creative),
      hint: "Another clip's checksum: not delivered",
    },
    {
      label: 'Outside schedule',
      value: formatCount(totals.outside_schedule),
      hint: 'Started outside the window or opening hours: not delivered',
    },
    {
      label: 'Impressions (measured)',
      value: formatCount(totals.impressions_measured),
      hint: 'Viewers counted by the devices',
    },
    {
      label: 'Impressions (modelled)',
      value: formatCount(totals.impressions_modelled),
      hint: 'Plays × the location’s impressions per play',
    },
  ];
  const titleId = useId();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Totals
      </Title>
      <Figures items={delivery} label="Delivery" />
      <Text size="sm" fw={600} mt="lg" mb="xs">
        Plays and impressions
      </Text>
      <Figures items={counted} label="Plays and impressions" />
    </Paper>
  );
}
