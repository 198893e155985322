import type { Alert } from '@marquee/contracts/alerts';
import type { UserInfo } from '@marquee/contracts/auth';
import {
  operationsEndpoints,
  OPERATIONS_REFRESH_MS,
  type AlertsSummary,
  type ApprovalsSummary,
  type OperationsHome,
  type PacingSummary,
  type PlaysTodaySummary,
  type ScreensSummary,
} from '@marquee/contracts/operations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/data-table/data-table-cards.tsx';
import { api } from '../../../lib/api.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { operationsHomeQueryOptions } from '../api/get-operations-home.ts';
import { OperationsFigures } from './operations-figures.tsx';

afterEach(() => vi.restoreAllMocks());

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE - 30_000).toISOString();

const screens: ScreensSummary = {
  counts: { online: 40, stale: 2, screen_off: 0, offline: 3, never: 1 },
  total: 46,
  as_of: '2026-11-26T09:14:00Z',
  scope_locations: null,
};
const alerts: AlertsSummary = {
  counts: { device_offline: 3, device_stale: 2, screen_off: 0, plays_backlog: 0, campaign_at_risk: 1 },
  total: 6,
  oldest_started_at: ago(135),
  scope_locations: null,
};
const approvals: ApprovalsSummary = {
  count: 4,
  oldest: { id: 21, name: 'Winter sale', waiting_since: ago(2 * 24 * 60 + 3 * 60) },
};
const pacing: PacingSummary = {
  behind: 2,
  at_risk: 1,
  top: [
    { id: 1, name: 'Morning Blend launch', pacing: 'at_risk', delivery_pct: 61.5, missing: 5230 },
    { id: 2, name: 'Cold Brew summer', pacing: 'behind', delivery_pct: 88.2, missing: 412 },
  ],
  as_of: '2026-11-26T09:13:00Z',
  scope_locations: null,
};
const playsToday: PlaysTodaySummary = {
  day: '2026-11-26',
  plays: 8200,
  delivered: 8015,
  expected: 10000,
  as_of: '2026-11-26T09:00:00Z',
  scope_locations: null,
};
const latestAlerts: Alert[] = [
  {
    id: 9,
    kind: 'device_offline',
    open: true,
    started_at: ago(12),
    ended_at: null,
    device: 11,
    device_serial: 'SCR-0042',
    location: 4,
    location_name: 'Central Station Hall',
    campaign: null,
    campaign_name: null,
    campaigns_at_risk: [{ campaign: 1, campaign_name: 'Morning Blend launch', plays_lost: 24 }],
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledged_at: null,
    acknowledge_note: null,
  },
  {
    id: 8,
    kind: 'campaign_at_risk',
    open: true,
    started_at: ago(135),
    ended_at: null,
    device: null,
    device_serial: null,
    location: null,
    location_name: null,
    campaign: 2,
    campaign_name: 'Cold Brew summer',
    campaigns_at_risk: [{ campaign: 2, campaign_name: 'Cold Brew summer', plays_lost: 2400 }],
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledged_at: null,
    acknowledge_note: null,
  },
];
const home: OperationsHome = {
  cutoff: '2026-11-26T09:15:00Z',
  screens,
  alerts,
  approvals,
  pacing,
  plays_today: playsToday,
};
const LIST = '/api/alerts/';
const HOME = operationsEndpoints.home;
const answers: Record<string, unknown> = {
  [LIST]: { count: 2, next: null, previous: null, results: latestAlerts, _permissions: ['list_alert'] },
  [HOME]: home,
};

const ALL = ['list_device', 'list_alert', 'approve_campaign', 'list_eventstatistic'];

function renderFigures(
  permissions: string[],
  answer: (path: string) => Promise<unknown> = (path) => {
    return path in answers ? Promise.resolve(answers[path]) : Promise.reject(new Error(`unexpected ${path}`));
  },
) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => answer(path) as never);
  const me: UserInfo = { id: 3, username: 'olga', full_name: '', time_zone: 'UTC', _permissions: permissions };
  const rendered = renderWithProviders(<OperationsFigures />);
  rendered.queryClient.setQueryData(userInfoQueryKey, me);
  const asked = () => get.mock.calls.map(([path]) => path);
  return { ...rendered, get, asked };
}

const card = (name: string) => screen.findByRole('region', { name });

