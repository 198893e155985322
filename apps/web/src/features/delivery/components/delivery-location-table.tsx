// A campaign's delivery by location (due and delivered in the contract's unit, delivery % and pacing,
// partial and wrong-creative plays, measured and modelled impressions), with the campaign's totals at
// the foot. A location opens its days: the rows by location and day, asked for on the first opening.
import { ActionIcon, Group, Skeleton, Table, Text } from '@mantine/core';
import type { DeliveryResponse, DeliveryRow, GoalType } from '@marquee/contracts/delivery';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import { DeliveryBar } from '../../../components/delivery-bar.tsx';
import { PacingBadge } from '../../../components/pacing-badge.tsx';
import type { DeliveryPeriod } from '../../../lib/campaign-delivery-query.ts';
import { contractUnit, deliveredInUnit, formatCount } from '../../../lib/delivery-format.ts';
import { useCampaignDelivery } from '../api/get-campaign-delivery.ts';

const HEADERS = [
  'Location',
  'Due',
  'Delivered',
  'Bonus plays',
  'Delivery %',
  'Pacing',
  'Partial plays',
  'Wrong creative',
  'Outside schedule',
  'Measured impressions',
  'Modelled impressions',
] as const;

function Figures({ row, goalType }: { row: DeliveryRow | DeliveryResponse['_totals']; goalType: GoalType | null }) {
  return (
    <>
      <Table.Td ta="right">{formatCount(row.due)}</Table.Td>
      <Table.Td ta="right">{formatCount(deliveredInUnit(row, goalType))}</Table.Td>
      <Table.Td ta="right">{formatCount(row.bonus)}</Table.Td>
      <Table.Td>
        <DeliveryBar pct={row.delivery_pct} pacing={row.pacing} w={70} />
      </Table.Td>
      <Table.Td>
        <PacingBadge pacing={row.pacing} pct={row.delivery_pct} size="sm" />
      </Table.Td>
      <Table.Td ta="right">{formatCount(row.partial)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.wrong_creative)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.outside_schedule)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.impressions_measured)}</Table.Td>
      <Table.Td ta="right">{formatCount(row.impressions_modelled)}</Table.Td>
    </>
  );
}

export type DeliveryLocationTableProps = {
  campaignId: number;
  period: DeliveryPeriod;
  /** The report grouped by location; undefined while it loads. */
  data: DeliveryResponse | undefined;
};

export function DeliveryLocationTable({ campaignId, period, data }: DeliveryLocationTableProps) {
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const days = useCampaignDelivery(campaignId, 'location,day', { period, enabled: open.size > 0 });
  const goalType = data?._totals.goal_type ?? null;
  const toggle = (location: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(location)) next.add(location);
      return next;
    });

  const body = (() => {
    if (!data) {
      return Array.from({ length: 3 }, (_, index) => (
        <Table.Tr key={index} aria-hidden="true" data-testid="skeleton-row">
          {HEADERS.map((header) => (
            <Table.Td key={header}>
              <Skeleton height={14} radius="sm" />
            </Table.Td>
          ))}
        </Table.Tr>
      ));
    }
    if (data.results.length === 0) {
      return (
        <Table.Tr>
          <Table.Td colSpan={HEADERS.length}>
            <Text ta="center" py="lg" c="dimmed">
              This campaign has no locations.
            </Text>
          </Table.Td>
        </Table.Tr>
      );
    }
    return data.results.map((row) => {
      const location = row.location!;
      const name = row.location_name ?? `Location ${location}`;
      const isOpen = open.has(location);
      const dayRows = days.data?.results.filter((r) => r.location === location) ?? [];
      const daysId = `delivery-days-${location}`;
      return [
        <Table.Tr key={location}>
          <Table.Th scope="row" fw={600}>
            <Group gap={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                color="gray.7"
                size="sm"
                aria-expanded={isOpen}
                aria-controls={isOpen ? daysId : undefined}
                aria-label={`Days at ${name}`}
                onClick={() => toggle(location)}
              >
                {isOpen ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />}
              </ActionIcon>
              {name}
            </Group>
          </Table.Th>
          <Figures row={row} goalType={goalType} />
        </Table.Tr>,
        ...(isOpen
          ? days.isPending
            ? [
                <Table.Tr key={`${location}-loading`} id={daysId} aria-busy="true">
                  <Table.Td colSpan={HEADERS.length}>
                    <Skeleton height={14} radius="sm" aria-hidden="true" />
                  </Table.Td>
                </Table.Tr>,
              ]
            : dayRows.length === 0
              ? [
                  <Table.Tr key={`${location}-none`} id={daysId}>
                    <Table.Td colSpan={HEADERS.length}>
                      <Text size="sm" c="dimmed" pl={32}>
                        {days.isError ? 'The days could not be loaded.' : 'No days yet.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>,
                ]
              : dayRows.map((day, index) => (
                  <Table.Tr
                    key={`${location}-${day.date}`}
                    id={index === 0 ? daysId : undefined}
                    data-testid="delivery-day-row"
                  >
                    <Table.Th scope="row" fw={400} pl={40} style={{ whiteSpace: 'nowrap' }}>
                      {day.date}
                    </Table.Th>
                    <Figures row={day} goalType={goalType} />
                  </Table.Tr>
                ))
          : []),
      ];
    });
  })();

  return (
    <>
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing={6} captionSide="top">
          <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)" mt={0}>
            Delivery by location
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((header, index) => (
                <Table.Th
                  key={header}
                  scope="col"
                  ta={index === 0 || index === 3 || index === 4 ? undefined : 'right'}
                  miw={index === 0 ? 170 : undefined}
                >
                  {header}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>{body}</Table.Tbody>
          {data && data.results.length > 1 && (
            <Table.Tfoot>
              <Table.Tr data-testid="delivery-totals-row">
                <Table.Th scope="row">All locations</Table.Th>
                <Figures row={data._totals} goalType={goalType} />
              </Table.Tr>
            </Table.Tfoot>
          )}
        </Table>
      </Table.ScrollContainer>
      <Text size="xs" c="dimmed" mt="xs">
        Due and delivered count {contractUnit(goalType)}. Open a location for its days.
      </Text>
    </>
  );
}
