import type { Paged } from '@marquee/contracts/common';
import type { Message } from '@marquee/contracts/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { MessagesScreen } from './messages-screen.tsx';
import { UnreadMessagesBadge } from './unread-messages-badge.tsx';

const messageRows: Message[] = [
  {
    id: 2,
    importance: 'critical',
    sent_at: '2026-11-22T10:00:00Z',
    read_at: null,
    content: 'Device offline',
    links: [
      { label: 'Open the alert', path: '/alerts?id=7&open=all' },
      { label: 'Open the screen', path: '/screen/11' },
    ],
  },
  {
    id: 1,
    importance: 'info',
    sent_at: '2026-11-21T09:00:00Z',
    read_at: '2026-11-21T09:30:00Z',
    content: 'Campaign approved',
    links: [],
  },
];

const paged = (results: Message[]): Paged<Message> => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  _permissions: [],
});

beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(undefined);
});

describe('MessagesScreen', () => {
  it('lists the messages newest first, 100 a page, with importance and times', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(paged(messageRows));
    renderWithProviders(<MessagesScreen />, { route: '/messages' });
    const table = await screen.findByRole('table', { name: 'Messages' });
    expect(get).toHaveBeenCalledWith(
      '/api/messages/',
      expect.objectContaining({ query: { page: 1, page_size: 100, ordering: '-sent_at' } }),
    );
    const unread = await within(table).findByRole('row', { name: /Device offline/ });
    // An alert's message links to the alert and its screen.
    expect(within(unread).getByRole('link', { name: 'Open the alert' })).toHaveAttribute(
      'href',
      '/alerts?id=7&open=all',
    );
    expect(within(unread).getByRole('link', { name: 'Open the screen' })).toHaveAttribute('href', '/screen/11');
    expect(unread).toHaveTextContent('critical');
    expect(unread).toHaveTextContent('2026-11-22 10:00:00');
    expect(unread).toHaveTextContent('Unread');
    const read = within(table).getByRole('row', { name: /Campaign approved/ });
    expect(read).toHaveTextContent('2026-11-21 09:30:00');
    expect(within(read).queryByRole('button', { name: 'Confirm message' })).toBeNull();
  });

  it('"Unread only" filters in the URL', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(paged(messageRows));
    const { user, router } = renderWithProviders(<MessagesScreen />, { route: '/messages' });
    await screen.findByRole('table', { name: 'Messages' });
    await user.click(screen.getByRole('switch', { name: 'Unread only' }));
    expect(router.state.location.search).toBe('?unread=true');
    await waitFor(() =>
      expect(get).toHaveBeenLastCalledWith(
        '/api/messages/',
        expect.objectContaining({ query: { page: 1, page_size: 100, ordering: '-sent_at', unread: 'true' } }),
      ),
    );
  });

  it('confirming a message shows its read time and refreshes the unread count', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockImplementation(async (path: string) => (path.endsWith('unread_count/') ? { count: 1 } : paged(messageRows)));
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue({ ...messageRows[0]!, read_at: '2026-11-22T11:00:00Z' } satisfies Message);
    const { user } = renderWithProviders(
      <>
        <UnreadMessagesBadge />
        <MessagesScreen />
      </>,
      { route: '/messages' },
    );
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('1');
    expect(screen.getByText('(1 unread)')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Device offline/ });
    get.mockImplementation(async (path: string) =>
      path.endsWith('unread_count/') ? { count: 0 } : paged(messageRows),
    );
    await user.click(within(row).getByRole('button', { name: 'Confirm message' }));
    expect(post).toHaveBeenCalledWith('/api/messages/2/confirm/');
    await waitFor(() => expect(row).toHaveTextContent('2026-11-22 11:00:00'));
    expect(within(row).queryByRole('button', { name: 'Confirm message' })).toBeNull();
    await waitFor(() => expect(screen.queryByTestId('unread-count')).toBeNull());
  });
});
