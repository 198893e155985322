import type { UserInfo } from '@marquee/contracts/auth';
import type { AvailabilityRow } from '@marquee/contracts/inventory';
import { screen, waitFor, within } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { userInfoQueryKey } from '../../../lib/current-user.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { availabilityAnswer, roomRowFixture } from '../../../test/availability-fixtures.ts';
import { AvailabilityPanel, availabilityTexts, incompleteText } from './availability-panel.tsx';
import { availabilityCalls, useLoopRoom, type RoomInput } from './availability-room.ts';

const AVAILABILITY = '/api/locations/availability/';

const input = (extra: Partial<RoomInput> = {}): RoomInput => ({
  locations: [1, 2],
  start_date: '2099-12-01',
  end_date: '2099-12-02',
  p_zones: [1, 2],
  p_times_on: false,
  p_start_time: null,
  p_end_time: null,
  need: 10,
  excludeCampaign: 9,
  today: '2099-11-20',
  ...extra,
});

/** A row as the API gives it for the panel: `free` is what the booked campaigns leave, `held` the other
 * holds; the 10 s clip is counted as held and placed. */
const row = (location: number, zone: number, day: string, free: number, held = 0, need = 10): AvailabilityRow =>
  roomRowFixture({
    location,
    location_name: location === 1 ? 'Central station' : 'Airport gate',
    zone,
    day,
    booked_s: 30 - free,
    held_s: held + need,
    need,
  });

function Harness({ room, warning }: { room: RoomInput; warning?: string }) {
  return <AvailabilityPanel room={useLoopRoom(room)} warning={warning} />;
}

/** Changes the input step by step, as a user changes the form's fields. */
function Stepper({ steps }: { steps: RoomInput[] }) {
  const [step, setStep] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setStep((n) => Math.min(n + 1, steps.length - 1))}>
        Next
      </button>
      <Harness room={steps[step]!} />
    </>
  );
}

/** Renders with a signed-in user who may list locations (the availability API requires it). */
function renderPanel(ui: ReactNode, permissions = ['list_location']) {
  const view = renderWithProviders(ui);
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'ann',
    full_name: 'Ann',
    time_zone: 'UTC',
    _permissions: permissions,
  } satisfies UserInfo);
  return view;
}

const mockRows = (rows: AvailabilityRow[]) =>
  vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path === AVAILABILITY) return availabilityAnswer(rows);
    throw new Error(`unexpected GET ${path}`);
  });

afterEach(() => vi.restoreAllMocks());

