// The frame of one figure on the operations home: a heading, the figure (placeholder lines while it
// loads, a quiet note with a retry when it cannot be loaded), an "as of" time and a link onwards.
import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatHourMinute } from '../../../lib/format.ts';

export type FigureQuery = { isPending: boolean; isError: boolean; refetch: () => unknown };

/** A card's figure from the home's answer (null: not the user's to see), and that answer's state. */
export type FigureProps<T> = { query: FigureQuery; summary: T | null | undefined };

export type FigureCardProps = {
  title: string;
  query: FigureQuery;
  /** When the figures were computed (shown as "as of HH:mm"). */
  asOf?: string | null;
  /** A link to the screen behind the figure. */
  more?: { to: string; label: string };
  testId?: string;
  children?: ReactNode;
};

export function FigureCard({ title, query, asOf, more, testId, children }: FigureCardProps) {
  const headingId = useId();
  const body = (() => {
    if (query.isPending) {
      return (
        <Stack gap={8} aria-hidden="true" data-testid="figure-skeleton">
          <Skeleton height={28} width="40%" radius="sm" />
          <Skeleton height={12} radius="sm" />
          <Skeleton height={12} width="70%" radius="sm" />
        </Stack>
      );
    }
    if (query.isError) {
      return (
        <Group gap="xs">
          <Text size="sm" c="dimmed">
            These figures could not be loaded.
          </Text>
          <Button variant="subtle" size="compact-sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Group>
      );
    }
    return children;
  })();
  const time = formatHourMinute(asOf);
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      aria-busy={query.isPending || undefined}
      withBorder
      radius="md"
      padding="md"
      h="100%"
      data-testid={testId}
    >
      <Stack gap="sm" h="100%">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        <div style={{ flex: 1 }}>{body}</div>
        {(more || (time && !query.isPending && !query.isError)) && (
          <Group justify="space-between" gap="xs">
            {more ? (
              <Anchor component={Link} to={more.to} size="sm">
                {more.label}
              </Anchor>
            ) : (
              <span />
            )}
            {time && !query.isPending && !query.isError && (
              <Text size="xs" c="dimmed">
                as of {time}
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** A big number with what it counts beside it ("12 screens"). */
export function BigFigure({ value, unit }: { value: ReactNode; unit: ReactNode }) {
  return (
    <Group gap={6} align="baseline" wrap="nowrap">
      <Text fz={28} fw={700} lh={1.1}>
        {value}
      </Text>
      <Text size="sm" c="dimmed">
        {unit}
      </Text>
    </Group>
  );
}
