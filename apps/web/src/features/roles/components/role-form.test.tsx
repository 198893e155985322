import { messages } from '@marquee/contracts/texts';
import type { Permission } from '@marquee/contracts/permissions';
import type { Role } from '@marquee/contracts/roles';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { Detail } from '../../../lib/resources.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { RoleForm } from './role-form.tsx';

const permissions: Permission[] = [
  { id: 1, codename: 'change_role', name: 'Can change role', model: 'role', dependent: [2], masters: [] },
  { id: 2, codename: 'view_role', name: 'Can view role', model: 'role', dependent: [3], masters: [1] },
  { id: 3, codename: 'list_role', name: 'Can list role', model: 'role', dependent: [], masters: [2] },
];

const role = (extra: Partial<Detail<Role>> = {}): Detail<Role> => ({
  id: 5,
  name: 'Auditor',
  permissions: [3],
  can_change_all_advertisers: false,
  can_view_all_advertisers: true,
  is_superuser: false,
  _permissions: ['view_role', 'change_role', 'delete_role'],
  ...extra,
});

const nameInput = () => screen.getByRole('textbox', { name: /^Name/ });

afterEach(() => vi.restoreAllMocks());

describe('RoleForm', () => {
  it('saves only the directly chosen permissions without the implied ones', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(role({ permissions: [1] }));
    const { user } = renderWithProviders(
      <RoleForm role={role()} permissions={permissions} readOnly={false} canDelete />,
    );
    // list_role was chosen directly; choosing change_role implies it.
    await user.click(screen.getByRole('checkbox', { name: 'Can change role' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/api/roles/5/',
      { name: 'Auditor', can_change_all_advertisers: false, can_view_all_advertisers: true, permissions: [1] },
      { formErrors: true },
    );
  });

  it('saves can_view_all_advertisers off when the box is unticked', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(role({ can_view_all_advertisers: false }));
    const { user } = renderWithProviders(
      <RoleForm role={role()} permissions={permissions} readOnly={false} canDelete />,
    );
    const box = screen.getByRole('checkbox', { name: /Can view all advertisers/ });
    expect(box).toBeChecked();
    await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put.mock.calls[0]?.[1]).toMatchObject({ can_view_all_advertisers: false });
  });

  it('shows server field errors on the field and clears them when the field is edited', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { name: ['An object with this name already exists.'] }));
    const { user } = renderWithProviders(
      <RoleForm role={undefined} permissions={permissions} readOnly={false} canDelete={false} />,
    );
    await user.type(nameInput(), 'Auditor');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An object with this name already exists.')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');
    await user.type(nameInput(), 's');
    await waitFor(() => expect(screen.queryByText('An object with this name already exists.')).toBeNull());
  });

  it('navigates to the new role after creating it', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(role({ id: 9, name: 'Editors' }));
    const { user, router } = renderWithProviders(
      <RoleForm role={undefined} permissions={permissions} readOnly={false} canDelete={false} />,
      { route: '/add', routes: [{ path: '/role/:id', element: <p>role page</p> }] },
    );
    await user.type(nameInput(), 'Editors');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('role page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/role/9');
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderWithProviders(
      <RoleForm role={role()} permissions={permissions} readOnly={false} canDelete />,
      { route: '/role/5', routes: [{ path: '/events', element: <p>events page</p> }] },
    );
    await user.type(nameInput(), ' 2');
    void router.navigate('/events');
    expect(await screen.findByText(messages.leaveText)).toBeInTheDocument();
    expect(screen.getByText(messages.leaveTitle)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/role/5');
    void router.navigate('/events');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('events page')).toBeInTheDocument();
  });

  it('is read-only without change permission: disabled inputs, no Save, no select boxes', () => {
    renderWithProviders(
      <RoleForm role={role({ _permissions: ['view_role'] })} permissions={permissions} readOnly canDelete={false} />,
    );
    expect(nameInput()).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: 'Can change all advertisers' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: 'Can change role' })).toBeNull();
  });

  it('shows that the superuser role holds every permission', () => {
    renderWithProviders(
      <RoleForm
        role={role({ is_superuser: true, _permissions: ['view_role'] })}
        permissions={permissions}
        readOnly
        canDelete={false}
      />,
    );
    expect(screen.getByText(/holds every permission/)).toBeInTheDocument();
    expect(screen.getByText('Every permission is selected.')).toBeInTheDocument();
  });
});
