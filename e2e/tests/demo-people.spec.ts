// The demo people of a fresh start: each signs in with the one demo password (no activation mail, no
// second factor) and does the job the role is named for — the approver approves, the location
// manager's home counts the screens of their own locations and not a screen elsewhere. (The seller's
// Find room and location page and the operator's alerts have specs of their own: find-room.spec.ts and
// operations-desk.spec.ts.)
import type { Location } from '@marquee/contracts/locations';
import { expect, test, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { TEN_SECOND_CLIP, clipOf, locationWithLoop, oneDayCampaign } from '../fixtures/inventory.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { ADMIN, DEMO_PASSWORD, apiCall, signInByApi, unique } from '../fixtures/session.ts';

const PEOPLE = {
  seller: 'add_campaign',
  approver: 'approve_campaign',
  operator: 'list_device',
  locations: 'change_location',
  reports: 'list_eventstatistic',
  auditor: 'list_logentry',
  agency: 'change_videoclip',
  viewer: 'view_videoclip',
} as const;

test('each demo person signs in with the demo password and holds the permission of the job', async ({
  page,
  baseURL,
}) => {
  // The sign-in form, as a new user would.
  await page.goto('/login');
  await page.locator('input[name=username]').fill('seller');
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam Seller' })).toBeVisible();

  for (const [username, permission] of Object.entries(PEOPLE)) {
    await signInByApi(page, baseURL!, { username, password: DEMO_PASSWORD });
    const me = (await (await page.request.get(`${baseURL}/api/user-info/`)).json()) as { _permissions: string[] };
    expect(me._permissions, username).toContain(permission);
  }
});

test('the approver approves a waiting campaign', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  const timeZone = await serverTimeZone(page, baseURL!);
  const location = await locationWithLoop(page, baseURL!, 60);
  const clip = await clipOf(page, baseURL!, TEN_SECOND_CLIP);
  const name = unique('Demo approval');
  const campaign = await oneDayCampaign(page, baseURL!, {
    name,
    clip: clip.id,
    location: location.id,
    day: dayIn(timeZone, 3),
  });

  await signInByApi(page, baseURL!, { username: 'approver', password: DEMO_PASSWORD });
  await page.goto(`/campaign/approve/${campaign.id}`);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Campaign "${name}" approved.`)).toBeVisible();
});

const MANAGER = { username: 'locations', password: DEMO_PASSWORD };
/** The demo location manager runs the first two demo locations by name. */
const MANAGED = ['Airport Gate B', 'Central Station Hall'];

/** Active screens at active locations, as the home counts them. */
const activeScreens = (locations: Location[]) =>
  locations.filter((l) => l.is_active).reduce((n, l) => n + l.data_devices_count, 0);

/** The home's Screens figure: the big number (the only paragraph that is a number) and the counts by
 * state beneath it. */
async function screensFigure(page: Page) {
  const card = page.getByTestId('figure-screens');
  await expect(card).not.toHaveAttribute('aria-busy', 'true');
  const total = card.locator('p').filter({ hasText: /^[\d,]+$/ });
  return { card, total, byState: card.locator('[data-state]') };
}

test("the location manager's home counts the screens of their own two locations and none elsewhere", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, MANAGER);
  const { id: managerId } = (await (await page.request.get(`${baseURL}/api/user-info/`)).json()) as { id: number };

  // The administrator registers a screen at a new location that the manager does not manage.
  await page.context().clearCookies();
  await signInByApi(page, baseURL!, ADMIN);
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name: unique('Elsewhere kiosk') });
  expect(created.status(), await created.text()).toBe(201);
  const elsewhere = (await created.json()) as Location;
  const device = await apiCall(page, baseURL!, 'POST', '/api/devices/', {
    location: elsewhere.id,
    serial_number: `ELSE-${Date.now().toString(36)}`,
    device_type: 'screen',
  });
  expect(device.status(), await device.text()).toBe(201);
  const { results: locations } = (await (await page.request.get(`${baseURL}/api/locations/?page_size=0`)).json()) as {
    results: Location[];
  };
  const mine = locations.filter((l) => l.managers.includes(managerId));
  expect(mine.map((l) => l.name).sort()).toEqual(MANAGED);
  expect(locations.find((l) => l.id === elsewhere.id)).toMatchObject({ data_devices_count: 1, managers: [] });
  const own = activeScreens(mine);
  const network = activeScreens(locations);
  expect(own).toBeGreaterThan(0);
  expect(network).toBeGreaterThan(own);

  // The administrator's home counts the whole network, the new screen with it.
  await page.goto('/');
  const admin = await screensFigure(page);
  await expect(admin.card.getByRole('heading', { name: 'Screens', exact: true })).toBeVisible();
  await expect(admin.total).toHaveText(String(network));

  // The manager's: only the screens of their two locations, by state too.
  await page.context().clearCookies();
  await signInByApi(page, baseURL!, MANAGER);
  await page.goto('/');
  const manager = await screensFigure(page);
  await expect(manager.card.getByRole('heading', { name: 'Screens at your 2 locations' })).toBeVisible();
  await expect(manager.total).toHaveText(String(own));
  const states = await manager.byState.allTextContents();
  expect(states.reduce((n, count) => n + Number(count), 0)).toBe(own);
  await expectNoSeriousViolations(page, 'Location manager home');

  // Its link opens the Screens list of the same screens; switched off, every screen shows.
  await manager.card.getByRole('link', { name: 'All screens' }).click();
  await expect(page).toHaveURL(/\/screens\?mine=true$/);
  const mineOnly = page.getByRole('switch', { name: 'Only the locations I manage' });
  await expect(mineOnly).toBeChecked();
  await expect(page.getByText(`1–${own} of ${own}`)).toBeVisible();
  await mineOnly.click();
  await expect(page.getByText(`1–${network} of ${network}`)).toBeVisible();
});
