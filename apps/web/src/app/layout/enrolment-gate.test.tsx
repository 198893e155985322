import type { UserInfo } from '@marquee/contracts/auth';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { userInfoQueryKey } from '../../lib/current-user.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { AppLayout } from './app-layout.tsx';

const enrolment = { qr_url: 'data:image/png;base64,AAAA', otp_url: 'otpauth://totp/Marquee:jane?secret=ABC' };
const jane: UserInfo = {
  id: 7,
  username: 'jane',
  full_name: 'Jane',
  time_zone: 'UTC',
  _permissions: ['list_campaign'],
};
const emptyPage = { count: 0, next: null, previous: null, results: [], _permissions: [] };

afterEach(() => vi.restoreAllMocks());

/** The signed-in app at /campaign, with `user` as the resolved user-info. */
function renderApp(user: UserInfo) {
  const view = renderWithProviders(<p>Elsewhere</p>, {
    route: '/campaign',
    routes: [{ path: '/', element: <AppLayout />, children: [{ path: 'campaign', element: <p>Campaign screen</p> }] }],
  });
  view.queryClient.setQueryData(userInfoQueryKey, user);
  return view;
}

describe('AppLayout while a one-time token must be enrolled', () => {
  it('shows only the enrolment and sign-out, then the app once the token is confirmed', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(emptyPage);
    const post = vi
      .spyOn(api, 'post')
      .mockImplementation((path: string) => Promise.resolve(path.endsWith('enable_otp/') ? enrolment : {}) as never);
    const getUserInfo = vi.spyOn(api, 'getUserInfo').mockResolvedValue(jane);
    const { user } = renderApp({ ...jane, must_enrol_token: true });

    expect(await screen.findByRole('heading', { name: 'Enrol a one-time token' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByText('Campaign screen')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    expect(screen.queryByRole('link', { name: /My account/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Enable one-time token' }));
    expect(await screen.findByRole('img', { name: 'QR code of the one-time token' })).toBeInTheDocument();
    expect(post).toHaveBeenCalledWith('/api/users/7/enable_otp/');
    // Nothing else was asked of the server meanwhile (it would have refused it).
    expect(get).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Token' }), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm token' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/users/7/validate_otp/', { token: '123456' }, { quietStatuses: [400] }),
    );

    // User-info is asked again; without the flag the requested screen and the menu appear.
    expect(await screen.findByText('Campaign screen')).toBeInTheDocument();
    expect(getUserInfo).toHaveBeenCalled();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enrol a one-time token' })).toBeNull();
  });

  it('stays on the enrolment while the server still says so, and Cancel goes back to its start', async () => {
    vi.spyOn(api, 'post').mockResolvedValue(enrolment);
    const { user } = renderApp({ ...jane, must_enrol_token: true });
    await user.click(await screen.findByRole('button', { name: 'Enable one-time token' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('button', { name: 'Enable one-time token' })).toBeInTheDocument();
    expect(screen.queryByText('Campaign screen')).toBeNull();
  });

  it('shows the app directly for a user who need not enrol', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(emptyPage);
    renderApp(jane);
    expect(await screen.findByText('Campaign screen')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Enrol a one-time token' })).toBeNull();
  });
});
