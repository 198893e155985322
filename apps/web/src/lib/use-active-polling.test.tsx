import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from './query-client.ts';
import { POLL_IDLE_MS, useActivePolling } from './use-active-polling.ts';

afterEach(() => vi.useRealTimers());

describe('useActivePolling', () => {
  it('stops polling after POLL_IDLE_MS without input and reloads the stale figures when the user returns', () => {
    vi.useFakeTimers();
    const queryClient = createQueryClient();
    const refetch = vi.spyOn(queryClient, 'refetchQueries').mockResolvedValue();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useActivePolling(['operations']), { wrapper });
    expect(POLL_IDLE_MS).toBe(5 * 60_000);
    expect(result.current).toBe(true);

    act(() => {
      fireEvent.mouseMove(document);
      vi.advanceTimersByTime(POLL_IDLE_MS - 1000);
    });
    expect(result.current).toBe(true);
    expect(refetch).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(2000));
    expect(result.current).toBe(false);

    act(() => {
      fireEvent.keyDown(document, { key: 'a' });
    });
    expect(result.current).toBe(true);
    expect(refetch).toHaveBeenCalledWith({ queryKey: ['operations'], type: 'active', stale: true });
  });
});
