import { notifications } from '@mantine/notifications';
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import type { NoRoomError } from '@marquee/contracts/availability';
import type { Campaign, LastReviewed } from '@marquee/contracts/campaigns';
import { inventoryTexts, type AvailabilityRow, type ConflictRange } from '@marquee/contracts/inventory';
import { messages } from '@marquee/contracts/texts';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../../lib/api.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../../lib/current-user.ts';
import { setDisplayTimeZone } from '../../../../lib/format.ts';
import type { Detail } from '../../../../lib/resources.ts';
import { availabilityAnswer, roomRowFixture } from '../../../../test/availability-fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import type { CampaignFormProps } from '../campaign-form.tsx';
import { availabilityTexts } from '../availability-panel.tsx';
import { ApprovalScreen, authorLine } from './approval-screen.tsx';

// The form has its own tests; here it only shows which fields the screen marks as changed.
vi.mock('../campaign-form.tsx', () => ({
  CampaignForm: ({ changed = [], readOnly, approval }: CampaignFormProps) => (
    <div data-testid="campaign-form" data-read-only={readOnly} data-approval={approval}>
      {changed.join(',')}
    </div>
  ),
}));

const config: AppConfig = {
  video_max_bytes: 1,
  image_max_bytes: 1,
  zones: [1, 2, 3, 4],
  time_zone: 'UTC',
  age_groups: [{ id: 1, label: '18–24' }],
  genders: [
    { value: 'm', label: 'Men' },
    { value: 'f', label: 'Women' },
  ],
  times: ['08:00', '20:00'],
  rejection_reasons: [
    { id: 1, label: 'Inappropriate content' },
    { id: 0, label: 'Other' },
  ],
  loop_seconds: 60,
  opening_hours: { open_time: '06:00', close_time: '24:00' },
  raw_event_retention_days: 400,
  max_campaign_days: 1096,
  hold_days: 7,
};

const campaignFixture = (extra: Partial<Detail<Campaign>> = {}): Detail<Campaign> => ({
  id: 5,
  sys_id: 'CMP-000005',
  name: 'Summer sale',
  videoclip: 3,
  videoclip_id: 3,
  start_date: '2026-07-01',
  end_date: '2026-07-31',
  state: 0,
  locations: [4],
  p_zones: [1, 2],
  p_zones_overlay: [],
  ordering: 0,
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  p_gender_on: false,
  p_gender: null,
  p_age_on: false,
  p_age: null,
  rejection_reason: null,
  comments: '',
  created_by: 2,
  created_at: '2026-06-01T08:00:00Z',
  updated_at: '2026-06-02T09:30:00Z',
  author: null,
  submitted_at: null,
  disabled_locations_data: [],
  goal_type: null,
  goal_value: null,
  videoclip_data: {
    id: 3,
    name: 'Beach clip',
    video_file: '/media/3.mp4',
    video_thumb: { url: '/t/3.jpg', preview: '/p/3.jpg' },
    duration: 15,
    advertiser: 1,
    is_active: true,
  },
  _permissions: ['view_campaign', 'approve_campaign'],
  ...extra,
});

const range = (over: Partial<ConflictRange>): ConflictRange => ({
  location: 4,
  location_name: 'Kiosk',
  zone: 2,
  from_day: '2026-07-01',
  to_day: '2026-07-01',
  days: 1,
  start: '08:00',
  end: '09:30',
  next_day: false,
  room_s: 5,
  need_s: 15,
  capacity_s: 30,
  booked_s: 25,
  held_s: 15,
  free_s: 0,
  over_s: 10,
  ...over,
});
const refused = [
  range({}),
  range({ zone: 1, from_day: '2026-07-02', to_day: '2026-07-04', days: 3, room_s: 0, booked_s: 30, over_s: 15 }),
];
const refusal: NoRoomError = {
  non_field_errors: [inventoryTexts.noRoom(refused[1]!, 4)],
  conflicts: refused,
  conflict_count: 4,
  conflict_ranges: 2,
};

