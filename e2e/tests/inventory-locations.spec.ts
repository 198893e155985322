// Loop inventory on the screens (issue 14): a location's loop length, opening hours and venue type set
// through its form and kept; its week of fill per zone; the calendar's fill bars and their legend; the
// day list's seconds per loop and room left. Checked against what the API says, plus axe.
import type { AvailabilityResponse } from '@marquee/contracts/availability';
import { fillLevel, slotText, slotWithHoldsText } from '@marquee/contracts/inventory';
import type { CalendarRow } from '@marquee/contracts/campaigns';
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, idsByName, serverTimeZone } from '../fixtures/demo-data.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

const BUSY = 'Central Station Hall';

const utc = (day: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
const percent = (share: number) => `${Math.round(share * 100)} %`;
/** As the screens say a fill: "75 % booked, 10 % held". */
const fillText = (fill: number, held: number) =>
  held > 0 ? `${percent(fill)} booked, ${percent(held)} held` : `${percent(fill)} booked`;

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a location’s loop length, opening hours and venue type are set in its form and kept; its week of fill shows', async ({
  page,
  baseURL,
}) => {
  const name = unique('Gate hall');
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: 'Terminal 2' });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await page.goto(`/location/${id}`);
  const loop = page.getByRole('textbox', { name: 'Loop length (s)' });
  const opens = page.getByRole('textbox', { name: 'Opens' });
  const closes = page.getByRole('textbox', { name: 'Closes' });
  const venue = page.getByRole('combobox', { name: 'Venue type' });
  const hint = page.getByTestId('opening-hours-hint');
  // The server's defaults.
  await expect(loop).toHaveValue('60');
  await expect(opens).toHaveValue('06:00');
  await expect(closes).toHaveValue('24:00');
  await expect(venue).toHaveValue('');

  await loop.fill('5');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Enter a loop length of 10 to 3600 seconds.')).toBeVisible();

  await loop.fill('45');
  await expect(page.getByText('A 10 s clip gets 2/9 of the loop (22 %).')).toBeVisible();
  await opens.fill('18:00');
  await closes.fill('18:00');
  await expect(hint).toHaveText(/^Open all day/);
  await closes.fill('02:00');
  await expect(hint).toHaveText('Open past midnight: 18:00 until 02:00 the next morning, 8 h a day.');
  await venue.click();
  await venue.fill('Airport › Gates');
  await page.getByRole('option', { name: 'Transit › Airport › Gates' }).click();
  await expect(venue).toHaveValue('Transit › Airport › Gates');
  await expectNoSeriousViolations(page, 'location form with its loop fields');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Location "${name}" saved.`)).toBeVisible();

  await page.reload();
  await expect(loop).toHaveValue('45');
  await expect(opens).toHaveValue('18:00');
  await expect(closes).toHaveValue('02:00');
  await expect(venue).toHaveValue('Transit › Airport › Gates');
  const saved = (await (await page.request.get(`${baseURL}/api/locations/${id}/`)).json()) as Record<string, unknown>;
  expect(saved).toMatchObject({ loop_seconds: 45, open_time: '18:00', close_time: '02:00', venue_type: 10105 });

  // Its week: nothing booked yet, so every zone has the whole 45 s loop free, from today on.
  const week = page.getByRole('table', { name: 'Fill of the next 7 days' });
  await expect(week.getByRole('columnheader', { name: 'Today' })).toHaveAttribute('aria-current', 'date');
  await expect(week.getByRole('columnheader')).toHaveCount(8);
  const zone1 = week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Zone 1/ }) });
  await expect(zone1.getByRole('cell')).toHaveCount(7);
  await expect(zone1.getByRole('cell').first()).toHaveText('45 s free');
  await expect(page.getByText('Share of each 45 s loop booked per zone', { exact: false })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Fill of the loop' }).getByRole('listitem')).toHaveText([
    'Under 80 %',
    '80–100 %',
    'Over 100 %',
    'Held',
  ]);
});

test('a busy location’s week, the calendar’s fill bars and legend, and the day list’s seconds per loop', async ({
  page,
  baseURL,
}) => {
  const timeZone = await serverTimeZone(page, baseURL!);
  const today = dayIn(timeZone);
  const id = (await idsByName(page, baseURL!, '/api/locations/')).get(BUSY)!;
  const { results } = (await (
    await page.request.get(
      `${baseURL}/api/locations/availability/?location=${id}&zone=1&date__gte=${today}&date__lte=${today}`,
    )
  ).json()) as AvailabilityResponse;
  const room = results[0]!;
  expect(room.booked_s + room.held_s).toBeGreaterThan(0);

  // The location's week: zone 1 today as the API has it.
  await page.goto(`/location/${id}`);
  const week = page.getByRole('table', { name: 'Fill of the next 7 days' });
  const zone1 = week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Zone 1/ }) });
  const todayLabel = utc(today, { weekday: 'long', day: 'numeric', month: 'long' });
  await expect(
    zone1.getByRole('img', {
      name: `${todayLabel}: ${fillText(room.booked_s / room.capacity_s, room.held_s / room.capacity_s)}`,
    }),
  ).toBeVisible();
  await expect(zone1.getByRole('cell').first()).toContainText(slotText(room));
  await expectNoSeriousViolations(page, 'location with its week of fill');

  // The calendar: the legend, and today's bar at the busy location in words as the API's fill says.
  await page.goto('/campaign/calendar');
  const legend = page.getByRole('list', { name: 'Fill of the loop' });
  await expect(legend.getByRole('listitem')).toHaveText(['Under 80 %', '80–100 %', 'Over 100 %', 'Held']);
  const calendar = (await (
    await page.request.get(`${baseURL}/api/locations/calendar/?date_from=${today}&date_to=${today}&page_size=0`)
  ).json()) as { results: CalendarRow[] };
  const fill = calendar.results.find((row) => row.id === id)!.fill[today]!;
  expect(fill.fill + fill.held).toBeGreaterThan(0);
  const longToday = `${utc(today, { weekday: 'long' })} ${utc(today, { day: 'numeric', month: 'long', year: 'numeric' })}`;
  const bar = page
    .getByRole('table', { name: 'Campaigns per location and day' })
    .getByRole('img', { name: `${BUSY}, ${longToday}: ${fillText(fill.fill, fill.held)}` });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('data-level', fillLevel(fill.fill, fill.held));
  await expectNoSeriousViolations(page, 'calendar with fill bars');

  // The day list: seconds per loop of each campaign and the room left per zone.
  const count = page.getByRole('link', { name: new RegExp(`campaigns? at ${BUSY} on ${longToday}$`) });
  await count.click();
  await expect(page).toHaveURL(new RegExp(`/list/${id}/${today}$`));
  const roomLeft = page.getByRole('region', { name: 'Room left on this day' });
  await expect(roomLeft.getByRole('listitem').first()).toContainText(`Zone 1${slotWithHoldsText(room)}`);
  const campaigns = page.getByRole('table', { name: new RegExp(`^Campaigns at ${BUSY}`) });
  await expect(campaigns.getByRole('columnheader', { name: 'Per loop' })).toBeVisible();
  await expect(campaigns.getByRole('row').nth(1)).toContainText(new RegExp(`\\d+ s\\d+ % of ${room.loop_seconds} s`));
  await expectNoSeriousViolations(page, 'calendar day list with seconds per loop');
});
