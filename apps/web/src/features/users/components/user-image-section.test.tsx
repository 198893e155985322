// The image box on /user/:id: one picture, changeable by the user themself or with change_user.
import { alertSubscriptionsEndpoint, defaultAlertSubscription, ALERT_KINDS } from '@marquee/contracts/alerts';
import type { UserInfo } from '@marquee/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { userFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserEditScreen } from './user-edit-screen.tsx';

const account = (permissions: string[]) =>
  userFixture({ id: 5, image: '/api/media/images/9/', _permissions: permissions });

const me = (id: number, permissions: string[] = []): UserInfo => ({
  id,
  username: 'me',
  full_name: '',
  time_zone: 'UTC',
  _permissions: permissions,
});

const activeImage = { id: 9, url: '/api/media/images/9/', width: 10, height: 10, size: 100, is_active: true };

afterEach(() => vi.restoreAllMocks());

function renderScreen({
  signedIn,
  permissions,
  mine = [],
}: {
  signedIn: number;
  permissions: string[];
  /** The signed-in user's own permissions. */
  mine?: string[];
}) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === '/api/users/5/') return Promise.resolve(account(permissions)) as never;
    if (path === '/api/users/5/images/') return Promise.resolve({ results: [activeImage] }) as never;
    // One's own account also shows the alert choices (to who may list alerts).
    if (path === alertSubscriptionsEndpoint) {
      return Promise.resolve({
        subscriptions: ALERT_KINDS.map(defaultAlertSubscription),
        managed_locations: 0,
      }) as never;
    }
    return Promise.resolve({ count: 0, next: null, previous: null, results: [] }) as never;
  });
  const rendered = renderWithProviders(<></>, {
    route: '/user/5',
    routes: [{ path: paths.user, element: <UserEditScreen /> }],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, me(signedIn, mine));
  return { ...rendered, get };
}

describe('user image', () => {
  it('lets the user change their own picture, one at most', async () => {
    renderScreen({ signedIn: 5, permissions: ['view_user'], mine: ['list_alert'] });
    expect(await screen.findByRole('region', { name: 'Image' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Image 1 of 1, active' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove image' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add image' })).toBeDisabled();
    // One's own account, with list_alert: its alert choices too.
    expect(await screen.findByRole('region', { name: 'Alerts' })).toBeInTheDocument();
  });

  it('shows no alert choices on one’s own account without list_alert', async () => {
    renderScreen({ signedIn: 5, permissions: ['view_user'] });
    expect(await screen.findByRole('region', { name: 'Image' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
  });

  it("lets someone with change_user change another user's picture", async () => {
    renderScreen({ signedIn: 1, permissions: ['view_user', 'change_user'] });
    expect(await screen.findByRole('button', { name: 'Remove image' })).toBeInTheDocument();
  });

  it("shows another user's picture read-only without change_user", async () => {
    const { get } = renderScreen({ signedIn: 1, permissions: ['view_user'] });
    expect(await screen.findByRole('img', { name: 'Image 1 of 1, active' })).toBeInTheDocument();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/api/users/5/images/', expect.anything()));
    expect(screen.queryByRole('button', { name: 'Remove image' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add image' })).toBeNull();
    // Someone else's alert choices are theirs to make.
    expect(screen.queryByRole('region', { name: 'Alerts' })).toBeNull();
  });
});