const neverApproved: LastReviewed = { decision: null, decided_at: null, campaign: null };

/** A day and zone of the availability API at location 4 (a 30 s loop) where the booked campaigns leave
 * `free` seconds, with the reviewed 15 s clip counted as held and placed. */
const roomRow = (day: string, zone: number, free: number): AvailabilityRow =>
  roomRowFixture({ location: 4, location_name: 'Kiosk', day, zone, booked_s: 30 - free, held_s: 15, need: 15 });

function mockGets(
  campaign = campaignFixture(),
  last: LastReviewed = neverApproved,
  rows = [roomRow('2099-07-01', 1, 30)],
) {
  return vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(config) as never;
    if (path === '/api/campaigns/5/') return Promise.resolve(campaign) as never;
    if (path === '/api/campaigns/5/last_reviewed/') return Promise.resolve(last) as never;
    if (path === '/api/locations/availability/') return Promise.resolve(availabilityAnswer(rows)) as never;
    return Promise.reject(new Error(`unexpected GET ${path}`));
  });
}

/** The screen for a signed-in approver who may also list locations (so the room panel asks). */
function renderScreen() {
  const view = renderWithProviders(<div>Elsewhere</div>, {
    route: '/campaign/approve/5',
    routes: [
      { path: '/campaign/approve/:id', element: <ApprovalScreen /> },
      { path: '/campaign/approve', element: <div>Approval list</div> },
    ],
  });
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'ann',
    full_name: 'Ann',
    time_zone: 'UTC',
    _permissions: ['list_location', 'list_campaign', 'approve_campaign'],
  } satisfies UserInfo);
  return view;
}

async function openRejectDialog() {
  const rendered = renderScreen();
  await rendered.user.click(await screen.findByRole('button', { name: 'Reject' }));
  const dialog = await screen.findByRole('dialog', { name: 'Reject campaign' });
  return { ...rendered, dialog };
}

beforeEach(() => setDisplayTimeZone('UTC'));
afterEach(() => {
  vi.restoreAllMocks();
  setDisplayTimeZone(undefined);
});

