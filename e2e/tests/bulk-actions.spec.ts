// Bulk actions as a campaign manager uses them: three campaigns ticked on the campaigns list,
// deactivated together after a confirmation naming how many; the one at a location the manager may
// not send campaigns to is refused (named, with the reason) while the other two are closed.
import { expect, test } from '../fixtures/test.ts';
import { campaignStateNames } from '@marquee/contracts/campaigns';
import { details } from '@marquee/contracts/texts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';
import { createStaff } from '../fixtures/staff.ts';
import { dayIn, idsByName, serverTimeZone } from '../fixtures/demo-data.ts';

const SENDABLE = ['Central Station Hall', 'Airport Gate B'];
const ELSEWHERE = 'Riverside Mall';
const CLIP = 'Lumen X phone spot';

test('a campaign manager deactivates three campaigns at once; the one elsewhere is refused', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signInByApi(page, baseURL!, ADMIN);
  const time_zone = await serverTimeZone(page, baseURL!);
  const locations = await idsByName(page, baseURL!, '/api/locations/');
  const advertisers = await idsByName(page, baseURL!, '/api/advertisers/');
  const clips = await idsByName(page, baseURL!, '/api/videoclips/');

  // The admin makes three campaigns, one at each location, named with a shared prefix to filter by.
  const prefix = unique('Bulk');
  const names = [...SENDABLE, ELSEWHERE].map((location) => `${prefix} ${location}`);
  for (const [index, location] of [...SENDABLE, ELSEWHERE].entries()) {
    const response = await apiCall(page, baseURL!, 'POST', '/api/campaigns/', {
      name: names[index],
      videoclip: clips.get(CLIP),
      start_date: dayIn(time_zone, 1),
      end_date: dayIn(time_zone, 5),
      locations: [locations.get(location)],
      p_zones: [1],
    });
    expect(response.status(), await response.text()).toBe(201);
  }

  const manager = await createStaff(page, baseURL!, 'bulk manager', {
    permissions: ['list_campaign', 'view_campaign', 'change_campaign', 'list_location'],
    campaignLocations: SENDABLE.map((name) => locations.get(name)!),
    advertisers: [advertisers.get('Lumen Mobile')!],
  });
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await signInByApi(staff, baseURL!, manager);
  await staff.goto(`/campaign?search=${encodeURIComponent(prefix)}`);

  const table = staff.getByRole('table', { name: 'Campaigns' });
  for (const name of names) await expect(table.getByRole('link', { name })).toBeVisible();
  const toolbar = staff.getByRole('group', { name: 'Selected campaigns' });
  for (const name of names) await staff.getByRole('checkbox', { name: `Select ${name}` }).check();
  await expect(toolbar.getByText('3 selected')).toBeVisible();
  await expect(toolbar.getByRole('checkbox', { name: 'Select all shown' })).toBeChecked();
  // Opening a row still works beside the tick boxes: ticking did not navigate.
  await expect(staff).toHaveURL(/\/campaign\?/);
  await expectNoSeriousViolations(staff, 'selection toolbar');

  await toolbar.getByRole('button', { name: 'Deactivate' }).click();
  const confirm = staff.getByRole('dialog', { name: 'Deactivate 3 campaigns?' });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText('stops playback for good');
  await expectNoSeriousViolations(staff, 'bulk confirmation');
  await confirm.getByRole('button', { name: 'Deactivate 3 campaigns' }).click();

  const outcome = staff.getByRole('dialog', { name: '2 of 3 campaigns deactivated' });
  await expect(outcome).toBeVisible();
  const refused = outcome.getByRole('list', { name: 'Refused campaigns' }).getByRole('listitem');
  await expect(refused).toHaveCount(1);
  await expect(refused).toHaveText(`${names[2]}: ${details.notCampaignManager}`);
  await expectNoSeriousViolations(staff, 'bulk outcome');
  await outcome.getByRole('button', { name: 'OK' }).click();
  await expect(outcome).toBeHidden();

  // The list was fetched again: the two sendable ones are closed, the other is still waiting.
  const rowOf = (name: string) => table.getByRole('row').filter({ has: staff.getByRole('link', { name }) });
  for (const name of names.slice(0, 2)) await expect(rowOf(name)).toContainText(campaignStateNames[99]);
  await expect(rowOf(names[2]!)).toContainText(campaignStateNames[0]);
  await expect(toolbar.getByText('3 selected')).toBeHidden();
  await context.close();
});

test('locations are disabled and enabled again together from the browse list', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  const prefix = unique('Bulk site');
  const names = [`${prefix} north`, `${prefix} south`];
  for (const name of names) {
    const response = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: 'Test street 1' });
    expect(response.status(), await response.text()).toBe(201);
  }
  await page.goto(`/location?search=${encodeURIComponent(prefix)}`);
  const list = page.getByRole('list', { name: 'Locations' });
  for (const name of names) await expect(list.getByRole('link', { name })).toBeVisible();
  const toolbar = page.getByRole('group', { name: 'Selected locations' });
  await toolbar.getByRole('checkbox', { name: 'Select all shown' }).check();
  await expect(toolbar.getByText('2 selected')).toBeVisible();

  await toolbar.getByRole('button', { name: 'Disable' }).click();
  await page
    .getByRole('dialog', { name: 'Disable 2 locations?' })
    .getByRole('button', { name: 'Disable 2 locations' })
    .click();
  await expect(page.getByText('2 locations disabled.')).toBeVisible();
  await expect(page.getByText('No locations found.')).toBeVisible();

  await page.goto(`/location?is_active=false&search=${encodeURIComponent(prefix)}`);
  for (const name of names) await expect(list.getByRole('link', { name })).toBeVisible();
  for (const name of names) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await toolbar.getByRole('button', { name: 'Enable' }).click();
  await page
    .getByRole('dialog', { name: 'Enable 2 locations?' })
    .getByRole('button', { name: 'Enable 2 locations' })
    .click();
  await expect(page.getByText('2 locations enabled.')).toBeVisible();
  await expect(page.getByText('No locations found.')).toBeVisible();
});
