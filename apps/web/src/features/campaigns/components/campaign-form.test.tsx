import { notifications } from '@mantine/notifications';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import { campaignTexts } from '@marquee/contracts/campaigns';
import type { AvailabilityRow } from '@marquee/contracts/inventory';
import { dateTexts, messages } from '@marquee/contracts/texts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { availabilityAnswer } from '../../../test/availability-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CampaignEditScreen } from './campaign-edit-screen.tsx';
import { availabilityTexts } from './availability-panel.tsx';
import { CampaignForm } from './campaign-form.tsx';
import {
  campaignFixture,
  config,
  futureCampaign,
  location,
  locations,
  refusal,
  roomRow,
} from './campaign-form-fixtures.ts';

// The playlist is its own piece: the shared stand-in shows its error and clip, and picks a clip.
vi.mock('./playlist/campaign-playlist.tsx', () => import('./playlist/playlist-stand-in.tsx'));

/** What GET /api/locations/availability/ answers in a test. */
let availability: AvailabilityRow[] = [];

/** Renders with a signed-in user who may list locations (the room panel asks only for them). */
function renderSignedIn(ui: ReactNode) {
  const view = renderWithProviders(ui);
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'ann',
    full_name: 'Ann',
    time_zone: 'UTC',
    _permissions: ['list_location', 'view_campaign', 'change_campaign'],
  } satisfies UserInfo);
  return view;
}

beforeEach(() => {
  availability = [];
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === appConfigEndpoint) return config;
    if (path === '/api/locations/availability/') return availabilityAnswer(availability);
    if (path === '/api/locations/')
      return { count: 2, next: null, previous: null, results: locations, _permissions: [] };
    throw new Error(`unexpected GET ${path}`);
  });
});

afterEach(() => vi.restoreAllMocks());

const renderAdd = () =>
  renderWithProviders(<CampaignForm campaign={undefined} readOnly={false} />, {
    route: '/add',
    routes: [{ path: '/campaign/:id', element: <p>campaign page</p> }],
  });

const startDate = () => screen.getByRole('textbox', { name: /Start date/ });

async function chooseLocation(user: ReturnType<typeof renderAdd>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /Locations/ }));
  await user.click(await screen.findByRole('option', { name, hidden: true }));
}

