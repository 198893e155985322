// Issue 14's loop capacity as users meet it: at a location with a 30 s loop, three campaigns of a 10 s
// clip fill the loop; approving a fourth is refused with the server's message (an approver without
// override_capacity sees the refusal and its conflicts, nothing more); the calendar shows the day
// full with the fourth as a hold on top (red: over); the campaign form's room panel says it does not
// fit; an approver with override_capacity (the admin holds every permission) books it after
// confirming "Approve anyway", and the day shows overbooked.
import { daysText, inventoryTexts, type ConflictRange } from '@marquee/contracts/inventory';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { clipOf, locationWithLoop, oneDayCampaign, TEN_SECOND_CLIP } from '../fixtures/inventory.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';
import { createStaff } from '../fixtures/staff.ts';
import { expect, test, type Page } from '../fixtures/test.ts';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The calendar's fill bar of `location` on `day` (its name carries the figures). */
const dayFill = (page: Page, location: string) =>
  page
    .getByRole('table', { name: 'Campaigns per location and day' })
    .getByRole('img', { name: new RegExp(`^${escape(location)}, `) });

test('a full loop refuses the fourth campaign, shows the day full and 0 s free, and an overriding approver books it', async ({
  page,
  baseURL,
  browser,
}) => {
  test.setTimeout(150_000);
  await signInByApi(page, baseURL!, ADMIN);
  const day = dayIn(await serverTimeZone(page, baseURL!), 3);
  const location = await locationWithLoop(page, baseURL!, 30);
  const clip = await clipOf(page, baseURL!, TEN_SECOND_CLIP);
  expect(clip.duration).toBe(10);

  const prefix = unique('Loop');
  const campaigns = [];
  for (const n of [1, 2, 3, 4]) {
    campaigns.push(
      await oneDayCampaign(page, baseURL!, { name: `${prefix} ${n}`, clip: clip.id, location: location.id, day }),
    );
  }
  for (const booked of campaigns.slice(0, 3)) {
    const response = await apiCall(page, baseURL!, 'POST', `/api/campaigns/${booked.id}/approve/`, {});
    expect(response.status(), `approve ${booked.name}`).toBe(200);
  }
  const fourth = campaigns[3]!;
  // The day without room: the location opens at 06:00 (the default opening hours), zone 1; the slot
  // counts the fourth as held.
  const range: ConflictRange = {
    location: location.id,
    location_name: location.name,
    zone: 1,
    from_day: day,
    to_day: day,
    days: 1,
    start: '06:00',
    end: '24:00',
    next_day: false,
    room_s: 0,
    need_s: 10,
    capacity_s: 30,
    booked_s: 30,
    held_s: 10,
    free_s: 0,
    over_s: 10,
  };
  const message = inventoryTexts.noRoom(range);
  const rangeLine = inventoryTexts.conflict(range).slice(location.name.length + 2);

  // An approver without override_capacity: the refusal with the server's message, nothing to confirm.
  const approver = await createStaff(page, baseURL!, 'Loop approver', {
    permissions: ['list_campaign', 'view_campaign', 'approve_campaign', 'list_location'],
  });
  const context = await browser.newContext({ baseURL });
  try {
    const other = await context.newPage();
    await signInByApi(other, baseURL!, approver);
    await other.goto(`/campaign/approve/${fourth.id}`);
    const panel = other.getByRole('region', { name: 'Room in the loop' });
    await expect(panel.getByTestId(`availability-location-${location.id}`)).toContainText('Does not fit');
    await expect(panel).toContainText(rangeLine);
    await other.getByRole('button', { name: 'Approve' }).click();
    const refusal = other.getByTestId('no-room-alert');
    await expect(refusal).toContainText(message);
    await expect(refusal).toContainText(inventoryTexts.conflict(range));
    await expect(refusal.getByRole('button', { name: 'Approve anyway…' })).toHaveCount(0);
    await expect(other.getByRole('dialog')).toHaveCount(0);
    await expect(other).toHaveURL(new RegExp(`/campaign/approve/${fourth.id}$`));
    await expectNoSeriousViolations(other, 'approval refused for want of room');
  } finally {
    await context.close();
  }

  // The calendar: the loop is full that day (100 % booked), the fourth holds a third on top: red.
  await page.goto(`/campaign/calendar/${day}`);
  const full = dayFill(page, location.name);
  await expect(full).toHaveAccessibleName(new RegExp(`: 100 % booked, 33 % held$`));
  await expect(full).toHaveAttribute('data-level', 'over');

  // The campaign form: it does not fit, the slot is over by its own 10 s, and it stays a hold.
  await page.goto(`/campaign/${fourth.id}`);
  const panel = page.getByRole('region', { name: 'Room in the loop' });
  const line = panel.getByTestId(`availability-location-${location.id}`);
  await expect(line).toContainText('Does not fit');
  await expect(line).toContainText(`Tightest: ${daysText(day, day)}, 06:00–24:00, zone 1: over by 10 s, 10 s held`);
  await expect(line).toContainText(rangeLine);
  await expect(panel).toContainText('it will be saved as a hold and cannot be approved until there is room');
  await expectNoSeriousViolations(page, 'campaign form with a full loop');

  // The admin holds override_capacity: refused, then asked to approve anyway, then booked.
  await page.goto(`/campaign/approve/${fourth.id}`);
  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve anyway' });
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('no-room-alert')).toContainText(message);
  const first = dialog.getByRole('row').nth(1);
  await expect(first).toContainText(location.name);
  await expect(first).toContainText(daysText(day, day));
  await expect(first).toContainText('06:00–24:00');
  await expect(first).toContainText('0 s / 10 s');
  await expect(first).toContainText('over by 10 s, 10 s held');
  await expectNoSeriousViolations(page, 'Approve anyway dialog');
  await dialog.getByRole('button', { name: 'Approve anyway' }).click();
  await expect(page).toHaveURL(/\/campaign\/approve$/);
  await expect(page.getByText(`Campaign "${fourth.name}" approved.`)).toBeVisible();
  const booked = (await (await page.request.get(`${baseURL}/api/campaigns/${fourth.id}/`)).json()) as { state: number };
  expect(booked.state).toBe(1);

  // Overbooked now: 40 s of a 30 s loop, red.
  await page.goto(`/campaign/calendar/${day}`);
  await expect(dayFill(page, location.name)).toHaveAccessibleName(/: 133 % booked$/);
  await expect(dayFill(page, location.name)).toHaveAttribute('data-level', 'over');
});
