import { notifications } from '@mantine/notifications';
import { ACKNOWLEDGE_NOTE_MAX, type Alert } from '@marquee/contracts/alerts';
import type { UserInfo } from '@marquee/contracts/auth';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { AlertRow } from '../api/get-alerts.ts';
import { AlertsScreen } from './alerts-screen.tsx';

afterEach(() => vi.restoreAllMocks());

const LIST = '/api/alerts/';
const MINUTE = 60_000;
/** An instant `minutes` (and half a minute more, so ages never sit on a boundary) before now. */
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE - 30_000).toISOString();

const me: UserInfo = {
  id: 3,
  username: 'olga',
  full_name: 'Olga Ops',
  time_zone: 'UTC',
  _permissions: ['list_alert', 'change_alert', 'list_location', 'list_campaign', 'list_device'],
};

function alertFixture(overrides: Partial<AlertRow> = {}): AlertRow {
  const alert: Alert = {
    id: 5,
    kind: 'device_offline',
    open: true,
    started_at: ago(135),
    ended_at: null,
    device: 11,
    device_serial: 'SCR-0042',
    location: 4,
    location_name: 'Central Station Hall',
    campaign: null,
    campaign_name: null,
    campaigns_at_risk: [
      { campaign: 1, campaign_name: 'Morning Blend launch', plays_lost: 180 },
      { campaign: 2, campaign_name: 'Cold Brew summer', plays_lost: 1 },
    ],
    acknowledged_by: null,
    acknowledged_by_name: null,
    acknowledged_at: null,
    acknowledge_note: null,
  };
  return { ...alert, _permissions: ['view_alert', 'change_alert'], ...overrides };
}

function renderAlerts(route: string, alerts: AlertRow[], { permissions = me._permissions } = {}) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === LIST) {
      return Promise.resolve({
        count: alerts.length,
        next: null,
        previous: null,
        // A copy, as each answer is: the acknowledge test changes `alerts` afterwards.
        results: [...alerts],
        _permissions: ['list_alert'],
      }) as never;
    }
    if (path === '/api/locations/') {
      const results = [{ id: 4, name: 'Central Station Hall' }];
      return Promise.resolve({ count: 1, next: null, previous: null, results }) as never;
    }
    if (path === '/api/campaigns/') {
      const results = [{ id: 1, name: 'Morning Blend launch' }];
      return Promise.resolve({ count: 1, next: null, previous: null, results }) as never;
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [{ path: paths.alerts, element: <AlertsScreen /> }],
  });
  rendered.queryClient.setQueryData(userInfoQueryKey, { ...me, _permissions: permissions });
  const listQueries = () =>
    get.mock.calls.filter(([path]) => path === LIST).map(([, options]) => options?.query as QueryParams);
  return { ...rendered, get, listQueries };
}

