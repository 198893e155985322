// The number of unread messages beside the menu's "Messages" entry.
import { Badge, VisuallyHidden } from '@mantine/core';
import { useIdle } from '@mantine/hooks';
import { UNREAD_COUNT_REFRESH_MS, useUnreadCount } from '../api/get-unread-count.ts';

export function UnreadMessagesBadge() {
  // No input for a refresh period: stop polling (see unreadCountQueryOptions).
  const idle = useIdle(UNREAD_COUNT_REFRESH_MS, { initialState: false });
  const { data: count } = useUnreadCount({ poll: !idle });
  if (!count) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="red.9" circle={count < 10} aria-hidden data-testid="unread-count">
        {count > 99 ? '99+' : count}
      </Badge>
      <VisuallyHidden>{`(${count} unread)`}</VisuallyHidden>
    </>
  );
}
