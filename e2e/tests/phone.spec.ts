// Every screen on a phone (390 × 844): the page never scrolls sideways, the header keeps its menu
// button and account menu, lists show their essentials on screen, and the campaign form's playlist
// and clip list stay usable.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import type { OperationsHome } from '@marquee/contracts/operations';
import { expect, test, type Locator, type Page } from '../fixtures/test.ts';
import { signInByApi } from '../fixtures/session.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The names of the app's URL patterns, read from the web app's paths.ts (apps do not import each
 * other), so a screen added there without an address here fails the test. */
const routeNames = (() => {
  const source = fs.readFileSync(path.resolve(import.meta.dirname, '../../apps/web/src/app/paths.ts'), 'utf8');
  const block = /export const paths = \{([\s\S]*?)\} as const;/.exec(source)?.[1] ?? '';
  return [...block.matchAll(/^\s+(\w+): '/gm)].map((match) => match[1]!);
})();

type Named = { id: number; name: string };
type CampaignRow = Named & { state: number; start_date: string; end_date: string; locations: number[] };

async function rows<T>(request: APIRequestContext, baseURL: string, endpoint: string): Promise<T[]> {
  const response = await request.get(`${baseURL}/api/${endpoint}/?page_size=0`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: T[] }).results;
}

const byName = <T extends Named>(list: T[], name: string): T => {
  const found = list.find((row) => row.name === name);
  if (!found) throw new Error(`no "${name}" in the demo data`);
  return found;
};

/** A concrete address for every pattern of paths.ts, from the demo data the e2e server seeds. */
async function addresses(page: Page, baseURL: string): Promise<Record<string, string>> {
  const request = page.request;
  const [roles, users, locations, advertisers, products, clips, campaigns, devices] = await Promise.all([
    rows<Named & { is_superuser: boolean }>(request, baseURL, 'roles'),
    rows<Named & { username: string }>(request, baseURL, 'users'),
    rows<Named>(request, baseURL, 'locations'),
    rows<Named>(request, baseURL, 'advertisers'),
    rows<Named>(request, baseURL, 'products'),
    rows<Named>(request, baseURL, 'videoclips'),
    rows<CampaignRow>(request, baseURL, 'campaigns'),
    rows<{ id: number; serial_number: string }>(request, baseURL, 'devices'),
  ]);
  const today = new Date().toISOString().slice(0, 10); // the e2e server runs in UTC
  const station = byName(locations, 'Central Station Hall');
  const playing = byName(campaigns, 'Morning Blend launch');
  const waiting = campaigns.find((row) => row.state === 0);
  if (!waiting) throw new Error('no campaign waits for approval in the demo data');
  const calendarList = `/campaign/calendar/${today}/list/${station.id}/${today}`;
  return {
    home: '/',
    login: '/login',
    activate: '/activate/not-a-key/not-a-hash',
    passwordReset: '/password/reset',
    unsubscribe: '/unsubscribe/not-a-token',
    passwordChange: '/password/change',
    messages: '/messages',
    roles: '/role',
    roleAdd: '/role/add',
    role: `/role/${roles.find((role) => !role.is_superuser)!.id}`,
    events: '/events',
    users: '/user',
    userAdd: '/user/add',
    user: `/user/${users.find((user) => user.username === 'admin')!.id}`,
    locations: '/location',
    locationAdd: '/location/add',
    location: `/location/${station.id}`,
    locationZones: '/location/zones',
    screens: '/screens',
    screen: `/screen/${devices.find((device) => device.serial_number === 'CS-HALL-01')!.id}`,
    advertisers: '/advertiser',
    advertiserAdd: '/advertiser/add',
    advertiser: `/advertiser/${advertisers[0]!.id}`,
    products: '/product',
    productAdd: '/product/add',
    product: `/product/${products[0]!.id}`,
    videos: '/video',
    videoAdd: '/video/add',
    video: `/video/${clips[0]!.id}`,
    campaigns: '/campaign',
    campaignAdd: '/campaign/add',
    campaign: `/campaign/${playing.id}`,
    campaignApprovals: '/campaign/approve',
    campaignApproval: `/campaign/approve/${waiting.id}`,
    campaignCalendar: '/campaign/calendar',
    // With a clip length, so its table of rooms is laid out too.
    campaignFindRoom: '/campaign/find-room?need_s=10',
    campaignCalendarList: calendarList,
    campaignCalendarDetails: `${calendarList}/${byName(campaigns, 'Station takeover').id}`,
    reports: '/reports',
    reportCampaigns: '/reports/campaigns/details',
    reportCampaignLocation: `/reports/campaigns/details/${playing.id}/${playing.locations[0]}`,
    reportProducts: '/reports/campaigns/products',
    reportLocations: '/reports/campaigns/locations',
    reportAdvertisers: '/reports/campaigns/advertisers',
    reportDelivery: '/reports/delivery',
    reportDeliveryCampaign: `/reports/delivery/${playing.id}`,
    alerts: '/alerts',
  };
}

/** Screens without the signed-in layout (no header). */
const PUBLIC = ['login', 'activate', 'passwordReset', 'unsubscribe'];

/** The page's width beyond the viewport (0 when it cannot scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** The element's left and right edges, to compare with the viewport's width. */
const edges = (locator: Locator) =>
  locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    return { left: box.left, right: box.right, width: box.width, viewport: window.innerWidth };
  });

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[data-testid*="skeleton"]:visible')).toHaveCount(0);
}