describe('AlertsScreen', () => {
  it('lists open incidents first with their age, what they affect, the campaigns at risk and who acknowledged', async () => {
    const { listQueries } = renderAlerts('/alerts', [
      alertFixture(),
      alertFixture({
        id: 6,
        kind: 'campaign_at_risk',
        started_at: ago(3 * 24 * 60 + 4 * 60),
        device: null,
        device_serial: null,
        location: null,
        location_name: null,
        campaign: 2,
        campaign_name: 'Cold Brew summer',
        campaigns_at_risk: [{ campaign: 2, campaign_name: 'Cold Brew summer', plays_lost: 2400 }],
      }),
      alertFixture({
        id: 7,
        kind: 'screen_off',
        open: false,
        started_at: '2026-11-20T08:00:00Z',
        ended_at: '2026-11-20T08:45:00Z',
        campaigns_at_risk: [],
        acknowledged_by: 3,
        acknowledged_by_name: 'Olga Ops',
        acknowledged_at: '2026-11-20T08:10:00Z',
      }),
    ]);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const [, offline, atRisk, closed] = within(table).getAllByRole('row');
    // Status defaults to Open (nothing in the URL).
    expect(listQueries().at(-1)).toEqual({ page: 1, page_size: 25, ordering: '-open,-started_at', open: 'true' });
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
    // The default ordering puts open ones first: the status column says so.
    expect(screen.getByRole('columnheader', { name: /Alert/ })).toHaveAttribute('aria-sort', 'descending');

    expect(within(offline!).getByText('Screen offline')).toBeInTheDocument();
    // The device leads to its screen's page.
    expect(within(offline!).getByRole('link', { name: 'Device SCR-0042' })).toHaveAttribute('href', '/screen/11');
    expect(within(offline!).getByRole('link', { name: 'Central Station Hall' })).toHaveAttribute('href', '/location/4');
    expect(within(offline!).getByText('open for 2 h 15 min')).toBeInTheDocument();
    expect(within(offline!).getByText('Open')).toBeInTheDocument();
    expect(within(offline!).getByRole('link', { name: 'Delivery report of Morning Blend launch' })).toHaveAttribute(
      'href',
      '/reports/delivery/1',
    );
    expect(within(offline!).getByText('180 plays lost')).toBeInTheDocument();
    expect(within(offline!).getByText('1 play lost')).toBeInTheDocument();

    expect(within(atRisk!).getByText('Campaign at risk')).toBeInTheDocument();
    expect(within(atRisk!).getByRole('link', { name: 'Cold Brew summer' })).toHaveAttribute('href', '/campaign/2');
    expect(within(atRisk!).getByText('open for 3 d 4 h')).toBeInTheDocument();
    // A campaign alert's amount reads as the operations home says it.
    expect(within(atRisk!).getByText('2,400 plays short of its due')).toBeInTheDocument();

    expect(within(closed!).getByText('Screen off')).toBeInTheDocument();
    expect(within(closed!).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(closed!).getByText('lasted 45 min')).toBeInTheDocument();
    expect(within(closed!).getByText('ended 2026-11-20 08:45:00')).toBeInTheDocument();
    expect(within(closed!).getByText('Closed')).toBeInTheDocument();
    expect(within(closed!).queryByText('Open')).not.toBeInTheDocument();
    expect(within(closed!).getByText('None')).toBeInTheDocument();
    expect(within(closed!).getByText('Olga Ops')).toBeInTheDocument();
    expect(within(closed!).getByText('2026-11-20 08:10:00')).toBeInTheDocument();
    expect(within(closed!).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
  });

  it('sends the filters from the URL', async () => {
    const { listQueries } = renderAlerts('/alerts?kind=device_offline&open=true&location=4&campaign=1', [
      alertFixture(),
    ]);
    await screen.findByRole('table', { name: 'Alerts' });
    expect(listQueries().at(-1)).toEqual({
      page: 1,
      page_size: 25,
      ordering: '-open,-started_at',
      kind: 'device_offline',
      open: 'true',
      location: '4',
      campaign: '1',
    });
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('Screen offline');
    expect(await screen.findByRole('combobox', { name: 'Location' })).toHaveValue('Central Station Hall');
    expect(await screen.findByRole('combobox', { name: 'Campaign' })).toHaveValue('Morning Blend launch');
    expect(screen.getByRole('radio', { name: 'Open' })).toBeChecked();
  });

  it('writes changed filters and the sort to the URL', async () => {
    const { user, router, listQueries } = renderAlerts('/alerts?kind=device_offline&open=true', [alertFixture()]);
    await screen.findByRole('table', { name: 'Alerts' });
    await user.click(screen.getByRole('radio', { name: 'Closed' }));
    await waitFor(() => expect(router.state.location.search).toContain('open=false'));
    await waitFor(() => expect(listQueries().at(-1)).toMatchObject({ open: 'false', kind: 'device_offline' }));

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await waitFor(() => expect(router.state.location.search).toContain('open=all'));
    await waitFor(() => expect(listQueries().at(-1)).not.toHaveProperty('open'));
    // Back to Open, the default: left out of the URL.
    await user.click(screen.getByRole('radio', { name: 'Open' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('open='));
    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Alerts of every kind' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('kind='));
    await waitFor(() => expect(listQueries().at(-1)).not.toHaveProperty('kind'));

    await user.click(screen.getByRole('button', { name: /Started/ }));
    await waitFor(() => expect(router.state.location.search).toContain('ordering=started_at'));
  });

  it('acknowledges an alert with a note: posts it to its endpoint, shows who did it and the note, and says so', async () => {
    const alerts = [alertFixture()];
    const { user, listQueries } = renderAlerts('/alerts', alerts);
    const acknowledged = {
      ...alertFixture(),
      acknowledged_by: 3,
      acknowledged_by_name: 'Olga Ops',
      acknowledged_at: '2026-11-26T09:15:00Z',
      acknowledge_note: 'Technician on the way',
    };
    const post = vi.spyOn(api, 'post').mockImplementation(() => {
      alerts[0] = acknowledged;
      return Promise.resolve(acknowledged) as never;
    });
    const toast = vi.spyOn(notifications, 'show');
    await user.click(await screen.findByRole('button', { name: 'Acknowledge: Screen offline, device SCR-0042' }));
    const dialog = await screen.findByRole('dialog', { name: 'Acknowledge the alert' });
    await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Technician on the way');
    await user.click(within(dialog).getByRole('button', { name: 'Acknowledge' }));

    expect(post).toHaveBeenCalledWith('/api/alerts/5/acknowledge/', { note: 'Technician on the way' });
    expect(await screen.findByText('Olga Ops')).toBeInTheDocument();
    expect(screen.getByText('“Technician on the way”')).toBeInTheDocument();
    expect(screen.getByText('2026-11-26 09:15:00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Alert acknowledged.' }));
    // The list on screen loads again (the same page: the user stays where they were).
    await waitFor(() => expect(listQueries()).toHaveLength(2));
    expect(listQueries()[1]).toEqual(listQueries()[0]);
  });

  it('offers no Acknowledge button without change_alert on the row', async () => {
    renderAlerts('/alerts', [alertFixture({ _permissions: ['view_alert'] })], { permissions: ['list_alert'] });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).getByText('Not yet')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
    // Without list_device the screen page is closed: the serial is plain text.
    expect(within(table).getByText('SCR-0042')).toHaveTextContent('Device SCR-0042');
    expect(within(table).queryByRole('link', { name: 'Device SCR-0042' })).not.toBeInTheDocument();
    // Without list_location / list_campaign there are no such filters.
    expect(screen.queryByRole('combobox', { name: 'Location' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
  });

  it('says when nothing matches the filters', async () => {
    renderAlerts('/alerts?kind=screen_off', []);
    expect(await screen.findByText('No alerts match the filters.')).toBeInTheDocument();
  });

  it('says when no alert is open', async () => {
    renderAlerts('/alerts', []);
    expect(await screen.findByText('No open alerts.')).toBeInTheDocument();
  });

  it('says when there has been no alert at all', async () => {
    renderAlerts('/alerts?open=all', []);
    expect(await screen.findByText('No alerts so far.')).toBeInTheDocument();
  });

  it('offers no Acknowledge on a closed incident', async () => {
    renderAlerts('/alerts?open=all', [alertFixture({ open: false, ended_at: ago(5) })]);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).getByText('Not acknowledged')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: /Acknowledge/ })).not.toBeInTheDocument();
  });

  it('shows the one alert a message links to, whatever its status', async () => {
    const { listQueries } = renderAlerts('/alerts?id=5&open=all', [alertFixture()]);
    await screen.findByRole('table', { name: 'Alerts' });
    expect(listQueries().at(-1)).toEqual({ page: 1, page_size: 25, ordering: '-open,-started_at', id: '5' });
    expect(screen.getByText(/Showing one alert/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show the open alerts' })).toHaveAttribute('href', '/alerts');
  });

  it('acknowledges the ticked alerts in bulk', async () => {
    const { user } = renderAlerts('/alerts', [alertFixture(), alertFixture({ id: 6, device_serial: 'SCR-0043' })]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      results: [
        { id: 5, status: 200 },
        { id: 6, status: 200 },
      ],
    });
    const toast = vi.spyOn(notifications, 'show');
    await user.click(await screen.findByRole('checkbox', { name: 'Select Screen offline, device SCR-0042' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Screen offline, device SCR-0043' }));
    const toolbar = screen.getByRole('group', { name: 'Selected alerts' });
    await user.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));
    await user.click(await screen.findByRole('button', { name: 'Acknowledge 2 alerts' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/alerts/bulk/acknowledge/', { ids: [5, 6] }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: '2 alerts acknowledged.' })),
    );
  });

  it('acknowledges the ticked alerts in bulk with one note for all of them', async () => {
    const { user } = renderAlerts('/alerts', [alertFixture(), alertFixture({ id: 6, device_serial: 'SCR-0043' })]);
    const post = vi.spyOn(api, 'post').mockResolvedValue({
      results: [
        { id: 5, status: 200 },
        { id: 6, status: 200 },
      ],
    });
    await user.click(await screen.findByRole('checkbox', { name: 'Select all shown' }));
    const toolbar = screen.getByRole('group', { name: 'Selected alerts' });
    await user.click(within(toolbar).getByRole('button', { name: 'Acknowledge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Acknowledge 2 alerts?' });
    const note = within(confirm).getByRole('textbox', { name: /Note/ });
    expect(note).toHaveAttribute('maxlength', String(ACKNOWLEDGE_NOTE_MAX));
    await user.type(note, '  Power cut at the station, on it  ');
    await user.click(within(confirm).getByRole('button', { name: 'Acknowledge 2 alerts' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/api/alerts/bulk/acknowledge/', {
        ids: [5, 6],
        note: 'Power cut at the station, on it',
      }),
    );
  });
});
