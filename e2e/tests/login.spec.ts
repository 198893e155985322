// Signing in and out, the login errors and the inactivity timeout.
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '../fixtures/test.ts';
import { messages } from '@marquee/contracts/texts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

test('the login page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name=username]')).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
});

test('blank fields and wrong credentials show their messages', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(messages.loginBlank)).toBeVisible();

  await page.locator('input[name=username]').fill('nobody-here');
  await page.locator('input[name=password]').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText(messages.loginFailed)).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
});

test('admin signs in, sees the menu and signs out', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await page.locator('input[name=username]').fill(ADMIN.username);
  await page.locator('input[name=password]').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole('link', { name: 'Roles' }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Events' }).first()).toBeVisible();
  await expect(page).toHaveTitle(/^Marquee/);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  const info = await page.request.get('/api/user-info/');
  expect(info.status()).toBe(401);
});

test('an idle session ends on the login page with the inactivity message', async ({ page }) => {
  test.setTimeout(90_000);
  const base = `http://127.0.0.1:${process.env.E2E_TIMEOUT_PORT}`;
  await page.goto(`${base}/login`);
  await signInByApi(page, base);
  await page.goto(`${base}/`);
  await expect(page.getByRole('link', { name: 'Roles' }).first()).toBeVisible();
  // The session idles out after 6 s; the client re-checks 10 s after the expiry time.
  await expect(page).toHaveURL(/\/login\?timeout=true/, { timeout: 40_000 });
  await expect(page.getByText(messages.timeoutLogout)).toBeVisible();
});
