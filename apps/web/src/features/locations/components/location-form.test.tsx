import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { IMPRESSIONS_PER_PLAY_MAX, IMPRESSIONS_PER_PLAY_TEXT } from '@marquee/contracts/availability';
import type { UserInfo } from '@marquee/contracts/auth';
import { locationTexts } from '@marquee/contracts/locations';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { messages } from '@marquee/contracts/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { configFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { locationFixture } from './location-fixtures.ts';
import type { UserChoice } from '../../../lib/user-choices.ts';
import { LocationForm } from './location-form.tsx';
import { impressionsPerPlayHint } from './location-loop-fields.tsx';

const users: UserChoice[] = [
  { id: 3, username: 'mia', full_name: 'Mia Manager' },
  { id: 5, username: 'carl', full_name: '' },
];

const input = (name: string) => screen.getByRole('textbox', { name });

/** A network whose new locations loop 45 s and open 07:00–23:00 (LOOP_SECONDS, OPENING_HOURS). */
const networkConfig = configFixture({ loop_seconds: 45, opening_hours: { open_time: '07:00', close_time: '23:00' } });

/** GET /api/config/ answers with `answer` (a promise to answer it later); nothing else is expected. */
const serveConfig = (answer: AppConfig | Error | Promise<AppConfig> = networkConfig) =>
  vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path !== appConfigEndpoint) return Promise.reject(new Error(`unexpected ${path}`));
    return (answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)) as never;
  });

const renderNew = () =>
  renderWithProviders(<LocationForm location={undefined} users={users} readOnly={false} canChange={false} />, {
    route: '/add',
    routes: [{ path: '/location/:id', element: <p>location page</p> }],
  });

afterEach(() => vi.restoreAllMocks());

