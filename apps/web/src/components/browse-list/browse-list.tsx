// The spec's browse list: an Active/Disabled toggle and a search box (both in the URL), then the
// rows page by page (BROWSE_LIST_PAGE_SIZE): the next page loads when the end of the list comes
// into view, or with "Load more" (keyboard users, browsers without IntersectionObserver).
import { Button, Card, Center, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';
import { TextFilter } from '../data-table/text-filter.tsx';
import { ListLoadError, ListSkeleton } from '../list-states.tsx';
import type { BrowseList as BrowseListData, BrowseStatus } from './use-browse-list.ts';
import classes from './browse-list.module.css';

export type BrowseListProps<T> = {
  /** Accessible name of the list, e.g. "Users". */
  label: string;
  list: BrowseListData<T>;
  getKey: (row: T) => string | number;
  renderItem: (row: T) => ReactNode;
  searchLabel?: string;
  searchPlaceholder?: string;
  emptyText?: string;
};

const statusOptions: { value: BrowseStatus; label: string }[] = [
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];

const SKELETON_ROWS = 6;

function useLoadOnView(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  }, [load]);
  useEffect(() => {
    const target = ref.current;
    if (!enabled || !target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      // Start a little before the end is reached.
      { rootMargin: '0px 0px 400px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [enabled]);
  return ref;
}

export function BrowseList<T>({
  label,
  list,
  getKey,
  renderItem,
  searchLabel = 'Search',
  searchPlaceholder,
  emptyText = 'Nothing found.',
}: BrowseListProps<T>) {
  const { state, query, rows, count } = list;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const canLoadMore = Boolean(hasNextPage) && !isFetchingNextPage && !query.isError;
  const sentinel = useLoadOnView(() => {
    if (canLoadMore) void fetchNextPage();
  }, canLoadMore);

  const body = (() => {
    if (query.isPending) {
      return <ListSkeleton rows={SKELETON_ROWS} height={64} radius="md" testId="browse-skeleton" />;
    }
    if (query.isError && !rows.length) {
      return <ListLoadError what="list" onRetry={() => void query.refetch()} />;
    }
    if (!rows.length) {
      return (
        <Text ta="center" py="xl" c="dimmed">
          {emptyText}
        </Text>
      );
    }
    return (
      <ul className={classes.list} aria-label={label} aria-busy={query.isFetching}>
        {rows.map((row) => (
          <li key={getKey(row)}>
            <Card withBorder radius="md" padding="sm" className={classes.item}>
              {renderItem(row)}
            </Card>
          </li>
        ))}
      </ul>
    );
  })();

  return (
    <Stack gap="md">
      <Group align="flex-end" gap="md" wrap="wrap">
        <SegmentedControl
          aria-label={`Show active or disabled ${label.toLowerCase()}`}
          data={statusOptions}
          value={state.status}
          onChange={(value) => state.setStatus(value as BrowseStatus)}
        />
        <TextFilter
          label={searchLabel}
          value={state.search}
          onChange={state.setSearch}
          placeholder={searchPlaceholder}
        />
      </Group>
      <Text size="sm" c="dimmed" aria-live="polite">
        {count === undefined ? '' : `${rows.length} of ${count} shown`}
      </Text>
      {body}
      <div ref={sentinel} className={classes.sentinel} />
      {hasNextPage && (
        <Center>
          <Button variant="default" onClick={() => void fetchNextPage()} loading={isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
    </Stack>
  );
}