test('every screen fits a phone: no sideways scrolling, the menu button and account menu in view', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page, baseURL!);
  const routes = await addresses(page, baseURL!);
  expect(routeNames.length).toBeGreaterThan(30);
  expect(Object.keys(routes).sort()).toEqual([...routeNames].sort());
  for (const [name, address] of Object.entries(routes)) {
    if (PUBLIC.includes(name)) continue;
    await test.step(address, async () => {
      await page.goto(address);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await settle(page);
      expect(await sidewaysOverflow(page), `${address} scrolls sideways`).toBeLessThanOrEqual(0);
      for (const control of [
        page.getByRole('button', { name: 'Open menu' }),
        page.getByRole('button', { name: 'Account menu' }),
      ]) {
        await expect(control).toBeInViewport({ ratio: 1 });
      }
    });
  }

  // The menu button opens the menu, and the account menu its actions.
  await page.goto(routes.campaigns!);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Events' }),
  ).toBeInViewport();
  await page.getByRole('button', { name: 'Close menu' }).click();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'Sign out' })).toBeInViewport();
});

test('the screens before signing in fit a phone', async ({ page, baseURL }) => {
  for (const name of PUBLIC) {
    const address = {
      login: '/login',
      activate: '/activate/a/b',
      passwordReset: '/password/reset',
      unsubscribe: '/unsubscribe/not-a-token',
    }[name]!;
    await page.goto(`${baseURL}${address}`);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await sidewaysOverflow(page), `${address} scrolls sideways`).toBeLessThanOrEqual(0);
  }
});

test("the home's figures fit a phone: nothing in them scrolls sideways, the campaigns behind are cards", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!);
  // Five campaigns behind with long names and big figures, whatever pacing the demo data has now.
  await page.route('**/api/operations/home/', async (route) => {
    const response = await route.fetch();
    const home = (await response.json()) as OperationsHome;
    const top = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      name: `Morning Blend launch, regional extension ${i + 1}`,
      pacing: i < 2 ? ('at_risk' as const) : ('behind' as const),
      delivery_pct: 61.5 + i,
      missing: 1_234_567 - i,
    }));
    await route.fulfill({ response, json: { ...home, pacing: { ...home.pacing!, behind: 3, at_risk: 2, top } } });
  });
  await page.goto('/');
  const list = page.getByTestId('figure-pacing').getByRole('list', { name: 'Campaigns missing the most plays' });
  await expect(list.getByRole('listitem')).toHaveCount(5);
  await settle(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  // No box in the figures scrolls sideways either (a table there hid its last columns).
  const scrolling = await page.locator('section[aria-labelledby="operations-heading"]').evaluate((section) =>
    Array.from(section.querySelectorAll('*'))
      .filter((box) => box.scrollWidth > box.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(box).overflowX))
      .map((box) => box.className),
  );
  expect(scrolling).toEqual([]);
  for (const card of await list.getByRole('listitem').all()) {
    for (const text of ['Pacing', 'Delivery', 'Missing']) {
      expect((await edges(card.getByText(text, { exact: true }))).right, text).toBeLessThanOrEqual(390);
    }
  }
  const last = list.getByRole('listitem').last();
  await expect(last).toContainText('1,234,563');
  expect((await edges(last.getByText('1,234,563'))).right).toBeLessThanOrEqual(390);
});

