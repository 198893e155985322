// The number of unread messages beside the menu's "Messages" entry.
import { Badge, VisuallyHidden } from '@mantine/core';
import { useUnreadCount } from '../api/get-unread-count.ts';

export function UnreadMessagesBadge() {
  const { data: count } = useUnreadCount();
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
