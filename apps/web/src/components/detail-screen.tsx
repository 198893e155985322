// What an add-or-edit screen (/<thing>/add, /<thing>/:id) shows before its form: its id from the
// address, the error when the object cannot be loaded, and the placeholder while it loads.
import { Alert, Anchor, Skeleton, Stack } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { PageHeader, type Crumb } from './page-header.tsx';

/** A positive whole number; undefined when there is none, null when it is something else. */
export function parseId(value: string | null | undefined): number | null | undefined {
  if (value === undefined || value === null) return undefined;
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
}

/** The `:id` of the address: undefined on the add screen, null when it is no id (the screen goes home). */
export function useRouteId(): number | null | undefined {
  return parseId(useParams().id);
}

export type DetailLoadErrorProps = {
  title: string;
  breadcrumbs: Crumb[];
  /** What could not be loaded, e.g. "video clip". */
  noun: string;
  /** Where the link leads back to, e.g. the list. */
  back: { to: string; label: string };
};

export function DetailLoadError({ title, breadcrumbs, noun, back }: DetailLoadErrorProps) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <Alert color="red" variant="light">
        The {noun} could not be loaded.{' '}
        <Anchor component={Link} to={back.to}>
          {back.label}
        </Anchor>
      </Alert>
    </>
  );
}

export type DetailSkeletonProps = {
  title: string;
  breadcrumbs: Crumb[];
  /** One placeholder block a height, roughly the shape of the screen to come. */
  heights: number[];
};

export function DetailSkeleton({ title, breadcrumbs, heights }: DetailSkeletonProps) {
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <Stack gap="md" aria-busy="true">
        {heights.map((height, index) => (
          <Skeleton key={index} height={height} radius="md" />
        ))}
      </Stack>
    </>
  );
}