test('the campaign list shows name, dates and state on screen; the calendar scrolls in its own box', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!);
  const campaigns = await rows<CampaignRow>(page.request, baseURL!, 'campaigns');
  const campaign = byName(campaigns, 'Morning Blend launch');
  // Searched for: campaigns other tests add may start later and fill the first page.
  await page.goto(`/campaign?search=${encodeURIComponent(campaign.name)}`);
  await settle(page);
  const card = page
    .getByRole('list', { name: 'Campaigns' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: campaign.name, exact: true }) });
  for (const text of [campaign.name, campaign.start_date, campaign.end_date]) {
    const box = await edges(card.getByText(text, { exact: true }));
    expect(box.left, text).toBeGreaterThanOrEqual(0);
    expect(box.right, text).toBeLessThanOrEqual(box.viewport);
  }
  // The state's badge, whole (a badge ellipsises what does not fit).
  const state = card.locator('.mantine-Badge-label');
  await expect(state).toBeVisible();
  expect((await edges(state)).right).toBeLessThanOrEqual(390);
  expect(await state.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);

  await page.goto('/campaign/calendar');
  await settle(page);
  const scroller = page.getByRole('region', { name: 'Calendar, scrolls sideways' });
  expect(await scroller.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

/** This campaign's playlist row keeps its clip name and badge whole and wide enough to read. */
async function expectReadableOwnRow(page: Page, clipName: string) {
  const row = page.getByRole('listitem', { name: /, this campaign$/ });
  await expect(row).toBeVisible();
  const name = row.getByText(clipName, { exact: true });
  const box = await edges(name);
  expect(box.width).toBeGreaterThanOrEqual(120);
  expect(box.right).toBeLessThanOrEqual(box.viewport);
  expect(await name.evaluate((text) => text.scrollWidth <= text.clientWidth), 'clip name truncated').toBe(true);
  const badge = row.getByText('This campaign', { exact: true });
  expect(await badge.evaluate((text) => text.scrollWidth <= text.clientWidth), 'badge truncated').toBe(true);
  for (const control of ['Move up', 'Move down', `Remove ${clipName}`]) {
    expect((await edges(row.getByRole('button', { name: control }))).right).toBeLessThanOrEqual(390);
  }
}

/** Every Add button of the clip list lies within the viewport's width. */
async function expectAddButtonsOnScreen(page: Page) {
  const buttons = page.getByRole('button', { name: /^Add .+ to the playlist$/ });
  await expect(buttons.first()).toBeVisible();
  for (const button of await buttons.all()) {
    const box = await edges(button);
    expect(box.left).toBeGreaterThanOrEqual(0);
    expect(box.right, (await button.getAttribute('aria-label')) ?? '').toBeLessThanOrEqual(box.viewport);
  }
}

test('on the campaign form the playlist row of this campaign stays readable and the Add buttons on screen', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!);
  const campaigns = await rows<CampaignRow & { videoclip_data: { name: string } }>(page.request, baseURL!, 'campaigns');
  const campaign = byName(campaigns, 'Morning Blend launch');
  await page.goto(`/campaign/${campaign.id}`);
  await settle(page);
  await expectReadableOwnRow(page, campaign.videoclip_data.name);
  await expectAddButtonsOnScreen(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

  // A new campaign: a clip added with its button becomes this campaign's row.
  await page.goto('/campaign/add');
  await settle(page);
  await expectAddButtonsOnScreen(page);
  const add = page.getByRole('button', { name: /^Add .+ to the playlist$/ }).first();
  const clipName = (await add.getAttribute('aria-label'))!.replace(/^Add (.+) to the playlist$/, '$1');
  await add.click();
  await expectReadableOwnRow(page, clipName);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});
