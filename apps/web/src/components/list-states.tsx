// What a list (table, cards, tab of rows) shows before its rows: placeholder rows while it loads, and
// an error with a retry when it cannot be loaded.
import { Alert, Button, Skeleton, Stack, type MantineRadius, type MantineSpacing } from '@mantine/core';

export type ListSkeletonProps = {
  rows: number;
  /** Roughly a row's height, so the list does not jump when it arrives. */
  height: number;
  radius?: MantineRadius;
  testId?: string;
};

/** Hidden from assistive technology: there is nothing to read yet. */
export function ListSkeleton({ rows, height, radius = 'sm', testId }: ListSkeletonProps) {
  return (
    <Stack gap="xs" aria-hidden="true" data-testid={testId}>
      {Array.from({ length: rows }, (_, index) => (
        <Skeleton key={index} height={height} radius={radius} />
      ))}
    </Stack>
  );
}

export type ListLoadErrorProps = {
  /** What could not be loaded, e.g. "devices". */
  what: string;
  onRetry: () => void;
  mb?: MantineSpacing;
};

export function ListLoadError({ what, onRetry, mb }: ListLoadErrorProps) {
  return (
    <Alert color="red" variant="light" mb={mb}>
      The {what} could not be loaded.{' '}
      <Button variant="subtle" size="compact-sm" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}

/**
 * What a list shows while it refetches with its previous rows still on screen: those rows dimmed, and
 * a `data-stale` mark that the end-to-end checks wait on (axe would measure the dimmed text as too
 * faint, although nobody is meant to read it in that moment).
 */
export function staleRows(stale: boolean): { 'data-stale'?: true; style?: { opacity: number } } {
  return stale ? { 'data-stale': true, style: { opacity: 0.6 } } : {};
}
