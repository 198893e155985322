import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { messages } from '@marquee/contracts/texts';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient, ApiClientEvents } from '../lib/api-client.ts';
import { connectApiClient } from './session.tsx';

function setup(pathname = '/role/3') {
  let events: Partial<ApiClientEvents> = {};
  const api = { setEvents: (handlers: Partial<ApiClientEvents>) => (events = handlers), cancelLogin: vi.fn() };
  const router = { navigate: vi.fn(async () => undefined) };
  const location = { pathname, search: '?page=2', assign: vi.fn(), reload: vi.fn() };
  const queryClient = new QueryClient();
  connectApiClient({ api: api as unknown as ApiClient, router, queryClient, location });
  render(
    <MantineProvider>
      <ModalsProvider>
        <p>app</p>
      </ModalsProvider>
    </MantineProvider>,
  );
  return { events: events as ApiClientEvents, router, location, api, queryClient, user: userEvent.setup() };
}

describe('connectApiClient', () => {
  it('403: shows "No permission" and goes home', async () => {
    const { events, location, user } = setup();
    events.forbidden();
    const dialog = await screen.findByRole('dialog', { name: messages.noPermissionTitle });
    expect(dialog).toHaveTextContent(messages.noPermissionText);
    expect(dialog).toHaveTextContent(messages.noPermissionRedirect);
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(location.assign).toHaveBeenCalledWith('/');
  });

  it('version mismatch: a dialog that cannot be dismissed and reloads', async () => {
    const { events, location, user } = setup();
    events.versionMismatch('2.0.0');
    const dialog = await screen.findByRole('dialog', { name: messages.versionMismatchTitle });
    await user.keyboard('{Escape}');
    expect(dialog).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /close/i })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(location.reload).toHaveBeenCalled();
  });

  it('session timeout: to /login?timeout=true, back to the screen afterwards', async () => {
    const { events, router } = setup();
    events.sessionTimeout();
    await waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith('/login?timeout=true&next=%2Frole%2F3%3Fpage%3D2', {
        replace: true,
      }),
    );
  });

  it('login required: the sign-in form in a dialog; cancelling ends the session', async () => {
    const { events, api, router, user } = setup();
    events.loginRequired();
    const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
    expect(dialog).toContainElement(screen.getByLabelText('Password'));
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(api.cancelLogin).toHaveBeenCalled();
    await waitFor(() =>
      expect(router.navigate).toHaveBeenCalledWith('/login?next=%2Frole%2F3%3Fpage%3D2', { replace: true }),
    );
  });

  it('login confirmed: closes the dialog and keeps the user', async () => {
    const { events, queryClient } = setup();
    events.loginRequired();
    await screen.findByRole('dialog', { name: 'Sign in again' });
    const user = { id: 1, username: 'admin', full_name: 'A', time_zone: 'UTC', _permissions: [] };
    events.loginConfirmed(user);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in again' })).toBeNull());
    expect(queryClient.getQueryData(['user-info'])).toEqual(user);
  });
});
