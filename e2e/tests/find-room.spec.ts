// Find room as the demo seller uses it: from the menu, a 10 s spot in zone 1 at transit venues, 06–10 h,
// this week; a row's location page, read-only for a seller (loop, hours, venue type, the week's fill);
// then a clip instead of the length; two rows are ticked and booked, and the campaign form opens with
// their locations, zone, days, window and the clip filled in; plus axe on each.
import type { AvailabilityResponse } from '@marquee/contracts/availability';
import { slotText } from '@marquee/contracts/inventory';
import type { LocationDetail } from '@marquee/contracts/locations';
import { venueTypeLabel } from '@marquee/contracts/venue-types';
import type { Request, Response } from '@playwright/test';
import { expect, test, type Locator, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { DEMO_PASSWORD, signInByApi } from '../fixtures/session.ts';

/** The demo's transit locations with screens (Harbour Ferry Terminal is transit too, without screens). */
const STATION = 'Central Station Hall';
const AIRPORT = 'Airport Gate B';
const MALL = 'Riverside Mall';
/** A demo clip of 6 s. */
const CLIP = 'Morning Blend spot';

/** A select's or multi-select's input by its label (Mantine gives a searchable one the textbox role). */
const picker = (scope: Page | Locator, name: string) =>
  scope.getByRole('textbox', { name, exact: true }).or(scope.getByRole('combobox', { name, exact: true }));

/** The page's API requests the server refused (403, which opens the "No permission" dialog and sends the
 * user home) and how many are still unanswered, from now until `stop`. */
function watchRefusals(page: Page) {
  const refused: string[] = [];
  const waiting = new Set<Request>();
  const api = (url: string) => new URL(url).pathname.startsWith('/api/');
  const started = (request: Request) => void (api(request.url()) && waiting.add(request));
  const ended = (request: Request) => void waiting.delete(request);
  const answered = (response: Response) => {
    if (response.status() !== 403 || !api(response.url())) return;
    const { pathname, search } = new URL(response.url());
    refused.push(`${response.request().method()} ${pathname}${search}`);
  };
  page.on('request', started);
  page.on('response', answered);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    refused,
    pending: () => waiting.size,
    stop() {
      page.off('request', started);
      page.off('response', answered);
      page.off('requestfinished', ended);
      page.off('requestfailed', ended);
    },
  };
}

