import { describe, expect, it } from 'vitest';
import { UNREAD_COUNT_REFRESH_MS, unreadCountQueryOptions } from './get-unread-count.ts';

describe('unreadCountQueryOptions', () => {
  it('refreshes every 60 s while the user is active, not while idle (requests renew the session)', () => {
    expect(UNREAD_COUNT_REFRESH_MS).toBe(60_000);
    expect(unreadCountQueryOptions().refetchInterval).toBe(60_000);
    expect(unreadCountQueryOptions({ poll: false }).refetchInterval).toBe(false);
    expect(unreadCountQueryOptions().queryKey).toEqual(['messages', 'unread-count']);
  });
});
