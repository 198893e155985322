import type { Paged } from '@marquee/contracts/common';
import { BROWSE_LIST_PAGE_SIZE } from '@marquee/contracts/constants';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import type { QueryParams, RequestOptions } from '../../lib/api-client.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BrowseList } from './browse-list.tsx';
import { useBrowseList } from './use-browse-list.ts';

type Row = { id: number; name: string };

function Harness() {
  const list = useBrowseList<Row>({ resource: 'users', ordering: 'username' });
  return (
    <BrowseList
      label="Things"
      list={list}
      getKey={(row) => row.id}
      renderItem={(row) => <span>{row.name}</span>}
      emptyText="No things."
    />
  );
}

/** 45 active rows (two pages) and 1 disabled one. */
function mockPages() {
  return vi.spyOn(api, 'get').mockImplementation((_path: string, options?: Omit<RequestOptions, 'method'>) => {
    const query = (options?.query ?? {}) as QueryParams;
    const all: Row[] =
      query.is_active === false
        ? [{ id: 100, name: 'disabled one' }]
        : Array.from({ length: 45 }, (_, i) => ({ id: i + 1, name: `row ${i + 1}` }));
    const page = Number(query.page);
    const start = (page - 1) * BROWSE_LIST_PAGE_SIZE;
    const results = all.slice(start, start + BROWSE_LIST_PAGE_SIZE);
    const body: Paged<Row> = {
      count: all.length,
      next: start + BROWSE_LIST_PAGE_SIZE < all.length ? `/api/users/?page=${page + 1}` : null,
      previous: null,
      results,
      _permissions: ['add_user'],
    };
    return Promise.resolve(body) as never;
  });
}

const lastQuery = (spy: ReturnType<typeof mockPages>) => spy.mock.calls.at(-1)?.[1]?.query;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('BrowseList', () => {
  it('shows a skeleton, then the first page of active rows, and loads the next page with "Load more"', async () => {
    const get = mockPages();
    const { user } = renderWithProviders(<Harness />);
    expect(screen.getByTestId('browse-skeleton')).toBeInTheDocument();
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(lastQuery(get)).toEqual({ ordering: 'username', is_active: true, page: 1, page_size: 40 });
    expect(screen.getAllByRole('listitem')).toHaveLength(40);
    expect(screen.getByText('40 of 45 shown')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('row 45')).toBeInTheDocument();
    expect(lastQuery(get)).toMatchObject({ page: 2, page_size: 40 });
    expect(screen.getAllByRole('listitem')).toHaveLength(45);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('switches to disabled rows with the toggle and keeps it in the URL', async () => {
    const get = mockPages();
    const { user, router } = renderWithProviders(<Harness />, { route: '/things' });
    await screen.findByText('row 1');
    expect(screen.getByRole('radio', { name: 'Active' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Disabled' }));
    expect(await screen.findByText('disabled one')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?is_active=false');
    expect(lastQuery(get)).toMatchObject({ is_active: false, page: 1 });
    await user.click(screen.getByRole('radio', { name: 'Active' }));
    expect(await screen.findByText('row 1')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('reads the toggle and the search from the URL, and shows the empty state', async () => {
    const get = vi
      .spyOn(api, 'get')
      .mockResolvedValue({ count: 0, next: null, previous: null, results: [], _permissions: [] });
    renderWithProviders(<Harness />, { route: '/things?is_active=false&search=zed' });
    expect(await screen.findByText('No things.')).toBeInTheDocument();
    expect(lastQuery(get as never)).toMatchObject({ is_active: false, search: 'zed' });
    expect(screen.getByRole('radio', { name: 'Disabled' })).toBeChecked();
    expect(screen.getByLabelText('Search')).toHaveValue('zed');
  });

  it('loads the next page when the end of the list comes into view', async () => {
    let notify: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          notify = callback;
        }
        observe() {}
        disconnect() {}
      },
    );
    const get = mockPages();
    renderWithProviders(<Harness />);
    await screen.findByText('row 1');
    await waitFor(() => expect(notify).toBeDefined());
    notify!([{ isIntersecting: true }]);
    expect(await screen.findByText('row 45')).toBeInTheDocument();
    expect(lastQuery(get)).toMatchObject({ page: 2 });
  });
});
