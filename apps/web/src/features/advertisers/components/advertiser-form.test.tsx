import type { AdvertiserDetail } from '@marquee/contracts/advertisers';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import type { Detail } from '../../../lib/resources.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AdvertiserForm } from './advertiser-form.tsx';

const advertiser = (extra: Partial<Detail<AdvertiserDetail>> = {}): Detail<AdvertiserDetail> => ({
  id: 5,
  sys_id: 'ADV-000005',
  name: 'Café Nord',
  slug: 'cafe-nord-2',
  is_active: true,
  images: [],
  image: null,
  managers: [3],
  managers_data: [{ id: 3, username: 'mia', full_name: 'Mia Manager' }],
  _permissions: ['view_advertiser', 'change_advertiser'],
  ...extra,
});

const input = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => vi.restoreAllMocks());

describe('AdvertiserForm', () => {
  it('derives the slug live from the name, and shows the server slug after saving', async () => {
    const post = vi
      .spyOn(api, 'post')
      .mockResolvedValue(advertiser({ id: 9, name: 'Café Nord & Co.', slug: 'cafe-nord-co-2' }));
    const { user, router } = renderWithProviders(
      <AdvertiserForm advertiser={undefined} readOnly={false} canChange={false} canListUsers={false} />,
      { route: '/add', routes: [{ path: '/advertiser/:id', element: <p>advertiser page</p> }] },
    );
    expect(input('Slug')).toHaveAttribute('readonly');
    await user.type(input('Name'), 'Café Nord & Co.');
    expect(input('Slug')).toHaveValue('cafe-nord-co');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/api/advertisers/',
      { name: 'Café Nord & Co.', managers: [] },
      { formErrors: true },
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/advertiser/9'));
  });

  it("shows an existing advertiser's server slug until its name changes", async () => {
    const { user } = renderWithProviders(
      <AdvertiserForm advertiser={advertiser()} readOnly={false} canChange canListUsers={false} />,
    );
    expect(input('Slug')).toHaveValue('cafe-nord-2');
    await user.type(input('Name'), ' Süd');
    expect(input('Slug')).toHaveValue('cafe-nord-sud');
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Café Nord');
    expect(input('Slug')).toHaveValue('cafe-nord-2');

    // The server makes slugs unique: after saving, its slug shows.
    const put = vi.spyOn(api, 'put').mockResolvedValue(advertiser({ name: 'Nord', slug: 'nord-3' }));
    await user.clear(input('Name'));
    await user.type(input('Name'), 'Nord');
    expect(input('Slug')).toHaveValue('nord');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/api/advertisers/5/', { name: 'Nord', managers: [3] }, { formErrors: true }),
    );
    await waitFor(() => expect(input('Slug')).toHaveValue('nord-3'));
  });

  it('is read-only without change permission and shows the managers by name', () => {
    renderWithProviders(
      <AdvertiserForm
        advertiser={advertiser({ _permissions: ['view_advertiser'] })}
        readOnly
        canChange={false}
        canListUsers={false}
      />,
    );
    expect(input('Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.getByText('You can view this advertiser but not change it.')).toBeInTheDocument();
    expect(screen.getByText('Mia Manager (mia)')).toBeInTheDocument();
  });

  it('picks managers from the users when the user may list them, and disables after confirming', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({
      count: 2,
      next: null,
      previous: null,
      _permissions: [],
      results: [
        { id: 3, username: 'mia', full_name: 'Mia Manager', is_active: true },
        { id: 4, username: 'olaf', full_name: '', is_active: true },
      ],
    });
    const post = vi.spyOn(api, 'post').mockResolvedValue({});
    const { user } = renderWithProviders(
      <AdvertiserForm advertiser={advertiser()} readOnly={false} canChange canListUsers />,
    );
    expect(await screen.findByRole('combobox', { name: /Managers/ })).toBeInTheDocument();
    expect(screen.getAllByText('Mia Manager (mia)')[0]).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/advertisers/5/deactivate/'));
  });
});