// Typing through user-event is slow on a busy machine.
describe('LocationForm', { timeout: 20_000 }, () => {
  it('requires a name, then creates the location with the network’s loop and hours and moves to its address', async () => {
    serveConfig();
    const post = vi.spyOn(api, 'post').mockResolvedValue(locationFixture({ id: 12, name: 'Harbour' }));
    const { user, router } = renderNew();
    // The loop fields start as the server's settings, with their hints.
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    await waitFor(() => expect(loop).toHaveValue('45'));
    expect(input('Opens')).toHaveValue('07:00');
    expect(input('Closes')).toHaveValue('23:00');
    expect(screen.getByText('A 10 s clip gets 2/9 of the loop (22 %).')).toBeInTheDocument();
    expect(screen.getByTestId('opening-hours-hint')).toHaveTextContent('Open 07:00–23:00, 16 h a day.');
    expect(screen.queryByTitle('System id')).toBeNull();
    expect(screen.queryByRole('tab', { name: 'Devices' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    expect(input('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(post).not.toHaveBeenCalled();

    await user.type(input('Name'), 'Harbour');
    await user.type(input('Address'), 'Quay 7');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/api/locations/',
      {
        name: 'Harbour',
        address: 'Quay 7',
        managers: [],
        campaign_managers: [],
        loop_seconds: 45,
        open_time: '07:00',
        close_time: '23:00',
        venue_type: null,
        impressions_per_play: null,
      },
      { formErrors: true },
    );
    expect(await screen.findByText('location page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/location/12');
  });

  it('keeps what was typed when the network’s defaults arrive later, and saves those for the rest', async () => {
    let answer: (config: AppConfig) => void = () => {};
    serveConfig(new Promise<AppConfig>((resolve) => (answer = resolve)));
    const post = vi.spyOn(api, 'post').mockResolvedValue(locationFixture({ id: 12, name: 'Harbour' }));
    const { user } = renderNew();
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    expect(loop).toHaveValue('');
    await user.type(input('Name'), 'Harbour');
    await user.type(input('Opens'), '9:30');
    answer(networkConfig);
    await waitFor(() => expect(loop).toHaveValue('45'));
    expect(input('Name')).toHaveValue('Harbour');
    expect(input('Opens')).toHaveValue('9:30');
    expect(input('Closes')).toHaveValue('23:00');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    expect(post).toHaveBeenCalledWith(
      '/api/locations/',
      expect.objectContaining({ name: 'Harbour', loop_seconds: 45, open_time: '09:30', close_time: '23:00' }),
      { formErrors: true },
    );
  });

  it('counts the network’s defaults as untouched: leaving the new form does not ask', async () => {
    serveConfig();
    const { router } = renderNew();
    await waitFor(() => expect(input('Opens')).toHaveValue('07:00'));
    await router.navigate('/location/3');
    expect(await screen.findByText('location page')).toBeInTheDocument();
    expect(screen.queryByText(messages.leaveText)).toBeNull();
  });

  it('leaves the loop fields to the server when the configuration cannot be loaded', async () => {
    serveConfig(new Error('offline'));
    const post = vi.spyOn(api, 'post').mockResolvedValue(locationFixture({ id: 12, name: 'Harbour' }));
    const { user } = renderNew();
    await user.type(input('Name'), 'Harbour');
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    expect(loop).toHaveValue('');
    expect(loop).toHaveAttribute('placeholder', 'Network default');
    expect(screen.getByTestId('opening-hours-hint')).toHaveTextContent(
      'Empty loop length and opening hours take the network’s defaults.',
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(post).toHaveBeenCalled());
    // Fields left empty are not sent: the server's settings fill them.
    expect(post).toHaveBeenCalledWith(
      '/api/locations/',
      {
        name: 'Harbour',
        address: '',
        managers: [],
        campaign_managers: [],
        venue_type: null,
        impressions_per_play: null,
      },
      { formErrors: true },
    );
  });

  it('shows a saved location with its read-only system id and managers by name, and saves with PUT', async () => {
    const get = serveConfig();
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture({ name: 'Central' }));
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    // The system id is a badge beside the title, as on every other record (not a grey field).
    expect(screen.getByTitle('System id')).toHaveTextContent('LOC-000004');
    expect(screen.queryByRole('textbox', { name: 'System id' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Managers', selected: true })).toBeInTheDocument();
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('Mia Manager (mia)')).toBeInTheDocument();

    await user.clear(input('Name'));
    await user.type(input('Name'), 'Central');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/api/locations/4/',
      {
        name: 'Central',
        address: 'Main Square 1',
        managers: [3],
        campaign_managers: [],
        loop_seconds: 60,
        open_time: '06:00',
        close_time: '24:00',
        venue_type: null,
        impressions_per_play: null,
      },
      { formErrors: true },
    );
    // A saved location has its own loop and hours: the network's defaults are not asked for.
    expect(get).not.toHaveBeenCalled();
  });

  it('edits the loop length, opening hours and venue type, with hints on what they mean', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture());
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    expect(screen.getByText('A 10 s clip gets 1/6 of the loop (17 %).')).toBeInTheDocument();
    expect(screen.getByTestId('opening-hours-hint')).toHaveTextContent('Open 06:00–24:00, 18 h a day.');

    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    await user.clear(loop);
    await user.type(loop, '120');
    expect(screen.getByText('A 10 s clip gets 1/12 of the loop (8 %).')).toBeInTheDocument();

    await user.clear(input('Opens'));
    await user.type(input('Opens'), '18:00');
    await user.clear(input('Closes'));
    await user.type(input('Closes'), '02:00');
    expect(screen.getByTestId('opening-hours-hint')).toHaveTextContent(
      'Open past midnight: 18:00 until 02:00 the next morning, 8 h a day.',
    );
    await user.clear(input('Closes'));
    await user.type(input('Closes'), '18:00');
    expect(screen.getByTestId('opening-hours-hint')).toHaveTextContent('Open all day');
    await user.clear(input('Opens'));
    await user.type(input('Opens'), '9:30');
    await user.clear(input('Closes'));
    await user.type(input('Closes'), '24:00');

    await user.click(screen.getByRole('combobox', { name: 'Venue type' }));
    await user.type(screen.getByRole('combobox', { name: 'Venue type' }), 'Airport › Gates');
    await user.click(await screen.findByRole('option', { name: 'Transit › Airport › Gates', hidden: true }));

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith(
      '/api/locations/4/',
      expect.objectContaining({ loop_seconds: 120, open_time: '09:30', close_time: '24:00', venue_type: 10105 }),
      { formErrors: true },
    );
  });

  it('shows a saved venue type by its path and clears it', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture());
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture({ venue_type: 101 })} users={users} readOnly={false} canChange />,
    );
    const venue = screen.getByRole('combobox', { name: 'Venue type' });
    expect(venue).toHaveValue('Transit › Airport');
    await user.click(screen.getByRole('button', { name: 'Clear the venue type' }));
    expect(venue).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalled());
    expect(put).toHaveBeenCalledWith('/api/locations/4/', expect.objectContaining({ venue_type: null }), {
      formErrors: true,
    });
  });

  it('refuses a loop length out of range or empty and times that are not HH:mm', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture());
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    await user.clear(loop);
    await user.type(loop, '5');
    await user.clear(input('Opens'));
    await user.type(input('Opens'), '24:00');
    await user.clear(input('Closes'));
    await user.type(input('Closes'), '7pm');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a loop length of 10 to 3600 seconds.')).toBeInTheDocument();
    expect(screen.getByText('Enter a time as HH:mm.')).toBeInTheDocument();
    expect(screen.getByText('Enter a time as HH:mm (24:00 for midnight).')).toBeInTheDocument();
    expect(loop).toHaveAttribute('aria-invalid', 'true');

    await user.clear(loop);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter a loop length of 10 to 3600 seconds.')).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('saves the impressions per play as a number, and an emptied field as null', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture());
    const { user, unmount } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    const field = screen.getByRole('textbox', { name: 'Impressions per play' });
    expect(field).toHaveValue('');
    expect(screen.getByText(impressionsPerPlayHint)).toBeInTheDocument();
    await user.type(field, '4.8');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith('/api/locations/4/', expect.objectContaining({ impressions_per_play: 4.8 }), {
      formErrors: true,
    });
    unmount();

    renderWithProviders(
      <LocationForm
        location={locationFixture({ impressions_per_play: 12.5 })}
        users={users}
        readOnly={false}
        canChange
      />,
    );
    const saved = screen.getByRole('textbox', { name: 'Impressions per play' });
    expect(saved).toHaveValue('12.5');
    await user.clear(saved);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put).toHaveBeenLastCalledWith('/api/locations/4/', expect.objectContaining({ impressions_per_play: null }), {
      formErrors: true,
    });
  });

  it('refuses impressions per play above the maximum', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(locationFixture());
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    const field = screen.getByRole('textbox', { name: 'Impressions per play' });
    await user.type(field, String(IMPRESSIONS_PER_PLAY_MAX + 1));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(IMPRESSIONS_PER_PLAY_TEXT)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(put).not.toHaveBeenCalled();
  });

  it('shows the server’s messages on the loop fields', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(
      new ApiError(400, {
        loop_seconds: ['Too long for this network.'],
        venue_type: ['Choose a venue type from the list.'],
      }),
    );
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Too long for this network.')).toBeInTheDocument();
    expect(screen.getByText('Choose a venue type from the list.')).toBeInTheDocument();
  });

  it('shows server field errors on their fields', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, { name: ['An object with this name already exists.'] }));
    const { user } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    await user.type(input('Name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An object with this name already exists.')).toBeInTheDocument();
    expect(input('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it('is read-only without change permission: disabled fields, no Save, no Disable', () => {
    renderWithProviders(
      <LocationForm
        location={locationFixture({ _permissions: ['view_location'] })}
        users={users}
        readOnly
        canChange={false}
      />,
    );
    expect(input('Name')).toBeDisabled();
    expect(input('Address')).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Loop length (s)' })).toBeDisabled();
    expect(input('Opens')).toBeDisabled();
    expect(input('Closes')).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Venue type' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: 'Impressions per play' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Managers' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Disable' })).toBeNull();
    expect(screen.getByText('You can view this location but not change it.')).toBeInTheDocument();
  });

  it('opens the tab named in the URL and keeps the chosen tab there', async () => {
    const { user, router } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
      { route: '/location/4?tab=campaign-managers' },
    );
    expect(screen.getByRole('tab', { name: 'Campaign managers', selected: true })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Managers' }));
    expect(router.state.location.search).toBe('');
    await user.click(screen.getByRole('tab', { name: 'Campaign managers' }));
    expect(router.state.location.search).toBe('?tab=campaign-managers');
  });

  it('disables a location after confirmation, and offers Enable for a disabled one', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue(undefined);
    vi.spyOn(api, 'get').mockResolvedValue({});
    const { user, unmount } = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable location' });
    expect(post).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/locations/4/deactivate/'));
    unmount();

    renderWithProviders(
      <LocationForm location={locationFixture({ is_active: false })} users={users} readOnly={false} canChange />,
    );
    expect(screen.getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enable' })).toBeInTheDocument();
  });
});

