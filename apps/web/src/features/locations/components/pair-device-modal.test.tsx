import { pairingTexts } from '@marquee/contracts/device-pairing';
import { deviceZonesText } from '@marquee/contracts/locations';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { deviceFixture, page, zoneFixture } from './location-fixtures.ts';
import { LocationDevices } from './location-devices.tsx';

afterEach(() => vi.restoreAllMocks());

const ZONES = [1, 2, 3].map((n) => zoneFixture({ id: 100 + n, zone_number: n, name: `Zone ${n}` }));

/** The location's devices and zones. */
function mockLocation(rows = [deviceFixture()], permissions = ['add_device', 'change_device']) {
  return vi
    .spyOn(api, 'get')
    .mockImplementation((path: string) =>
      Promise.resolve(path === '/api/locations/4/zones/' ? page(ZONES) : page(rows, permissions)),
    );
}

describe('Pair a screen', () => {
  it('pairs the screen showing a code with the zones chosen (zone 1 unless changed) and shows the new device', async () => {
    mockLocation([]);
    const paired = deviceFixture({ id: 31, serial_number: 'LOBBY-1', zones: [1, 3] });
    const post = vi.spyOn(api, 'post').mockResolvedValue(paired);
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Pair a screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pair a screen' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Zone 1' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Zone 3' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    expect(await within(dialog).findAllByText('This field is required.')).toHaveLength(2);
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: /Code shown on the screen/ }), 'acd 347');
    await user.type(within(dialog).getByRole('textbox', { name: 'Serial number or name' }), 'LOBBY-1');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Zone 3' }));
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/devices/pair/',
        { code: 'acd 347', serial_number: 'LOBBY-1', zones: [1, 3], location: 4 },
        { formErrors: true },
      ),
    );
    expect(await within(dialog).findByText('Screen paired')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('LOBBY-1 shows zones 1, 3.');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Pair a screen' })).toBeNull());
  });

  it("shows the server's text for a wrong or expired code on the code field", async () => {
    mockLocation([]);
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { code: [pairingTexts.invalidCode] }));
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Pair a screen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pair a screen' });
    await user.type(within(dialog).getByRole('textbox', { name: /Code shown on the screen/ }), 'XXXXXX');
    await user.type(within(dialog).getByRole('textbox', { name: 'Serial number or name' }), 'LOBBY-2');
    await user.click(within(dialog).getByRole('button', { name: 'Pair' }));
    expect(await within(dialog).findByText(pairingTexts.invalidCode)).toBeInTheDocument();
  });

  it('is not offered without add_device', async () => {
    mockLocation([deviceFixture({ _permissions: ['view_device'] })], ['list_device']);
    renderWithProviders(<LocationDevices locationId={4} />);
    await screen.findByRole('table', { name: 'Devices' });
    expect(screen.queryByRole('button', { name: 'Pair a screen' })).toBeNull();
    // The zones show, without a way to change them.
    expect(screen.getByRole('table', { name: 'Devices' })).toHaveTextContent('1, 2');
    expect(screen.queryByRole('button', { name: /Change the zones/ })).toBeNull();
  });
});

describe('Zones of a device', () => {
  it('changes the zones a screen shows, and shows the refusal of the server', async () => {
    mockLocation();
    const patch = vi
      .spyOn(api, 'patch')
      .mockRejectedValueOnce(new ApiError(400, { zones: [deviceZonesText(3)] }))
      .mockResolvedValueOnce(deviceFixture({ zones: [2] }));
    const { user } = renderWithProviders(<LocationDevices locationId={4} />);
    await user.click(await screen.findByRole('button', { name: 'Change the zones of SN-001' }));
    const zone1 = await screen.findByRole('checkbox', { name: 'Zone 1' });
    expect(zone1).toBeChecked();
    await user.click(zone1);
    await user.click(screen.getByRole('checkbox', { name: 'Zone 2' }));
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    expect(await screen.findByText('Choose at least one zone.')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();

    await user.click(screen.getByRole('checkbox', { name: 'Zone 3' }));
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    expect(await screen.findByText(deviceZonesText(3))).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Zone 3' }));
    await user.click(screen.getByRole('checkbox', { name: 'Zone 2' }));
    await user.click(screen.getByRole('button', { name: 'Save zones' }));
    await waitFor(() =>
      expect(patch).toHaveBeenLastCalledWith('/api/devices/11/', { zones: [2] }, { formErrors: true }),
    );
  });
});
