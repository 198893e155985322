// One figure for one slot (item 7): at a location with a 30 s loop, three 10 s campaigns are booked and
// two more wait for approval (holds). The approval screen's panel, the approval's refusal, the
// calendar's day list and the location's week all read the slot the same way — over by 20 s, 20 s
// held — the holds are listed, and every bar of it is red (booked + held are over the loop).
import { daysText, inventoryTexts } from '@marquee/contracts/inventory';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { clipOf, locationWithLoop, oneDayCampaign, TEN_SECOND_CLIP } from '../fixtures/inventory.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';
import { expect, test } from '../fixtures/test.ts';

const SLOT = 'over by 20 s, 20 s held';

test('the panel, the refusal, the calendar day list and the location’s week give one figure for one slot', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, baseURL!, ADMIN);
  const offset = 3;
  const day = dayIn(await serverTimeZone(page, baseURL!), offset);
  const location = await locationWithLoop(page, baseURL!, 30);
  const clip = await clipOf(page, baseURL!, TEN_SECOND_CLIP);
  expect(clip.duration).toBe(10);
  const prefix = unique('Figure');
  const made = [];
  for (const name of ['booked 1', 'booked 2', 'booked 3', 'other hold', 'ours']) {
    made.push(
      await oneDayCampaign(page, baseURL!, { name: `${prefix} ${name}`, clip: clip.id, location: location.id, day }),
    );
  }
  for (const booked of made.slice(0, 3)) {
    expect((await apiCall(page, baseURL!, 'POST', `/api/campaigns/${booked.id}/approve/`, {})).status()).toBe(200);
  }
  const ours = made[4]!;
  const when = `${daysText(day, day)}, 06:00–24:00, zone 1`;

  // The approval screen's panel: ours counted as held, as the calendar counts it; the verdict in the
  // approval's words.
  await page.goto(`/campaign/approve/${ours.id}`);
  const line = page
    .getByRole('region', { name: 'Room in the loop' })
    .getByTestId(`availability-location-${location.id}`);
  await expect(line.getByTestId('availability-tightest')).toHaveText(`Tightest: ${when}: ${SLOT}`);
  await expect(line.getByTestId('availability-verdict')).toHaveText(
    'Does not fit: 0 s free beside the booked campaigns, the clip needs 10 s.',
  );
  await expect(line.getByRole('img')).toHaveAttribute('data-level', 'over');

  // The refusal: the same slot in its list and in the override dialog's table.
  await page.getByRole('button', { name: 'Approve' }).click();
  const dialog = page.getByRole('dialog', { name: 'Approve anyway' });
  await expect(dialog.getByRole('row').nth(1)).toContainText(SLOT);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  const refusal = page.getByTestId('no-room-alert');
  await expect(refusal).toContainText(
    `Does not fit at ${location.name}, ${when}: 0 s free beside the booked campaigns, the clip needs 10 s.`,
  );
  await expect(refusal).toContainText(
    `${location.name}, ${when}: 0 s free beside the booked campaigns, the clip needs 10 s (${SLOT})`,
  );

  // The calendar's day list: the room per zone and the campaigns behind it, holds included.
  await page.goto(`/campaign/calendar/${day}/list/${location.id}/${day}`);
  const room = page.getByRole('region', { name: 'Room left on this day' });
  const zone1 = room.getByRole('listitem').first();
  await expect(zone1).toContainText(`Zone 1${SLOT}06:00–24:00`);
  await expect(zone1.getByRole('img')).toHaveAttribute('data-level', 'over');
  await expect(room).toContainText(inventoryTexts.approvalChecksBooked);
  const campaigns = page.getByRole('table', { name: new RegExp(`^Campaigns at ${location.name}`) });
  for (const hold of made.slice(3)) {
    const row = campaigns.getByRole('row').filter({ hasText: hold.name });
    await expect(row).toContainText('10 s held');
    await expect(row).toContainText('Held until');
  }
  await expect(campaigns.getByRole('row').filter({ hasText: made[0]!.name })).not.toContainText('held');
  await expectNoSeriousViolations(page, 'calendar day list with holds');

  // The location's week: the same slot on that day, red.
  await page.goto(`/location/${location.id}`);
  const week = page.getByRole('table', { name: 'Fill of the next 7 days' });
  const weekZone1 = week.getByRole('row').filter({ has: page.getByRole('rowheader', { name: /^Zone 1/ }) });
  const cell = weekZone1.getByRole('cell').nth(offset);
  await expect(cell).toHaveText('over by 20 s20 s held');
  await expect(cell).toHaveAttribute('data-level', 'over');
  await expect(cell.getByRole('img')).toHaveAttribute('data-level', 'over');

  // The calendar's bar of that day: red, with the holds striped on top of the full loop.
  await page.goto(`/campaign/calendar/${day}`);
  const bar = page
    .getByRole('table', { name: 'Campaigns per location and day' })
    .getByRole('img', { name: new RegExp(`^${location.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}, `) });
  await expect(bar).toHaveAccessibleName(/: 100 % booked, 67 % held$/);
  await expect(bar).toHaveAttribute('data-level', 'over');
});