describe('LocationForm room check', { timeout: 20_000 }, () => {
  const refusal = locationTexts.roomTaken(['Morning Blend launch']);
  const renderSaved = (permissions: string[]) => {
    const view = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    view.queryClient.setQueryData(userInfoQueryKey, {
      id: 1,
      username: 'ann',
      full_name: 'Ann',
      time_zone: 'UTC',
      _permissions: permissions,
    } satisfies UserInfo);
    return view;
  };

  it('offers who may book over capacity to save a loop that leaves booked campaigns without room', async () => {
    serveConfig();
    const put = vi
      .spyOn(api, 'put')
      .mockRejectedValueOnce(new ApiError(400, { non_field_errors: [refusal] }))
      .mockResolvedValueOnce(locationFixture());
    const { user } = renderSaved(['view_location', 'change_location', OVERRIDE_CAPACITY]);
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    await user.clear(loop);
    await user.type(loop, '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save anyway' });
    expect(within(dialog).getByText(refusal, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put.mock.calls[1]![1]).toMatchObject({ loop_seconds: 15, override_capacity: true });
  });

  it('leaves the refusal as it is for anyone else', async () => {
    serveConfig();
    const put = vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, { non_field_errors: [refusal] }));
    const { user } = renderSaved(['view_location', 'change_location']);
    const loop = screen.getByRole('textbox', { name: 'Loop length (s)' });
    await user.clear(loop);
    await user.type(loop, '15');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Save anyway' })).toBeNull();
  });
});

