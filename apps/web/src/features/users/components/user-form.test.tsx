import { messages } from '@marquee/contracts/texts';
import type { Role } from '@marquee/contracts/roles';
import type { User } from '@marquee/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { Detail } from '../../../lib/resources.ts';
import { userFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserForm } from './user-form.tsx';

const roles: Role[] = [
  {
    id: 1,
    name: 'Editors',
    permissions: [],
    can_change_all_advertisers: false,
    can_view_all_advertisers: true,
    is_superuser: false,
  },
  {
    id: 2,
    name: 'Managers',
    permissions: [],
    can_change_all_advertisers: true,
    can_view_all_advertisers: true,
    is_superuser: false,
  },
];

const account = (extra: Partial<Detail<User>> = {}): Detail<User> =>
  userFixture({
    email: 'jane@example.com',
    roles: [2],
    require_2fa: true,
    _permissions: ['view_user', 'change_user'],
    ...extra,
  });

const input = (name: string) => screen.getByRole('textbox', { name });

afterEach(() => vi.restoreAllMocks());

describe('UserForm', () => {
  it('starts a new user empty, requiring activation and two-factor authentication, and creates it', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(account({ id: 12, username: 'newbie' }));
    const { user, router } = renderWithProviders(
      <UserForm user={undefined} roles={roles} readOnly={false} canChange={false} />,
      { route: '/add', routes: [{ path: '/user/:id', element: <p>account page</p> }] },
    );
    expect(input('Username')).toHaveValue('');
    expect(input('Full name')).toHaveValue('');
    expect(input('Email')).toHaveValue('');
    expect(screen.getByRole('checkbox', { name: /Require activation/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Require two-factor authentication/ })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();

    await user.type(input('Username'), 'newbie');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/api/users/',
      {
        username: 'newbie',
        full_name: '',
        email: '',
        roles: [],
        locations: [],
        campaign_locations: [],
        advertisers: [],
        require_activation: true,
        require_2fa: true,
      },
      { formErrors: true },
    );
    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/12');
  });

  it('shows an existing user with role names and saves with PUT', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(account({ full_name: 'Jane Roe' }));
    const { user } = renderWithProviders(<UserForm user={account()} roles={roles} readOnly={false} canChange />);
    expect(input('Username')).toHaveValue('jane');
    expect(screen.getByRole('checkbox', { name: /Require activation/ })).not.toBeChecked();
    expect(screen.getAllByText('Managers')[0]).toBeInTheDocument();
    await user.clear(input('Full name'));
    await user.type(input('Full name'), 'Jane Roe');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/api/users/7/',
      {
        username: 'jane',
        full_name: 'Jane Roe',
        email: 'jane@example.com',
        roles: [2],
        locations: [],
        campaign_locations: [],
        advertisers: [],
        require_activation: false,
        require_2fa: true,
      },
      { formErrors: true },
    );
  });

  it('shows the location pickers, and the advertiser picker only while no role may change all advertisers', () => {
    const { unmount } = renderWithProviders(
      <UserForm user={account({ roles: [1], locations: [5] })} roles={roles} readOnly={false} canChange />,
    );
    expect(screen.getByRole('combobox', { name: /Managed locations/ })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Campaign locations/ })).toBeInTheDocument();
    // Without the locations list (no list_location here) a linked location still shows, by id.
    expect(screen.getAllByText('Location 5')[0]).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Advertisers/ })).toBeInTheDocument();
    unmount();
    renderWithProviders(<UserForm user={account({ roles: [1, 2] })} roles={roles} readOnly={false} canChange />);
    expect(screen.queryByRole('combobox', { name: /Advertisers/ })).toBeNull();
    expect(screen.getByText(/may change every advertiser/)).toBeInTheDocument();
  });

  it('checks the username before sending and shows server field errors on their fields', async () => {
    const post = vi.spyOn(api, 'post').mockRejectedValue(
      new ApiError(400, {
        username: ['A user with that username already exists.'],
        email: ['Enter a valid email address.'],
      }),
    );
    const { user } = renderWithProviders(
      <UserForm user={undefined} roles={roles} readOnly={false} canChange={false} />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    await user.type(input('Username'), 'jane');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('A user with that username already exists.')).toBeInTheDocument();
    expect(input('Username')).toHaveAttribute('aria-invalid', 'true');
    expect(input('Email')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only without change permission: disabled fields, no Save, no account actions', () => {
    renderWithProviders(
      <UserForm user={account({ _permissions: ['view_user'] })} roles={roles} readOnly canChange={false} />,
    );
    expect(input('Username')).toBeDisabled();
    expect(input('Email')).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Require activation/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
    expect(screen.getByText('You can view this account but not change it.')).toBeInTheDocument();
  });

  it('keeps require_2fa on for someone not above the account; switching it on stays possible', () => {
    const { unmount } = renderWithProviders(
      <UserForm
        user={account({ require_2fa: true })}
        roles={roles}
        readOnly={false}
        canChange
        canDropSecondFactor={false}
      />,
    );
    expect(screen.getByRole('checkbox', { name: /Require two-factor authentication/ })).toBeDisabled();
    expect(screen.getByText('Only someone above this account can switch it off.')).toBeInTheDocument();
    unmount();
    renderWithProviders(
      <UserForm
        user={account({ require_2fa: false })}
        roles={roles}
        readOnly={false}
        canChange
        canDropSecondFactor={false}
      />,
    );
    expect(screen.getByRole('checkbox', { name: /Require two-factor authentication/ })).toBeEnabled();
  });

  it('disables an account after confirmation, and offers Enable for a disabled one', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(undefined);
    const { user, unmount } = renderWithProviders(
      <UserForm user={account()} roles={roles} readOnly={false} canChange />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText(/Do you want to disable the user "jane"\?/)).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/users/7/disable/'));
    unmount();

    renderWithProviders(<UserForm user={account({ is_active: false })} roles={roles} readOnly={false} canChange />);
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });

  it("does not offer disabling or reactivating one's own account", () => {
    renderWithProviders(<UserForm user={account()} roles={roles} readOnly={false} canChange isSelf />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reactivate' })).toBeNull();
  });

  it('leaves the users list out of the breadcrumb for someone who cannot open it', () => {
    renderWithProviders(
      <UserForm user={account()} roles={undefined} readOnly canChange={false} isSelf canListUsers={false} />,
    );
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(within(crumbs).getByText('jane')).toBeInTheDocument();
    // Without the role list the picker shows the role by id…
    expect(screen.getAllByText('Role 2')[0]).toBeInTheDocument();
    // …on one's own page it says what is one's own to change.
    expect(screen.queryByText('You can view this account but not change it.')).toBeNull();
    expect(screen.getByText(/your password, one-time token and alert e-mails are yours to change/)).toBeInTheDocument();
  });

  it('names the roles from the account itself where the role list cannot be read', () => {
    renderWithProviders(
      <UserForm
        user={account({ roles: [2], roles_data: [{ id: 2, name: 'Seller' }] })}
        roles={undefined}
        readOnly
        canChange={false}
        isSelf
        canListUsers={false}
      />,
    );
    expect(screen.getAllByText('Seller')[0]).toBeInTheDocument();
    expect(screen.queryByText('Role 2')).toBeNull();
  });

  it('asks before leaving with unsaved changes', async () => {
    const { user, router } = renderWithProviders(
      <UserForm user={account()} roles={roles} readOnly={false} canChange />,
      { route: '/user/7', routes: [{ path: '/events', element: <p>events page</p> }] },
    );
    await user.type(input('Full name'), ' Jr');
    void router.navigate('/events');
    expect(await screen.findByText(messages.leaveText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/user/7');
  });
});
