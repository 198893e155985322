import type { UserInfo } from '@marquee/contracts/auth';
import { operationsEndpoints } from '@marquee/contracts/operations';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { userInfoQueryKey } from '../lib/current-user.ts';
import { renderWithProviders } from '../test/render.tsx';
import { HomeScreen } from './home-screen.tsx';

afterEach(() => vi.restoreAllMocks());

function renderHome(permissions: string[]) {
  vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === operationsEndpoints.home) {
      return Promise.resolve({
        cutoff: '2026-12-02T10:00:00Z',
        screens: null,
        alerts: { counts: { device_offline: 1 }, total: 1, oldest_started_at: null },
        approvals: null,
        pacing: null,
        plays_today: null,
      }) as never;
    }
    if (path === '/api/alerts/') return Promise.resolve({ count: 0, next: null, previous: null, results: [] }) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const me: UserInfo = { id: 3, username: 'olga', full_name: 'Olga Ops', time_zone: 'UTC', _permissions: permissions };
  const rendered = renderWithProviders(<HomeScreen />);
  rendered.queryClient.setQueryData(userInfoQueryKey, me);
  return rendered;
}

describe('HomeScreen', () => {
  it('puts the operations figures above the menu tiles, which stay', async () => {
    renderHome(['list_alert', 'list_location']);
    const figures = await screen.findByRole('heading', { name: 'Operations' });
    expect(await screen.findByRole('link', { name: /Screen offline\s*1/ })).toBeInTheDocument();
    const locations = screen.getByRole('link', { name: /Locations/ });
    const alerts = screen.getByRole('link', { name: /^Alerts/ });
    expect(figures.compareDocumentPosition(locations) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(alerts).toHaveAttribute('href', '/alerts');
  });

  it('keeps the plain menu for users who may see no figure', async () => {
    renderHome(['list_location']);
    expect(await screen.findByRole('link', { name: /Locations/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Operations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Alerts/ })).not.toBeInTheDocument();
  });
});
