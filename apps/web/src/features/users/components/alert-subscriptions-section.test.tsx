import { notifications } from '@mantine/notifications';
import {
  ALERT_KINDS,
  alertSubscriptionsEndpoint,
  defaultAlertSubscription,
  type AlertSubscriptions,
} from '@marquee/contracts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ALERT_SUBSCRIPTIONS_SAVED, AlertSubscriptionsSection } from './alert-subscriptions-section.tsx';

afterEach(() => vi.restoreAllMocks());

const answer = (managed: number, changes: Partial<Record<string, object>> = {}): AlertSubscriptions => ({
  managed_locations: managed,
  subscriptions: ALERT_KINDS.map((kind) => ({ ...defaultAlertSubscription(kind), ...changes[kind] })),
});

const rowOf = (kind: string) =>
  screen.getByRole('table', { name: 'Alert subscriptions' }).querySelector(`[data-kind="${kind}"]`) as HTMLElement;

describe('AlertSubscriptionsSection', () => {
  it('shows a scope, message and e-mail per kind, says what each scope means, and saves the changes', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue(answer(2, { screen_off: { mail: true } }));
    const put = vi
      .spyOn(api, 'put')
      .mockImplementation((_path, body) => Promise.resolve({ ...(body as object), managed_locations: 2 }) as never);
    const toast = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(<AlertSubscriptionsSection email="jane@example.com" />);
    await screen.findByRole('table', { name: 'Alert subscriptions' });
    expect(get.mock.calls[0]?.[0]).toBe(alertSubscriptionsEndpoint);
    const section = screen.getByRole('region', { name: 'Alerts' });
    expect(within(section).getByText(/alerts about the screens at the locations you manage/)).toBeInTheDocument();
    expect(within(section).getByText(/every alert of that kind, at every location of the network/)).toBeInTheDocument();
    // Managing locations: no warning that "mine" is empty.
    expect(screen.queryByText(/You manage no location/)).toBeNull();

    const offline = rowOf('device_offline');
    expect(within(offline).getByRole('radio', { name: 'The locations I manage' })).toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Screen offline by message' })).toBeChecked();
    expect(within(offline).getByRole('checkbox', { name: 'Screen offline by e-mail' })).not.toBeChecked();
    expect(within(rowOf('screen_off')).getByRole('checkbox', { name: 'Screen off by e-mail' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save alert choices' })).toBeDisabled();

    await user.click(within(offline).getByText('All locations'));
    await user.click(within(offline).getByRole('checkbox', { name: 'Screen offline by e-mail' }));
    await user.click(screen.getByRole('button', { name: 'Save alert choices' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(alertSubscriptionsEndpoint, {
        subscriptions: answer(2, {
          device_offline: { scope: 'all', mail: true },
          screen_off: { mail: true },
        }).subscriptions,
      }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: ALERT_SUBSCRIPTIONS_SAVED })),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save alert choices' })).toBeDisabled());
    expect(within(rowOf('device_offline')).getByRole('radio', { name: 'All locations' })).toBeChecked();
  }, 20_000);

  it('tells someone who manages no location that "mine" tells them of no screen', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(answer(0));
    renderWithProviders(<AlertSubscriptionsSection email="jane@example.com" />);
    expect(
      await screen.findByText(/You manage no location: “The locations I manage” tells you of no screen/),
    ).toBeInTheDocument();
  });

  it('warns an account without an e-mail address, and offers a retry when the choices cannot be loaded', async () => {
    const get = vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, {}));
    const { user } = renderWithProviders(<AlertSubscriptionsSection email="" />);
    expect(screen.getByText(/Your account has no e-mail address/)).toBeInTheDocument();
    expect(screen.getByTestId('alert-subscriptions-skeleton')).toBeInTheDocument();
    expect(await screen.findByText(/The alert choices could not be loaded/)).toBeInTheDocument();
    get.mockResolvedValue(answer(1));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Alert subscriptions' })).toBeInTheDocument();
  });
});
