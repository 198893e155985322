import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { locationFixture } from './location-fixtures.ts';
import type { UserChoice } from '../../../lib/user-choices.ts';
import { LocationForm } from './location-form.tsx';

const users: UserChoice[] = [
  { id: 3, username: 'mia', full_name: 'Mia Manager' },
  { id: 5, username: 'carl', full_name: '' },
];

const input = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => vi.restoreAllMocks());

describe('LocationForm', () => {
  it('requires a name, then creates the location and moves to its address', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(locationFixture({ id: 12, name: 'Harbour' }));
    const { user, router } = renderWithProviders(
      <LocationForm location={undefined} users={users} readOnly={false} canChange={false} />,
      { route: '/add', routes: [{ path: '/location/:id', element: <p>location page</p> }] },
    );
    expect(screen.queryByTitle('System id')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Devices' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(input('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    await user.type(input('Name'), 'Harbour');
    await user.type(input('Address'), 'Quay 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/api/locations/',
      { name: 'Harbour', address: 'Quay 7', managers: [], campaign_managers: [] },
      { formErrors: true },
    );
    expect(await screen.findByText('location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/location/12');
  });

  it('shows a saved location with its read-only system id and managers by name, and saves with PUT', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture({ name: 'Central' }));
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    // The system id is a badge beside the title, as on every other record (not a grey field).
    expect(screen.getByTitle('System id')).toHaveTextContent('LOC-000004');
    expect(screen.queryByRole('textbox', { name: 'System id' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Managers', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Mia Manager (mia)')).toBeInTheDocument();

    await user.clear(input('Name'));
    await user.type(input('Name'), 'Central');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/api/locations/4/',
      { name: 'Central', address: 'Main Square 1', managers: [3], campaign_managers: [] },
      { formErrors: true },
    );
  });

  it('shows server field errors on their fields', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, { name: ['An object with this name already exists.'] }));
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    await user.type(input('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An object with this name already exists.')).toBeInTheDocument();
    expect(input('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only without change permission: disabled fields, no Save, no Disable', () => {
    renderWithProviders(
      <LocationForm
        location={locationFixture({ _permissions: ['view_location'] })}
        users={users}
        readOnly
        canChange={false}
      />,
    );
    expect(input('Name')).toBeDisabled();
    expect(input('Address')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Managers' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.getByText('You can view this location but not change it.')).toBeInTheDocument();
  });

  it('opens the tab named in the URL and keeps the chosen tab there', async () => {
    const { user, router } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
      { route: '/location/4?tab=campaign-managers' },
    );
    expect(screen.getByRole('tab', { name: 'Campaign managers', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Managers' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Campaign managers' }));
    expect(router.state.location.search).toBe('?tab=campaign-managers');
  });

  it('disables a location after confirmation, and offers Enable for a disabled one', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(undefined);
    vi.spyOn(api, 'get').mockResolvedValue({});
    const { user, unmount } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable location' });
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/locations/4/deactivate/'));
    unmount();

    renderWithProviders(
      <LocationForm location={locationFixture({ is_active: false })} users={users} readOnly={false} canChange />,
    );
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });
});
