import { notifications } from '@mantine/notifications';
import { ALERT_KINDS, alertKindLabels, alertMailPreferencesEndpoint } from '@marquee/contracts/alerts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ALERT_MAILS_SAVED, AlertMailSection } from './alert-mail-section.tsx';

afterEach(() => vi.restoreAllMocks());

const section = () => screen.getByRole('region', { name: 'Alert e-mails' });

describe('AlertMailSection', () => {
  it('loads the chosen kinds and shows a checkbox per alert kind', async () => {
    const get = vi.spyOn(api, 'get').mockResolvedValue({ kinds: ['device_offline', 'campaign_at_risk'] });
    renderWithProviders(<AlertMailSection email="jane@example.com" />);
    expect(await screen.findByRole('checkbox', { name: 'Screen offline' })).toBeChecked();
    expect(get.mock.calls[0]?.[0]).toBe(alertMailPreferencesEndpoint);
    const boxes = within(section()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.getAttribute('value'))).toEqual([...ALERT_KINDS]);
    expect(screen.getByRole('checkbox', { name: alertKindLabels.device_stale })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Screen off' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Campaign at risk' })).toBeChecked();
    // Nothing changed yet: nothing to save; no warning for an account with an address.
    expect(screen.getByRole('button', { name: 'Save alert e-mails' })).toBeDisabled();
    expect(screen.queryByText(/no e-mail address/)).toBeNull();
  });

  it('saves the ticked kinds in the contracts order and says so', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ kinds: ['campaign_at_risk'] });
    const put = vi.spyOn(api, 'put').mockImplementation((_path, body) => Promise.resolve(body) as never);
    const toast = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(<AlertMailSection email="jane@example.com" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Screen off' }));
    await user.click(screen.getByRole('checkbox', { name: 'Screen offline' }));
    await user.click(screen.getByRole('checkbox', { name: 'Campaign at risk' }));
    await user.click(screen.getByRole('button', { name: 'Save alert e-mails' }));
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith(alertMailPreferencesEndpoint, { kinds: ['device_offline', 'screen_off'] }),
    );
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: ALERT_MAILS_SAVED })));
    // The saved choices are the new baseline.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save alert e-mails' })).toBeDisabled());
    expect(screen.getByRole('checkbox', { name: 'Screen off' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Campaign at risk' })).not.toBeChecked();
  });

  it('saves none: every box cleared', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({ kinds: ['device_stale'] });
    const put = vi.spyOn(api, 'put').mockResolvedValue({ kinds: [] });
    const { user } = renderWithProviders(<AlertMailSection email="jane@example.com" />);
    await user.click(await screen.findByRole('checkbox', { name: 'Stale playlist' }));
    await user.click(screen.getByRole('button', { name: 'Save alert e-mails' }));
    await waitFor(() => expect(put).toHaveBeenCalledWith(alertMailPreferencesEndpoint, { kinds: [] }));
  });

  it('warns an account without an e-mail address, and offers a retry when the choices cannot be loaded', async () => {
    const get = vi.spyOn(api, 'get').mockRejectedValue(new ApiError(500, {}));
    const { user } = renderWithProviders(<AlertMailSection email="" />);
    expect(screen.getByText(/Your account has no e-mail address/)).toBeInTheDocument();
    expect(screen.getByTestId('alert-mail-skeleton')).toBeInTheDocument();
    expect(await screen.findByText(/The alert e-mail choices could not be loaded/)).toBeInTheDocument();
    get.mockResolvedValue({ kinds: [] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('checkbox', { name: 'Screen offline' })).not.toBeChecked();
  });
});