describe('LocationForm disable check', { timeout: 20_000 }, () => {
  const refusal = locationTexts.disableBooked(['Morning Blend launch']);
  const renderSaved = (permissions: string[]) => {
    const view = renderWithProviders(
      <LocationForm location={locationFixture()} users={users} readOnly={false} canChange />,
    );
    view.queryClient.setQueryData(userInfoQueryKey, {
      id: 1,
      username: 'ann',
      full_name: 'Ann',
      time_zone: 'UTC',
      _permissions: permissions,
    } satisfies UserInfo);
    return view;
  };
  const disable = async (user: ReturnType<typeof renderSaved>['user']) => {
    await user.click(screen.getByRole('button', { name: 'Disable' }));
    const dialog = await screen.findByRole('dialog', { name: 'Disable location' });
    await user.click(within(dialog).getByRole('button', { name: 'Disable' }));
  };

  it('offers who may book over capacity to disable a location booked campaigns go to, naming them', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({});
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(400, { non_field_errors: [refusal] }))
      .mockResolvedValueOnce(undefined);
    const { user } = renderSaved(['view_location', 'change_location', OVERRIDE_CAPACITY]);
    await disable(user);
    const dialog = await screen.findByRole('dialog', { name: 'Disable anyway' });
    expect(within(dialog).getByText(refusal, { exact: false })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Disable anyway' }));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(2));
    expect(post.mock.calls[0]).toEqual(['/api/locations/4/deactivate/']);
    expect(post.mock.calls[1]).toEqual(['/api/locations/4/deactivate/', { override_capacity: true }]);
  });

  it('leaves the refusal as it is for anyone else', async () => {
    vi.spyOn(api, 'get').mockResolvedValue({});
    const post = vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { non_field_errors: [refusal] }));
    const { user } = renderSaved(['view_location', 'change_location']);
    await disable(user);
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog', { name: 'Disable anyway' })).toBeNull();
  });
});
