import { notifications } from '@mantine/notifications';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { messages } from '@marquee/contracts/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { page, zoneFixture } from './location-fixtures.ts';
import { LocationZones } from './location-zones.tsx';

afterEach(() => vi.restoreAllMocks());

const config = { video_max_bytes: 1, image_max_bytes: 1, zones: [1, 2, 3, 4], time_zone: 'UTC' };

function mockZones(rows = [zoneFixture()]) {
  return vi
    .spyOn(api, 'get')
    .mockImplementation(
      (path: string) =>
        Promise.resolve(path === appConfigEndpoint ? config : page(rows, ['add_locationzone'])) as never,
    );
}

const nameInput = () => screen.getByRole('textbox', { name: 'Name of zone 1' });

describe('LocationZones', () => {
  it('checks a zone name before saving: required and at most 50 characters, in the contract words', async () => {
    mockZones();
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(zoneFixture({ name: 'Exit' }));
    const { user } = renderWithProviders(<LocationZones locationId={4} canChangeLocation />);
    expect(await screen.findByRole('table', { name: 'Zones' })).toBeInTheDocument();
    expect(nameInput()).toHaveValue('Entrance');

    await user.clear(nameInput());
    await user.keyboard('{Enter}');
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(nameInput()).toHaveAttribute('aria-invalid', 'true');

    await user.type(nameInput(), 'x'.repeat(51));
    await user.click(screen.getByRole('button', { name: 'Save the name of zone 1' }));
    expect(await screen.findByText('Ensure this field has no more than 50 characters.')).toBeInTheDocument();
    expect(patch).not.toHaveBeenCalled();

    await user.clear(nameInput());
    await user.type(nameInput(), 'Exit{Enter}');
    await waitFor(() =>
      expect(patch).toHaveBeenCalledWith('/api/location-zones/21/', { name: 'Exit' }, { formErrors: true }),
    );
    expect(screen.queryByText('Ensure this field has no more than 50 characters.')).toBeNull();
  });

  it('shows a name the server refuses on the field, and Escape puts the saved name back', async () => {
    mockZones();
    vi.spyOn(api, 'patch').mockRejectedValue(new ApiError(400, { name: ['Too similar.'] }));
    const { user } = renderWithProviders(<LocationZones locationId={4} canChangeLocation />);
    await screen.findByRole('table', { name: 'Zones' });
    await user.type(nameInput(), ' hall{Enter}');
    expect(await screen.findByText('Too similar.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(nameInput()).toHaveValue('Entrance');
    expect(screen.queryByText('Too similar.')).toBeNull();
  });

  it('refuses an overlay that is not jpg or png with the spec warning and uploads a png as `image`', async () => {
    mockZones();
    const patch = vi.spyOn(api, 'patch').mockResolvedValue(zoneFixture());
    const show = vi.spyOn(notifications, 'show');
    renderWithProviders(<LocationZones locationId={4} canChangeLocation />);
    await screen.findByRole('button', { name: 'Upload the overlay of zone 1' });
    const input = screen.getByLabelText('Overlay file of zone 1');

    fireEvent.change(input, { target: { files: [new File(['x'], 'frame.gif', { type: 'image/gif' })] } });
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'This file format is unsupported. Supported file formats are jpg and png.' }),
    );
    expect(messages.imageUnsupported).toBe('This file format is unsupported. Supported file formats are jpg and png.');
    expect(patch).not.toHaveBeenCalled();

    const png = new File(['x'], 'frame.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [png] } });
    await waitFor(() => expect(patch).toHaveBeenCalledTimes(1));
    const [path, body] = patch.mock.calls[0] as [string, FormData];
    expect(path).toBe('/api/location-zones/21/');
    expect(body.get('image')).toBe(png);
  });

  it('removes an overlay after confirmation', async () => {
    mockZones([zoneFixture({ image: { id: 8, url: '/api/media/images/8/', width: 10, height: 10 } })]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(zoneFixture());
    const { user } = renderWithProviders(<LocationZones locationId={4} canChangeLocation />);
    expect(await screen.findByRole('img', { name: 'Overlay of zone 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the overlay of zone 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove overlay' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/location-zones/21/delete_overlay/'));
  });

  it('adds a zone for a free configured number', async () => {
    mockZones([zoneFixture(), zoneFixture({ id: 22, zone_number: 2, name: 'Hall' })]);
    const post = vi.spyOn(api, 'post').mockResolvedValue(zoneFixture({ id: 23, zone_number: 3 }));
    const { user } = renderWithProviders(<LocationZones locationId={4} canChangeLocation />);
    await screen.findByRole('table', { name: 'Zones' });
    await user.click(screen.getByRole('button', { name: 'Add zone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add zone' });
    expect(within(dialog).getByRole('combobox', { name: 'Zone number' })).toHaveValue('Zone 3');
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Platform');
    await user.click(within(dialog).getByRole('button', { name: 'Add zone' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/locations/4/add_zone/',
        { zone_number: 3, name: 'Platform' },
        { formErrors: true },
      ),
    );
  });

  it('shows names and overlays read-only without change permission', async () => {
    mockZones([zoneFixture({ _permissions: ['view_locationzone'] })]);
    renderWithProviders(<LocationZones locationId={4} canChangeLocation={false} />);
    expect(await screen.findByText('Entrance')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Name of zone 1' })).toBeNull();
    expect(screen.queryByRole('button', { name: /overlay/ })).toBeNull();
  });
});