// A form of many Mantine inputs renders slowly in jsdom.
describe('CampaignForm', { timeout: 20_000 }, () => {
  it('shows each rule word for word on Save and says the form has errors', async () => {
    const show = vi.spyOn(notifications, 'show');
    const post = vi.spyOn(api, 'post');
    const { user } = renderAdd();
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), 'Winter');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(messages.selectVideoClip)).toBeInTheDocument();
    expect(screen.getByText(messages.selectLocation)).toBeInTheDocument();
    expect(screen.getByText(messages.selectZone)).toBeInTheDocument();
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', message: expect.stringContaining(messages.formHasErrors) }),
    );
    expect(post).not.toHaveBeenCalled();
  });

  it('enables the start date once a location is chosen, and the end follows the start', async () => {
    const { user } = renderAdd();
    await screen.findByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Locations/ })).toBeEnabled());
    expect(startDate()).toBeDisabled();
    expect(screen.getByText('Choose a location first.')).toBeInTheDocument();

    await chooseLocation(user, 'Central station');
    expect(startDate()).toBeEnabled();
    await user.click(startDate());
    await user.paste('2099-05-01');
    await user.tab();
    expect(screen.getByRole('textbox', { name: /End date/ })).toHaveValue('2099-05-01');
  });

  it('refuses a run longer than the configured maximum on Save, as the server would', async () => {
    const put = vi.spyOn(api, 'put');
    const long = campaignFixture({ state: 0, start_date: '2096-01-01', end_date: '2100-12-31' });
    const { user } = renderWithProviders(<CampaignForm campaign={long} readOnly={false} />);
    await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(dateTexts.campaignTooLong(config.max_campaign_days))).toBeInTheDocument();
    expect(put).not.toHaveBeenCalled();
  });

  it('takes a daily window past midnight and says when it ends', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0 }));
    const night = campaignFixture({ state: 0, p_times_on: true, p_start_time: '23:00', p_end_time: '01:00' });
    const { user } = renderWithProviders(<CampaignForm campaign={night} readOnly={false} />);
    await screen.findByRole('textbox', { name: 'Name' });
    expect(screen.getByText(campaignTexts.pastMidnight('23:00', '01:00'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText(campaignTexts.sameStartAndEnd)).not.toBeInTheDocument();
    await waitFor(() => expect(put).toHaveBeenCalled());
  });

  it('does not save on Enter in a date field', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0 }));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(<CampaignForm campaign={campaignFixture({ state: 0 })} readOnly={false} />);
    await screen.findByRole('textbox', { name: 'Name' });
    for (const field of [startDate(), screen.getByRole('textbox', { name: /End date/ })]) {
      await user.click(field);
      // The browser's implicit submission is what a kept default would start (jsdom has none).
      expect(fireEvent.keyDown(field, { key: 'Enter' })).toBe(false);
      await user.keyboard('{Enter}');
    }
    expect(fireEvent.keyDown(screen.getByRole('textbox', { name: 'Name' }), { key: 'Enter' })).toBe(true);
    expect(put).not.toHaveBeenCalled();
    expect(show).not.toHaveBeenCalled();
  });

  it('shows a location without devices but does not let it be chosen', async () => {
    const { user } = renderAdd();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Locations/ })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: /Locations/ }));
    const option = await screen.findByRole('option', { name: 'Empty hall (no devices)', hidden: true });
    expect(option).toHaveAttribute('data-combobox-disabled');
    await user.click(option);
    expect(screen.queryByText('Empty hall (no devices)', { selector: '.mantine-Pill-label' })).toBeNull();
    expect(startDate()).toBeDisabled();
  });

  it('enables an overlay only for a chosen zone and clears it when the zone is unselected', async () => {
    const { user } = renderAdd();
    const zone2 = await screen.findByRole('checkbox', { name: 'Zone 2' });
    const overlay2 = screen.getByRole('switch', { name: 'Overlay in zone 2' });
    expect(overlay2).toBeDisabled();

    await user.click(zone2);
    expect(overlay2).toBeEnabled();
    await user.click(overlay2);
    expect(overlay2).toBeChecked();

    await user.click(zone2);
    expect(overlay2).not.toBeChecked();
    expect(overlay2).toBeDisabled();
  });

  // Two location choices and a Save: slower than the others.
  it(
    'offers the zones of the chosen locations and refuses one a chosen location lacks, naming it',
    { timeout: 40_000 },
    async () => {
      const kiosk = location(3, 'Small kiosk', 1, [1, 2]);
      vi.mocked(api.get).mockImplementation(async (path: string) => {
        if (path === appConfigEndpoint) return config;
        if (path === '/api/locations/availability/') return availabilityAnswer([]);
        if (path === '/api/locations/')
          return { count: 3, next: null, previous: null, results: [...locations, kiosk], _permissions: [] };
        throw new Error(`unexpected GET ${path}`);
      });
      const { user } = renderAdd();
      await waitFor(() => expect(screen.getByRole('combobox', { name: /Locations/ })).toBeEnabled());
      await chooseLocation(user, 'Small kiosk');
      await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Zone 3' })).toBeNull());
      expect(screen.getByRole('checkbox', { name: 'Zone 2' })).toBeInTheDocument();

      await chooseLocation(user, 'Central station');
      const zone3 = await screen.findByRole('checkbox', { name: 'Zone 3' });
      expect(screen.getAllByText('Not at Small kiosk')).toHaveLength(2);
      await user.click(zone3);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Small kiosk has no zone 3.')).toBeInTheDocument();
    },
  );

  it('asks before saving an approved campaign, and saves only when confirmed', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ name: 'Summer sale 2', state: 0 }));
    const { user } = renderWithProviders(<CampaignForm campaign={campaignFixture()} readOnly={false} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(name, ' 2');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: campaignTexts.editApprovedTitle });
    expect(within(dialog).getByText(campaignTexts.editApprovedText)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: campaignTexts.editApprovedTitle });
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put).toHaveBeenCalledWith(
      '/api/campaigns/9/',
      expect.objectContaining({ name: 'Summer sale 2', videoclip: 5, locations: [1], p_zones: [1], ordering: 2 }),
      // The form shows a 400 itself (a booked campaign's "not enough room" with its conflicts).
      { formErrors: true, quietStatuses: [400] },
    );
  });

  it('saves a new campaign without asking', async () => {
    const put = vi.spyOn(api, 'put').mockResolvedValue(campaignFixture({ state: 0, name: 'Draft 2' }));
    const { user } = renderWithProviders(
      <CampaignForm campaign={campaignFixture({ state: 0, name: 'Draft' })} readOnly={false} />,
    );
    await user.type(await screen.findByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows server field errors on their field until the field is edited', async () => {
    vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, { name: ['An object with this name already exists.'] }));
    const { user } = renderWithProviders(<CampaignForm campaign={campaignFixture({ state: 0 })} readOnly={false} />);
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('An object with this name already exists.')).toBeInTheDocument();
    await user.type(name, '!');
    await waitFor(() => expect(screen.queryByText('An object with this name already exists.')).toBeNull());
  });

  it('shows a closed campaign read-only, saying why, without Save or Deactivate', async () => {
    renderWithProviders(<CampaignForm campaign={campaignFixture({ state: 99 })} readOnly />);
    expect(await screen.findByText(campaignTexts.closed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    expect(screen.getByRole('textbox', { name: /Start date/ })).toHaveAttribute('readonly');
    expect(screen.getByRole('checkbox', { name: 'Zone 1' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pick clip' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
  });

  it('deactivates after confirmation, then shows the campaign read-only', async () => {
    let stored = campaignFixture();
    const get = vi.mocked(api.get).getMockImplementation()!;
    vi.spyOn(api, 'get').mockImplementation(async (path: string, options) =>
      path === '/api/campaigns/9/' ? stored : get(path, options),
    );
    const post = vi.spyOn(api, 'post').mockImplementation(async () => {
      stored = campaignFixture({ state: 99 });
      return stored;
    });
    const { user } = renderWithProviders(<p>elsewhere</p>, {
      route: '/campaign/9',
      routes: [{ path: '/campaign/:id', element: <CampaignEditScreen /> }],
    });
    await user.click(await screen.findByRole('button', { name: 'Deactivate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate campaign' });
    expect(within(dialog).getByText(/stops playback/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/campaigns/9/deactivate/'));
    expect(await screen.findByText(campaignTexts.closed)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('readonly');
    // The dialog's own button leaves with its closing animation.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('shows the rejection reason and comments of a rejected campaign', async () => {
    renderWithProviders(
      <CampaignForm
        campaign={campaignFixture({ state: 98, rejection_reason: 1, comments: 'The clip is too loud.' })}
        readOnly={false}
      />,
    );
    const alert = await screen.findByRole('alert', { name: /Rejected/ });
    expect(within(alert).getByText('Inappropriate content')).toBeInTheDocument();
    expect(within(alert).getByText('The clip is too loud.')).toBeInTheDocument();
  });

  it('in approval mode has no actions of its own and marks the changed fields', async () => {
    renderWithProviders(
      <CampaignForm campaign={campaignFixture({ state: 0 })} readOnly approval changed={['name', 'p_zones']} />,
    );
    const name = await screen.findByRole('textbox', { name: /Name/ });
    expect(name).toHaveAttribute('readonly');
    expect(name).toHaveAccessibleName('NameChanged');
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Deactivate' })).toBeNull();
    expect(screen.getByRole('textbox', { name: /Comments/ })).toHaveAccessibleName('Comments');
  });
  it('shows the room left at each location, and that the clip fits', async () => {
    availability = [roomRow('2099-12-01', 1, 20)];
    renderSignedIn(<CampaignForm campaign={futureCampaign({ state: 0 })} readOnly={false} />);
    const panel = await screen.findByRole('region', { name: 'Room in the loop' });
    const central = await within(panel).findByTestId('availability-location-1');
    expect(central).toHaveTextContent('Fits');
    expect(central).toHaveTextContent('Fits the booked campaigns.');
    expect(central).toHaveTextContent('Tightest: 1 Dec 2099, 06:00–24:00, zone 1: 10 s free, 10 s held');
    expect(screen.queryByText(availabilityTexts.holdWarning)).toBeNull();
  });

  it('warns that a campaign whose clip does not fit is saved as a hold, and says so after saving', async () => {
    availability = [roomRow('2099-12-01', 1, 0)];
    const put = vi.spyOn(api, 'put').mockResolvedValue(futureCampaign({ state: 0, name: 'Summer sale 2' }));
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderSignedIn(<CampaignForm campaign={futureCampaign({ state: 0 })} readOnly={false} />);
    expect(await screen.findByText(availabilityTexts.holdWarning)).toBeInTheDocument();
    expect(screen.getByTestId('availability-location-1')).toHaveTextContent(
      '1 Dec 2099, 06:00–24:00, zone 1: 0 s free beside the booked campaigns, the clip needs 10 s (over by 10 s, 10 s held)',
    );

    await user.type(screen.getByRole('textbox', { name: 'Name' }), ' 2');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'yellow', message: expect.stringContaining('is saved as a hold') }),
      ),
    );
  });

  it('shows why an edit of a booked campaign was refused, with nothing to confirm without override_capacity', async () => {
    availability = [roomRow('2099-12-01', 1, 0)];
    const put = vi.spyOn(api, 'put').mockRejectedValue(new ApiError(400, refusal));
    const { user } = renderSignedIn(<CampaignForm campaign={futureCampaign()} readOnly={false} />);
    expect(await screen.findByText(availabilityTexts.bookedWarning)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: campaignTexts.editApprovedTitle })).getByRole('button', {
        name: 'Save',
      }),
    );
    const alert = await screen.findByTestId('no-room-alert');
    expect(within(alert).getByText(refusal.non_field_errors[0]!)).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Save anyway…' })).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(put).toHaveBeenCalledTimes(1);
  });

  it('lets a user with override_capacity save a booked campaign anyway after the confirm', async () => {
    const put = vi
      .spyOn(api, 'put')
      .mockRejectedValueOnce(new ApiError(400, refusal))
      .mockResolvedValueOnce(futureCampaign({ state: 0 }));
    const campaign = futureCampaign({ _permissions: ['view_campaign', 'change_campaign', 'override_capacity'] });
    const { user } = renderSignedIn(<CampaignForm campaign={campaign} readOnly={false} />);
    await user.click(await screen.findByRole('button', { name: 'Save' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: campaignTexts.editApprovedTitle })).getByRole('button', {
        name: 'Save',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Save anyway' });
    expect(
      within(dialog).getByRole('table', { name: 'The range where the clip does not fit (1 slot)' }),
    ).toHaveTextContent('Central station1 Dec 209906:00–24:0010 s / 10 sover by 10 s, 10 s held');
    await user.click(within(dialog).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(2));
    expect(put).toHaveBeenLastCalledWith(
      '/api/campaigns/9/',
      expect.objectContaining({ override_capacity: true, name: 'Summer sale' }),
      { formErrors: true, quietStatuses: [400] },
    );
    await waitFor(() => expect(screen.queryByTestId('no-room-alert')).toBeNull());
  });
});