describe('ApprovalScreen', () => {
  it('approves the campaign and returns to the approval list', async () => {
    mockGets();
    const post = vi.spyOn(api, 'post').mockResolvedValue(campaignFixture({ state: 1, _permissions: [] }));
    const show = vi.spyOn(notifications, 'show');
    const { user, router } = renderScreen();
    expect(await screen.findByRole('heading', { name: 'Summer sale' })).toBeInTheDocument();
    expect(screen.getByText('CMP-000005')).toBeInTheDocument();
    expect(screen.getByText('First approval: this campaign has not been approved before.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/api/campaigns/5/approve/', {}, { quietStatuses: [400] }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/approve'));
    expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Campaign "Summer sale" approved.' }));
  });

  it('shows the room its clip finds in the loop, leaving itself out', async () => {
    const get = mockGets(campaignFixture({ start_date: '2099-07-01', end_date: '2099-07-01' }), neverApproved, [
      roomRow('2099-07-01', 1, 30),
      roomRow('2099-07-01', 2, 10),
    ]);
    renderScreen();
    const panel = await screen.findByRole('region', { name: 'Room in the loop' });
    const kiosk = await within(panel).findByTestId('availability-location-4');
    expect(kiosk).toHaveTextContent('Does not fit');
    expect(kiosk).toHaveTextContent(
      '1 Jul 2099, 06:00–24:00, zone 2: 10 s free beside the booked campaigns, the clip needs 15 s (over by 5 s, 15 s held)',
    );
    expect(kiosk).toHaveTextContent('Tightest: 1 Jul 2099, 06:00–24:00, zone 2: over by 5 s, 15 s held');
    expect(within(panel).getByText(availabilityTexts.approvalWarning)).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(
      '/api/locations/availability/',
      expect.objectContaining({
        query: expect.objectContaining({ location: '4', zone: '1,2', exclude_campaign: 5, need_s: 15 }),
      }),
    );
  });

  it('shows a refused approval with the server message and its conflicts, and stays', async () => {
    mockGets();
    const post = vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, refusal));
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const alert = await screen.findByTestId('no-room-alert');
    expect(within(alert).getByText('Not approved: the clip does not fit')).toBeInTheDocument();
    expect(within(alert).getByText(refusal.non_field_errors[0]!)).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Kiosk, 1 Jul 2026, 08:00–09:30, zone 2: 5 s free beside the booked campaigns, the clip needs 15 s (over by 10 s, 15 s held)',
      ),
    ).toBeInTheDocument();
    expect(
      within(alert).getByText(
        'Kiosk, 2–4 Jul 2026, 08:00–09:30, zone 1: 0 s free beside the booked campaigns, the clip needs 15 s (over by 15 s, 15 s held)',
      ),
    ).toBeInTheDocument();
    // Without override_capacity there is nothing to confirm.
    expect(within(alert).queryByRole('button', { name: 'Approve anyway…' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
    expect(router.state.location.pathname).toBe('/campaign/approve/5');
  });

  it('asks a user with override_capacity to approve anyway, listing the conflicts, and books on confirm', async () => {
    mockGets(campaignFixture({ _permissions: ['view_campaign', 'approve_campaign', 'override_capacity'] }));
    const post = vi
      .spyOn(api, 'post')
      .mockRejectedValueOnce(new ApiError(400, refusal))
      .mockResolvedValueOnce(campaignFixture({ state: 1, _permissions: [] }));
    const { user, router } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Approve' }));

    const dialog = await screen.findByRole('dialog', { name: 'Approve anyway' });
    const table = within(dialog).getByRole('table', {
      name: 'The 2 ranges where the clip does not fit (4 slots in all)',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Kiosk1 Jul 202608:00–09:3025 s / 15 sover by 10 s, 15 s held',
      'Kiosk2–4 Jul 202608:00–09:3010 s / 15 sover by 15 s, 15 s held',
    ]);
    // Cancelled, the refusal stays with a way back to the dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(post).toHaveBeenCalledTimes(1);
    await user.click(within(screen.getByTestId('no-room-alert')).getByRole('button', { name: 'Approve anyway…' }));

    const again = await screen.findByRole('dialog', { name: 'Approve anyway' });
    await user.click(within(again).getByRole('button', { name: 'Approve anyway' }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith(
        '/api/campaigns/5/approve/',
        { override_capacity: true },
        { quietStatuses: [400] },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/approve'));
  });

  it('names who sent the campaign for approval and when, and plays its clip at the top', async () => {
    mockGets(
      campaignFixture({
        author: { id: 7, username: 'anna', full_name: 'Anna Berg' },
        submitted_at: '2026-06-02T09:30:00Z',
      }),
    );
    renderScreen();
    expect(await screen.findByText('Sent for approval by Anna Berg (anna) 2026-06-02 09:30:00')).toBeInTheDocument();
    const player = screen.getByRole('group', { name: 'Video player: Clip under review: Beach clip' });
    expect(player.querySelector('video')).toHaveAttribute('src', '/media/3.mp4');
    // Beside what changed, before the form (which holds the playlist and its loop).
    const changes = screen.getByRole('heading', { name: /What changed/ });
    const form = screen.getByTestId('campaign-form');
    expect(changes.compareDocumentPosition(player) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(player.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says who created a campaign that is no longer waiting, or that the author is unknown', () => {
    const base = { created_at: '2026-01-01T08:00:00Z', submitted_at: null };
    expect(authorLine({ ...base, author: { id: 1, username: 'bob', full_name: '' } })).toBe(
      'Created by bob 2026-01-01 08:00:00',
    );
    expect(authorLine({ ...base, author: null })).toBe('Created by an unknown user 2026-01-01 08:00:00');
  });

  it('shows no approve or reject without approve_campaign, and says why', async () => {
    mockGets(campaignFixture({ state: 1, _permissions: ['view_campaign'] }));
    renderScreen();
    expect(await screen.findByText('This campaign is not waiting for approval: it is Approved.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'What changed since the last approved version' })).toBeNull();
  });

  it('asks for a rejection reason in the spec words', async () => {
    mockGets();
    const post = vi.spyOn(api, 'post');
    const { user, dialog } = await openRejectDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please select rejection reason!')).toBeInTheDocument();
    expect(messages.rejectionReasonRequired).toBe('Please select rejection reason!');
    expect(post).not.toHaveBeenCalled();
  });

  it('asks for a text when the reason is Other, then rejects with reason 0 and the comments', async () => {
    mockGets();
    const post = vi.spyOn(api, 'post').mockResolvedValue(campaignFixture({ state: 98, _permissions: [] }));
    const { user, dialog, router } = await openRejectDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Other', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Please enter some descriptive text!')).toBeInTheDocument();
    expect(messages.rejectionTextRequired).toBe('Please enter some descriptive text!');
    expect(post).not.toHaveBeenCalled();

    await user.type(within(dialog).getByRole('textbox', { name: 'Comments' }), 'Too loud');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        '/api/campaigns/5/reject/',
        { reason: 0, comments: 'Too loud' },
        { formErrors: true },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaign/approve'));
  });

  it('shows the server field errors of a rejection on the fields', async () => {
    mockGets();
    vi.spyOn(api, 'post').mockRejectedValue(new ApiError(400, { reason: ['Choose one of the configured ones.'] }));
    const { user, dialog } = await openRejectDialog();
    await user.click(within(dialog).getByRole('combobox', { name: /^Reason/ }));
    await user.click(await screen.findByRole('option', { name: 'Inappropriate content', hidden: true }));
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Choose one of the configured ones.')).toBeInTheDocument();
  });

  it('lists a changed name and zones against the approved version', async () => {
    // The approved version is the log entry's copy: no clip data, no permissions.
    const { videoclip_data: _clip, ...approved } = campaignFixture({ name: 'Spring sale', p_zones: [1] });
    mockGets(campaignFixture(), { decision: 'approved', decided_at: '2026-05-20T12:00:00Z', campaign: approved });
    renderScreen();
    const table = await screen.findByRole('table', { name: 'Changes since the last approval' });
    expect(within(table).getByRole('columnheader', { name: /Approved version/ })).toHaveTextContent(
      '2026-05-20 12:00:00',
    );
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(/^NameSpring saleSummer sale$/);
    expect(rows[1]).toHaveTextContent(/^Zones11, 2$/);
    const form = screen.getByTestId('campaign-form');
    expect(form).toHaveTextContent('name,p_zones');
    expect(form).toHaveAttribute('data-read-only', 'true');
    expect(form).toHaveAttribute('data-approval', 'true');
  });

  it('says when nothing changed since the last approval', async () => {
    const { videoclip_data: _clip, ...approved } = campaignFixture();
    mockGets(campaignFixture(), { decision: 'approved', decided_at: '2026-05-20T12:00:00Z', campaign: approved });
    renderScreen();
    expect(await screen.findByText('No changes since the last approval.')).toBeInTheDocument();
  });

  it('compares a resubmitted campaign that was never approved with its rejected version', async () => {
    const { videoclip_data: _clip, ...rejected } = campaignFixture({ name: 'Spring sale', state: 98 });
    mockGets(campaignFixture(), { decision: 'rejected', decided_at: '2026-05-20T12:00:00Z', campaign: rejected });
    renderScreen();
    expect(await screen.findByRole('heading', { name: 'What changed since it was rejected' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Changes since the rejection' });
    expect(within(table).getByRole('columnheader', { name: /Rejected version/ })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent(/^NameSpring saleSummer sale$/);
  });
});
