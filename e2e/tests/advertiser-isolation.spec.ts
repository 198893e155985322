// Advertiser isolation as agency staff see it: a user with the demo role "Advertiser viewer" (which
// may not view all advertisers), linked to one demo advertiser, sees exactly that advertiser's
// products, clips, campaigns, calendar entries and report rows everywhere; another advertiser's page
// opened by its address says it cannot be found.
import { messages } from '@marquee/contracts/texts';
import { expect, test, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';
import { createStaff } from '../fixtures/staff.ts';

const OWN = 'Northwind Coffee';

type Named = { id: number; name: string };
type Clip = Named & { product_data: { advertiser: number } };
type Campaign = Named & { state: number; videoclip_data: { advertiser: number } };

async function all<T>(page: Page, baseURL: string, endpoint: string): Promise<T[]> {
  const response = await page.request.get(`${baseURL}${endpoint}?page_size=0`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { results: T[] }).results;
}

/** Expects every name of `mine` on the page and none of `theirs`. */
async function expectOnly(page: Page, mine: string[], theirs: string[]) {
  expect(mine.length).toBeGreaterThan(0);
  expect(theirs.length).toBeGreaterThan(0);
  for (const name of mine) await expect(page.getByText(name, { exact: true }).first()).toBeVisible();
  for (const name of theirs) await expect(page.getByText(name, { exact: true })).toHaveCount(0);
}

test('an advertiser viewer sees only their own advertiser everywhere', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  const advertisers = await all<Named>(page, baseURL!, '/api/advertisers/');
  const own = advertisers.find((a) => a.name === OWN)!;
  const others = advertisers.filter((a) => a.id !== own.id);
  const products = await all<Named & { advertiser: number }>(page, baseURL!, '/api/products/');
  const clips = await all<Clip>(page, baseURL!, '/api/videoclips/');
  const campaigns = await all<Campaign>(page, baseURL!, '/api/campaigns/');
  const locations = await all<Named>(page, baseURL!, '/api/locations/');
  // Today as the server counts days (in its time zone).
  const today = dayIn(await serverTimeZone(page, baseURL!));
  const split = <T extends Named>(items: T[], isOwn: (item: T) => boolean) => ({
    mine: items.filter(isOwn).map((i) => i.name),
    theirs: items.filter((i) => !isOwn(i)).map((i) => i.name),
  });
  const staff = await createStaff(page, baseURL!, 'Agency viewer', {
    permissions: [],
    role: 'Advertiser viewer',
    advertisers: [own.id],
  });
  await signInByApi(page, baseURL!, staff);

  await page.goto('/advertiser');
  await expect(page.getByRole('heading', { level: 1, name: 'Advertisers' })).toBeVisible();
  await expectOnly(
    page,
    [own.name],
    others.map((a) => a.name),
  );
  await expectNoSeriousViolations(page, 'advertisers of an advertiser viewer');

  await page.goto('/product');
  const ownProducts = split(products, (p) => p.advertiser === own.id);
  await expectOnly(page, ownProducts.mine, ownProducts.theirs);

  await page.goto('/video');
  const ownClips = split(clips, (c) => c.product_data.advertiser === own.id);
  await expectOnly(page, ownClips.mine, ownClips.theirs);

  await page.goto('/campaign');
  const ownCampaigns = split(campaigns, (c) => c.videoclip_data.advertiser === own.id);
  await expectOnly(page, ownCampaigns.mine, ownCampaigns.theirs);

  // The calendar's day list at a location where another advertiser's campaign plays today.
  const riverside = locations.find((l) => l.name === 'Riverside Mall')!;
  await page.goto(`/campaign/calendar/${today}/list/${riverside.id}/${today}`);
  await expect(page.getByText('Trail Jacket autumn')).toHaveCount(0);
  const station = locations.find((l) => l.name === 'Central Station Hall')!;
  await page.goto(`/campaign/calendar/${today}/list/${station.id}/${today}`);
  await expect(page.getByText('Station takeover').first()).toBeVisible();
  await expect(page.getByText('Lumen X preorders')).toHaveCount(0);

  // Reports: plays by advertiser has one row, theirs; campaign details list only their campaigns.
  await page.goto('/reports/campaigns/advertisers');
  const table = page.getByRole('table', { name: 'Plays by advertiser' });
  await expect(table.locator('tbody tr')).toHaveCount(1);
  await expect(table.locator('tbody tr').first()).toContainText(own.name);
  await page.goto('/reports/campaigns/details');
  await expect(page.getByText('Morning Blend launch').first()).toBeVisible();
  await expect(page.getByText('Trail Jacket autumn')).toHaveCount(0);

  // Another advertiser opened by its address: not found, nothing of it shown.
  const other = others[0]!;
  await page.goto(`/advertiser/${other.id}`);
  await expect(page.getByText(messages.notFound).first()).toBeVisible();
  await expect(page.getByText('The advertiser could not be loaded.')).toBeVisible();
  await expect(page.getByText(other.name)).toHaveCount(0);
});
