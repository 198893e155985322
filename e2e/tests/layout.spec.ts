// Accessibility of the main screens, and the menu collapsing on a tablet.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

// Screens, and whether one of the menu entries is the active one there.
const screens: [string, boolean][] = [
  ['/', true],
  ['/role', true],
  ['/role/add', true],
  ['/events', true],
  ['/user', true],
  ['/user/add', true],
  ['/messages', true],
  ['/campaign', true],
  ['/campaign/add', true],
  // Demo campaigns: 1 is active, 4 waits for approval.
  ['/campaign/1', true],
  ['/campaign/approve', true],
  ['/campaign/approve/4', true],
  ['/campaign/calendar', true],
  ['/password/change', false],
];

for (const [route, inMenu] of screens) {
  test(`${route} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // With the pointer on the active menu entry (its hover shade once failed the contrast check).
    const activeEntry = page.getByRole('navigation', { name: 'Main menu' }).locator('[aria-current=page]');
    await expect(activeEntry).toHaveCount(inMenu ? 1 : 0);
    if (inMenu) await activeEntry.hover();
    const { violations } = await new AxeBuilder({ page }).analyze();
    const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  });
}

test('on a tablet the menu collapses behind a button', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // The collapsed menu slides out of the viewport.
  await expect(menu.getByRole('link', { name: 'Events' })).not.toBeInViewport();
  await page.getByRole('button', { name: /menu/i }).click();
  await expect(menu.getByRole('link', { name: 'Events' })).toBeInViewport();
  await menu.getByRole('link', { name: 'Events' }).click();
  await expect(page).toHaveURL(/\/events/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
});

test('unknown addresses go home', async ({ page }) => {
  await page.goto('/no/such/screen');
  await expect(page).toHaveURL(/\/$/);
});