describe('OperationsFigures', () => {
  it('shows every figure to a user who may see them all, each linking onwards', async () => {
    renderFigures(ALL);

    const screensCard = await card('Screens');
    expect(await within(screensCard).findByText('46')).toBeInTheDocument();
    expect(within(screensCard).getByRole('link', { name: /Offline\s*3/ })).toHaveAttribute(
      'href',
      '/screens?state=offline',
    );
    expect(within(screensCard).getByRole('link', { name: /Never reported\s*1/ })).toHaveAttribute(
      'href',
      '/screens?state=never',
    );
    expect(within(screensCard).getByRole('link', { name: /Online\s*40/ })).toHaveAttribute(
      'href',
      '/screens?state=online',
    );
    expect(within(screensCard).getByText('as of 09:14')).toBeInTheDocument();

    const alertsCard = await card('Open alerts');
    expect(await within(alertsCard).findByText('6')).toBeInTheDocument();
    expect(within(alertsCard).getByRole('link', { name: /Screen offline\s*3/ })).toHaveAttribute(
      'href',
      '/alerts?kind=device_offline&open=true',
    );
    expect(within(alertsCard).getByRole('link', { name: /Campaign at risk\s*1/ })).toHaveAttribute(
      'href',
      '/alerts?kind=campaign_at_risk&open=true',
    );
    // A kind with no open alert is left out.
    expect(within(alertsCard).queryByRole('link', { name: /^Screen off\b/ })).not.toBeInTheDocument();
    expect(within(alertsCard).getByText('Oldest open for 2 h 15 min')).toBeInTheDocument();
    // The latest open incidents by name, each opening the Alerts screen narrowed to it.
    const latest = await within(alertsCard).findByRole('list', { name: 'Latest open alerts' });
    expect(within(latest).getByRole('link', { name: 'Screen offline: SCR-0042' })).toHaveAttribute(
      'href',
      '/alerts?kind=device_offline&open=true&location=4',
    );
    expect(within(latest).getByText('Central Station Hall · for 12 min')).toBeInTheDocument();
    expect(within(latest).getByText('At risk: Morning Blend launch (24 plays lost)')).toBeInTheDocument();
    expect(within(latest).getByRole('link', { name: 'Campaign at risk: Cold Brew summer' })).toHaveAttribute(
      'href',
      '/alerts?kind=campaign_at_risk&open=true&campaign=2',
    );
    expect(within(latest).getByText('2,400 plays short of its due')).toBeInTheDocument();

    const approvalsCard = await card('Waiting for approval');
    expect(await within(approvalsCard).findByText('4')).toBeInTheDocument();
    expect(within(approvalsCard).getByRole('link', { name: 'Winter sale' })).toHaveAttribute(
      'href',
      '/campaign/approve/21',
    );
    expect(within(approvalsCard).getByText(/waiting 2 d 3 h/)).toBeInTheDocument();
    expect(within(approvalsCard).getByRole('link', { name: 'Approval list' })).toHaveAttribute(
      'href',
      '/campaign/approve',
    );

    const pacingCard = await card('Campaigns behind or at risk');
    const rows = within(await within(pacingCard).findByRole('table')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: 'Delivery report of Morning Blend launch' })).toHaveAttribute(
      'href',
      '/reports/delivery/1',
    );
    expect(within(rows[1]!).getByText('At risk')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('5,230')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Behind')).toBeInTheDocument();
    expect(within(pacingCard).getByText('as of 09:13')).toBeInTheDocument();

    const playsCard = await card('Plays today');
    expect(await within(playsCard).findByText('8,200')).toBeInTheDocument();
    expect(within(playsCard).getByText('of 10,000 expected by now (82 %)')).toBeInTheDocument();
    expect(
      within(playsCard).getByRole('progressbar', { name: 'Plays today: 82 % of those expected by now' }),
    ).toBeInTheDocument();
    expect(within(playsCard).getByText('as of 09:00')).toBeInTheDocument();
    // All of them as of the answer's one instant.
    expect(screen.getByTestId('operations-cutoff')).toHaveTextContent('as of 09:15');
  }, 15_000);

  it('shows only the figures the user holds the permission for, from one answer', async () => {
    const { asked } = renderFigures(['list_device', 'list_alert'], (path) =>
      Promise.resolve(path === HOME ? { ...home, approvals: null, pacing: null, plays_today: null } : answers[path]),
    );
    expect(await within(await card('Screens')).findByText('46')).toBeInTheDocument();
    expect(await within(await card('Open alerts')).findByText('6')).toBeInTheDocument();
    await waitFor(() => expect([...asked()].sort()).toEqual([LIST, HOME]));
    expect(screen.queryByRole('region', { name: 'Waiting for approval' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Campaigns behind or at risk' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Plays today' })).not.toBeInTheDocument();
  });

  it('shows nothing to a user who may see no figure', async () => {
    const { asked } = renderFigures(['list_campaign']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('heading', { name: 'Operations' })).not.toBeInTheDocument();
    expect(asked()).toEqual([]);
  });

  it('shows placeholders while the answer comes, and a quiet note with a retry when it fails', async () => {
    const waiting: { resolve: (value: unknown) => void; reject: (error: Error) => void }[] = [];
    const { user } = renderFigures(ALL, (path) =>
      path === HOME
        ? new Promise((resolve, reject) => waiting.push({ resolve, reject }))
        : Promise.resolve(answers[path]),
    );
    const pacingCard = await card('Campaigns behind or at risk');
    expect(within(pacingCard).getByTestId('figure-skeleton')).toBeInTheDocument();
    expect(pacingCard).toHaveAttribute('aria-busy', 'true');

    await waitFor(() => expect(waiting).toHaveLength(1));
    waiting[0]!.reject(new Error('down'));
    const playsCard = await card('Plays today');
    expect(await within(playsCard).findByText('These figures could not be loaded.')).toBeInTheDocument();
    expect(within(await card('Screens')).getByText('These figures could not be loaded.')).toBeInTheDocument();

    await user.click(within(playsCard).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(waiting).toHaveLength(2));
    waiting[1]!.resolve(home);
    expect(await within(playsCard).findByText('8,200')).toBeInTheDocument();
    expect(await within(pacingCard).findByText('5,230')).toBeInTheDocument();
  });

  it("names a location manager's locations on the figures counted there", async () => {
    const scoped = { scope_locations: 2 };
    renderFigures(ALL, (path) =>
      Promise.resolve(
        path === HOME
          ? {
              ...home,
              screens: { ...screens, ...scoped },
              alerts: { ...alerts, ...scoped },
              pacing: { ...pacing, ...scoped },
              plays_today: { ...playsToday, ...scoped },
            }
          : answers[path],
      ),
    );
    for (const name of [
      'Screens at your 2 locations',
      'Open alerts at your 2 locations',
      'Campaigns behind or at risk at your 2 locations',
      'Plays today at your 2 locations',
    ]) {
      expect(await screen.findByRole('heading', { name })).toBeInTheDocument();
    }
    // The screen counts open the Screens list of the same screens.
    const screensCard = await card('Screens at your 2 locations');
    expect(within(screensCard).getByRole('link', { name: /Offline\s*3/ })).toHaveAttribute(
      'href',
      '/screens?state=offline&mine=true',
    );
    expect(within(screensCard).getByRole('link', { name: 'All screens' })).toHaveAttribute(
      'href',
      '/screens?mine=true',
    );
  });

  it('lists the campaigns missing the most plays as cards on a phone, every column in them', async () => {
    const original = window.matchMedia;
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      ...original(query),
      matches: query === PHONE_QUERY,
      media: query,
    }));
    try {
      renderFigures(ALL);
      const pacingCard = await card('Campaigns behind or at risk');
      const list = await within(pacingCard).findByRole('list', { name: 'Campaigns missing the most plays' });
      expect(within(pacingCard).queryByRole('table')).not.toBeInTheDocument();
      const [first, second] = within(list).getAllByRole('listitem');
      expect(within(first!).getByRole('link', { name: 'Delivery report of Morning Blend launch' })).toBeInTheDocument();
      expect(within(first!).getByText('At risk')).toBeInTheDocument();
      expect(within(first!).getByText('Missing').nextSibling).toHaveTextContent('5,230');
      expect(within(first!).getByText('Delivery').nextSibling).toHaveTextContent('61.5 %');
      expect(within(second!).getByText('Missing').nextSibling).toHaveTextContent('412');
    } finally {
      window.matchMedia = original;
    }
  });

  it('says so when all is well (and asks for no incidents then)', async () => {
    const calm: OperationsHome = {
      ...home,
      alerts: {
        ...alerts,
        counts: { device_offline: 0, device_stale: 0, screen_off: 0, plays_backlog: 0, campaign_at_risk: 0 },
        total: 0,
        oldest_started_at: null,
      },
      approvals: { count: 0, oldest: null },
      pacing: { ...pacing, behind: 0, at_risk: 0, top: [], as_of: null },
      plays_today: { ...playsToday, plays: 0, delivered: 0, expected: 0 },
    };
    const { asked } = renderFigures(ALL, (path) => Promise.resolve(path === HOME ? calm : answers[path]));
    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
    expect(await screen.findByText('Nothing waits for approval.')).toBeInTheDocument();
    expect(await screen.findByText('No campaign is behind or at risk.')).toBeInTheDocument();
    expect(await screen.findByText('No plays expected yet today.')).toBeInTheDocument();
    expect(asked()).not.toContain(LIST);
  });

  it('refreshes every minute, never while the tab is hidden, and stops when the user is idle', () => {
    const options = operationsHomeQueryOptions();
    expect(OPERATIONS_REFRESH_MS).toBe(60_000);
    expect(options.refetchInterval).toBe(60_000);
    expect(options.refetchIntervalInBackground).toBe(false);
    expect(options.queryKey).toEqual(['operations', 'home']);
    expect(operationsHomeQueryOptions({ poll: false }).refetchInterval).toBe(false);
  });
});