test('the seller finds room for a spot across the network and books two rows', async ({ page, baseURL }) => {
  // Six axe checks and a reload on a 2-core machine.
  test.setTimeout(150_000);
  await signInByApi(page, baseURL!, { username: 'seller', password: DEMO_PASSWORD });
  const today = dayIn(await serverTimeZone(page, baseURL!));

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Find room' }).click();
  await expect(page).toHaveURL(/\/campaign\/find-room$/);
  await expect(page.getByRole('heading', { name: 'Find room' })).toBeVisible();
  await expect(page.getByTestId('find-room-prompt')).toBeVisible();
  await expectNoSeriousViolations(page, 'Find room before a clip length');

  // A 10 s spot, zone 1, transit venues (the parent takes in stations and airports), 06:00–10:00.
  await page.getByRole('textbox', { name: 'Clip length (s)' }).fill('10');
  await expect(page).toHaveURL(/need_s=10/);
  await picker(page, 'Zones').click();
  await page.getByRole('option', { name: 'Zone 1', exact: true }).click();
  await page.keyboard.press('Escape');
  await picker(page, 'Venue types').fill('Transit');
  await page.getByRole('option', { name: 'Transit', exact: true }).click();
  await page.keyboard.press('Escape');
  await picker(page, 'Window from').click();
  await page.getByRole('option', { name: '06:00', exact: true }).click();
  await picker(page, 'Window until').click();
  await page.getByRole('option', { name: '10:00', exact: true }).click();
  await expect(page).toHaveURL(/zone=1/);
  await expect(page).toHaveURL(/venue_type=1(&|$)/);
  await expect(page).toHaveURL(/p_start_time=06%3A00/);
  await expect(page).toHaveURL(/p_end_time=10%3A00/);

  const table = page.getByRole('table', { name: 'Room by location and zone' });
  // Until the last filter's answer arrives the previous rows stay and the table is busy (each change asks
  // the server again, and a busy 2-core machine may take a while computing the network's room).
  await expect(table).toHaveAttribute('aria-busy', 'false', { timeout: 30_000 });
  const station = table.getByRole('row', { name: new RegExp(`${STATION}, zone 1`) });
  const airport = table.getByRole('row', { name: new RegExp(`${AIRPORT}, zone 1`) });
  await expect(station).toBeVisible();
  await expect(airport).toBeVisible();
  // Zone 1 and transit venues only.
  await expect(table.getByRole('row', { name: new RegExp(`${STATION}, zone 2`) })).toHaveCount(0);
  await expect(table.getByRole('row', { name: new RegExp(MALL) })).toHaveCount(0);
  await expect(station).toContainText(/\d+ s free|over by \d+ s/);
  await expect(station).toContainText(/Fits|Does not fit/);
  await expectNoSeriousViolations(page, 'Find room with results');

  // A reload keeps the search.
  await page.reload();
  await expect(station).toBeVisible();

  // The row's location page: the seller reads it but may not change it (no Save, no Disable, every
  // field disabled), with the loop, opening hours and venue type as the server has them.
  const requests = watchRefusals(page);
  await station.getByRole('link', { name: STATION, exact: true }).click();
  await expect(page).toHaveURL(/\/location\/\d+$/);
  const locationId = Number(/\/location\/(\d+)$/.exec(page.url())![1]);
  const saved = (await (await page.request.get(`${baseURL}/api/locations/${locationId}/`)).json()) as LocationDetail;
  expect(saved).toMatchObject({ name: STATION, venue_type: expect.any(Number) });
  await expect(page.getByRole('heading', { level: 1, name: STATION })).toBeVisible();
  await expect(page.getByText('You can view this location but not change it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Disable|Enable)/ })).toHaveCount(0);
  const fields = [
    [page.getByRole('textbox', { name: 'Name' }), STATION],
    [page.getByRole('textbox', { name: 'Loop length (s)' }), String(saved.loop_seconds)],
    [page.getByRole('textbox', { name: 'Opens' }), saved.open_time],
    [page.getByRole('textbox', { name: 'Closes' }), saved.close_time],
    [page.getByRole('combobox', { name: 'Venue type' }), venueTypeLabel(saved.venue_type!)!],
  ] as const;
  for (const [field, value] of fields) {
    await expect(field).toHaveValue(value);
    await expect(field).toBeDisabled();
  }
  // The week's fill, from today: zone 1 today as the availability API has it.
  const { results: room } = (await (
    await page.request.get(
      `${baseURL}/api/locations/availability/?location=${locationId}&zone=1&date__gte=${today}&date__lte=${today}`,
    )
  ).json()) as AvailabilityResponse;
  expect(room).toHaveLength(1);
  const week = page.getByRole('table', { name: 'Fill of the next 7 days' });
  await expect(week.getByRole('columnheader', { name: 'Today' })).toHaveAttribute('aria-current', 'date');
  await expect(week.getByRole('columnheader')).toHaveCount(8);
  const zone1 = week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Zone 1/ }) });
  await expect(zone1.getByRole('cell')).toHaveCount(7);
  await expect(zone1.getByRole('cell').first()).toContainText(new RegExp(slotText(room[0]!), 'i'));
  await expect(
    page.getByText(`Share of each ${saved.loop_seconds} s loop booked per zone`, { exact: false }),
  ).toBeVisible();
  // Reading is all the page asks of the server: none of its requests is refused.
  await expect.poll(requests.pending).toBe(0);
  requests.stop();
  expect(requests.refused, 'requests of the location page refused to the seller').toEqual([]);
  await expect(page.getByRole('dialog', { name: 'No permission' })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'location page, read-only for the seller');
  // Back to the search as it was.
  await page.goBack();
  await expect(page).toHaveURL(/\/campaign\/find-room\?.*need_s=10/);
  await expect(station).toBeVisible();

  // A clip instead of a length: its seconds decide.
  await picker(page, 'Or a clip').fill('Morning Blend');
  await page.getByRole('option', { name: new RegExp(CLIP) }).click();
  await expect(page).toHaveURL(/videoclip=\d+/);
  await expect(page.getByText(/the clip takes 6 s per loop/)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Clip length (s)' })).toBeDisabled();
  await expect(station).toBeVisible();

  await page.getByRole('checkbox', { name: `Select ${STATION}, zone 1` }).check();
  await page.getByRole('checkbox', { name: `Select ${AIRPORT}, zone 1` }).check();
  await page.getByRole('button', { name: 'Book 2 selected' }).click();

  // The campaign form, filled in from the rows.
  await expect(page).toHaveURL(/\/campaign\/add\?/);
  const form = page.getByRole('form', { name: 'Add campaign' });
  await expect(form.getByRole('textbox', { name: /Start date/ })).toHaveValue(today);
  await expect(form.getByRole('textbox', { name: /End date/ })).not.toHaveValue('');
  await expect(form.getByText(STATION, { exact: true }).first()).toBeVisible();
  await expect(form.getByText(AIRPORT, { exact: true }).first()).toBeVisible();
  await expect(form.getByRole('checkbox', { name: 'Zone 1' })).toBeChecked();
  await expect(form.getByRole('checkbox', { name: 'Zone 2' })).not.toBeChecked();
  await expect(form.getByRole('switch', { name: /Play only in a daily time window/ })).toBeChecked();
  await expect(picker(form, 'From')).toHaveValue('06:00');
  await expect(picker(form, 'Until')).toHaveValue('10:00');
  await expect(form.getByText(CLIP).first()).toBeVisible();
  await expectNoSeriousViolations(page, 'campaign form booked from Find room');
});
