// The calendar screens' pager: "1–50 of 120 locations" and page links when there is more than one.
import { Group, Pagination, Text, VisuallyHidden } from '@mantine/core';

export type CalendarPagerProps = {
  /** What the rows are, plural, e.g. "locations"; also names the page navigation. */
  noun: string;
  page: number;
  pageSize: number;
  /** Undefined while the first page loads. */
  count: number | undefined;
  onChange: (page: number) => void;
};

export function CalendarPager({ noun, page, pageSize, count, onChange }: CalendarPagerProps) {
  const total = Math.max(1, Math.ceil((count ?? 0) / pageSize));
  const first = count ? (page - 1) * pageSize + 1 : 0;
  const last = Math.min(count ?? 0, page * pageSize);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" aria-live="polite">
        {count === undefined ? <VisuallyHidden>Loading</VisuallyHidden> : `${first}–${last} of ${count} ${noun}`}
      </Text>
      {total > 1 && (
        <nav aria-label={`Pages of ${noun}`}>
          <Pagination
            size="sm"
            total={total}
            value={Math.min(page, total)}
            onChange={onChange}
            withEdges
            getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            getControlProps={(control) => ({ 'aria-label': `${control[0]!.toUpperCase()}${control.slice(1)} page` })}
          />
        </nav>
      )}
    </Group>
  );
}