describe('AvailabilityPanel', () => {
  it('shows each location’s tightest slot with the campaign held, and that it fits, asking once for all', async () => {
    const get = mockRows([
      row(1, 1, '2099-12-01', 20),
      row(1, 2, '2099-12-01', 18, 6),
      row(1, 1, '2099-12-02', 20),
      row(1, 2, '2099-12-02', 20),
      row(2, 1, '2099-12-01', 30),
      row(2, 2, '2099-12-01', 30),
      row(2, 1, '2099-12-02', 30),
      row(2, 2, '2099-12-02', 30),
    ]);
    renderPanel(<Harness room={input()} warning={availabilityTexts.holdWarning} />);
    const central = await screen.findByTestId('availability-location-1');
    expect(central).toHaveTextContent('Central station');
    expect(within(central).getByText('Fits')).toBeInTheDocument();
    expect(within(central).getByTestId('availability-verdict')).toHaveTextContent('Fits the booked campaigns.');
    // Zone 2 on 1 Dec: 12 s booked, 6 s held and the clip's 10 s: 2 s free.
    expect(within(central).getByTestId('availability-tightest')).toHaveTextContent(
      'Tightest: 1 Dec 2099, 06:00–24:00, zone 2: 2 s free, 16 s held',
    );
    expect(within(central).getByRole('img', { name: 'Central station at its fullest: 40 % booked, 53 % held' }));
    expect(screen.getByTestId('availability-location-2')).toHaveTextContent('20 s free, 10 s held');
    expect(
      screen.getByText(/from 2099-12-01 to 2099-12-02.*counted as held.*The clip needs 10 s\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/Approval checks the booked campaigns only: holds do not block it\./)).toBeInTheDocument();
    expect(screen.queryByText(availabilityTexts.holdWarning)).toBeNull();

    expect(get).toHaveBeenCalledTimes(1);
    const query = get.mock.calls[0]![1]!.query as QueryParams;
    expect(query).toMatchObject({
      location: '1,2',
      zone: '1,2',
      date__gte: '2099-12-01',
      date__lte: '2099-12-02',
      exclude_campaign: 9,
      need_s: 10,
    });
    expect(query.p_start_time).toBeUndefined();
  });

  it('says which holds approval would displace when the clip fits the booked campaigns only', async () => {
    mockRows([row(1, 1, '2099-12-01', 20, 15), row(1, 1, '2099-12-02', 20, 4)]);
    renderPanel(<Harness room={input({ locations: [1], p_zones: [1] })} />);
    const central = await screen.findByTestId('availability-location-1');
    expect(within(central).getByTestId('availability-verdict')).toHaveTextContent(
      'Fits the booked campaigns; 5 s of holds would be displaced.',
    );
    expect(within(central).getByTestId('availability-tightest')).toHaveTextContent('zone 1: over by 5 s, 25 s held');
    expect(within(central).getByRole('img')).toHaveAttribute('data-level', 'over');
  });

  it('lists the ranges of days where the clip does not fit, as the refusal does, and warns what saving does', async () => {
    const days = ['2099-12-01', '2099-12-02', '2099-12-03', '2099-12-04'];
    mockRows(days.flatMap((day) => [row(1, 1, day, 20), row(1, 2, day, day === '2099-12-01' ? 10 : 0, 5, 11)]));
    renderPanel(
      <Harness
        room={input({ locations: [1], end_date: '2099-12-04', need: 11 })}
        warning={availabilityTexts.holdWarning}
      />,
    );
    const central = await screen.findByTestId('availability-location-1');
    expect(within(central).getByText('Does not fit')).toBeInTheDocument();
    expect(within(central).getByTestId('availability-verdict')).toHaveTextContent(
      'Does not fit: 0 s free beside the booked campaigns, the clip needs 11 s.',
    );
    expect(central).toHaveTextContent('It does not fit in 4 slots:');
    const items = within(central).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      '1 Dec 2099, 06:00–24:00, zone 2: 10 s free beside the booked campaigns, the clip needs 11 s (over by 6 s, 16 s held)',
      '2–4 Dec 2099, 06:00–24:00, zone 2: 0 s free beside the booked campaigns, the clip needs 11 s (over by 16 s, 16 s held)',
    ]);
    expect(screen.getByText(availabilityTexts.holdWarning)).toBeInTheDocument();
  });

  it('shows at most five ranges, then how many more', async () => {
    const days = ['2099-12-01', '2099-12-02', '2099-12-03', '2099-12-04'];
    // Figures that change every day: no two days merge.
    mockRows(days.flatMap((day, i) => [row(1, 1, day, i), row(1, 2, day, i)]));
    renderPanel(<Harness room={input({ locations: [1], end_date: '2099-12-04' })} />);
    const central = await screen.findByTestId('availability-location-1');
    expect(within(central).getAllByRole('listitem')).toHaveLength(5);
    expect(central).toHaveTextContent('and 3 more ranges');
    expect(central).toHaveTextContent('It does not fit in 8 slots:');
  });

  it('leaves days closed in the time window out of the verdict, and says so', async () => {
    mockRows([row(1, 1, '2099-12-01', 30), roomRowFixture({ day: '2099-12-02', closed: true, need: 10 })]);
    renderPanel(<Harness room={input({ locations: [1], p_zones: [1] })} />);
    const central = await screen.findByTestId('availability-location-1');
    expect(within(central).getByText('Fits')).toBeInTheDocument();
    expect(central).toHaveTextContent('Closed during the time window on 1 day and zone: nothing to fit there.');
  });

  it('shows a skeleton while the figures load', async () => {
    vi.spyOn(api, 'get').mockReturnValue(new Promise(() => {}));
    renderPanel(<Harness room={input()} />);
    expect(await screen.findByTestId('availability-loading')).toBeInTheDocument();
    expect(screen.getByTestId('availability-panel')).toHaveAttribute('aria-busy', 'true');
  });

  it('says what is still to be chosen, and asks nothing until then', async () => {
    const get = mockRows([]);
    renderPanel(<Harness room={input({ locations: [], need: null })} />);
    expect(await screen.findByText(incompleteText(['locations', 'clip']))).toBeInTheDocument();
    expect(incompleteText(['locations', 'clip'])).toBe(
      'Choose the locations and a clip to see the room left in their loops.',
    );
    expect(get).not.toHaveBeenCalled();
  });

  it('asks nothing of a user who may not list locations (the API would refuse), and says so', async () => {
    const get = mockRows([]);
    renderPanel(<Harness room={input()} />, ['approve_campaign']);
    expect(await screen.findByText(availabilityTexts.forbidden)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('says when the last day has passed', async () => {
    const get = mockRows([]);
    renderPanel(<Harness room={input({ today: '2099-12-05' })} />);
    expect(await screen.findByText(availabilityTexts.past)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('asks again once the fields rest, with the time window', async () => {
    const get = mockRows([row(1, 1, '2099-12-01', 30)]);
    const first = input({ locations: [1], p_zones: [1] });
    const { user } = renderPanel(
      <Stepper
        steps={[
          first,
          { ...first, p_times_on: true, p_start_time: '08:00' },
          { ...first, p_times_on: true, p_start_time: '08:00', p_end_time: '12:00' },
        ]}
      />,
    );
    await screen.findByText('Fits');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(get.mock.calls[1]![1]!.query).toMatchObject({ p_start_time: '08:00', p_end_time: '12:00' });
  });
});

describe('availabilityCalls', () => {
  it('starts today and splits a long range into calls of at most 92 days', () => {
    const { params, from, to } = availabilityCalls(
      input({ start_date: '2099-01-01', end_date: '2099-12-31', today: '2099-02-01' }),
    );
    expect(from).toBe('2099-02-01');
    expect(to).toBe('2099-12-31');
    expect(params.map((p) => [p.date__gte, p.date__lte])).toEqual([
      ['2099-02-01', '2099-05-03'],
      ['2099-05-04', '2099-08-03'],
      ['2099-08-04', '2099-11-03'],
      ['2099-11-04', '2099-12-31'],
    ]);
  });

  it('asks for nothing while a field is missing or the dates are reversed', () => {
    expect(availabilityCalls(input({ p_zones: [] })).params).toEqual([]);
    expect(availabilityCalls(input({ start_date: '2099-12-03', end_date: '2099-12-01' })).params).toEqual([]);
  });

  it('asks with the clip’s seconds so the rows say what approval would do', () => {
    expect(availabilityCalls(input({ need: 12 })).params[0]).toMatchObject({ need_s: 12 });
  });
});
