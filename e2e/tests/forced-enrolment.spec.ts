// A user whose require_2fa is switched on after activating without a token: signing in leads to the
// token enrolment and nowhere else until it is done; afterwards the app opens and signing in asks
// for the token.
import { messages } from '@marquee/contracts/texts';
import { freshToken, secretOf } from '../fixtures/accounts.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, apiCall, signInByApi } from '../fixtures/session.ts';
import { createStaff } from '../fixtures/staff.ts';
import { expect, test, type Page } from '../fixtures/test.ts';

test.describe.configure({ timeout: 120_000 });

async function signIn(page: Page, username: string, password: string, token?: string) {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  if (token) await page.locator('input[name=token]').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('a require_2fa user without a token enrols one before anything else', async ({ page, browser, baseURL }) => {
  // The admin makes an activated user without a token, then requires two-factor authentication.
  await signInByApi(page, baseURL!, ADMIN);
  // What the campaign list needs (its location filter reads the locations).
  const staff = await createStaff(page, baseURL!, 'fenna', {
    permissions: ['list_campaign', 'view_campaign', 'list_location'],
  });
  const switched = await apiCall(page, baseURL!, 'PATCH', `/api/users/${staff.id}/`, { require_2fa: true });
  expect(switched.status()).toBe(200);

  // Signing in asks for no token (none is enrolled) and opens the enrolment only.
  const user = await (await browser.newContext({ baseURL })).newPage();
  await signIn(user, staff.username, staff.password);
  const heading = user.getByRole('heading', { name: 'Enrol a one-time token' });
  await expect(heading).toBeVisible();
  await expect(user.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expectNoSeriousViolations(user, 'forced enrolment screen');

  // Another address shows the same screen, and the API refuses the rest.
  await user.goto('/campaign');
  await expect(heading).toBeVisible();
  await expect(user.getByRole('heading', { name: 'Campaigns' })).toHaveCount(0);
  const refused = await user.request.get('/api/campaigns/');
  expect(refused.status()).toBe(403);

  // Enrol with a token computed from the secret on the screen.
  await user.getByRole('button', { name: 'Enable one-time token' }).click();
  await expect(user.getByRole('img', { name: 'QR code of the one-time token' })).toBeVisible();
  const secret = secretOf(
    (await user.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href'))!,
  );
  await expectNoSeriousViolations(user, 'forced enrolment with its QR code');
  await user.getByRole('button', { name: 'Confirm token' }).click();
  await expect(user.getByText(messages.otpRequired)).toBeVisible();
  const last = await freshToken(secret, 0);
  await user.getByRole('textbox', { name: 'Token' }).fill(last.token);
  await user.getByRole('button', { name: 'Confirm token' }).click();

  // The app opens where the user wanted to go.
  await expect(user.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await expect(user.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(heading).toHaveCount(0);
  expect((await user.request.get('/api/campaigns/')).status()).toBe(200);

  // Signing in now asks for the token.
  await user.getByRole('button', { name: 'Sign out' }).click();
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, staff.username, staff.password);
  await expect(user).toHaveURL(/\/login/);
  await expect(user.getByText(/token/i).first()).toBeVisible();
  await signIn(user, staff.username, staff.password, (await freshToken(secret, last.step)).token);
  await expect(user.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(heading).toHaveCount(0);
});

test('the enrolment screen signs out', async ({ page, browser, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  const staff = await createStaff(page, baseURL!, 'sieger', { permissions: ['list_campaign'] });
  expect((await apiCall(page, baseURL!, 'PATCH', `/api/users/${staff.id}/`, { require_2fa: true })).status()).toBe(200);

  const user = await (await browser.newContext({ baseURL })).newPage();
  await signIn(user, staff.username, staff.password);
  await expect(user.getByRole('heading', { name: 'Enrol a one-time token' })).toBeVisible();
  await user.getByRole('button', { name: 'Sign out' }).click();
  await expect(user).toHaveURL(/\/login/);
  expect((await user.request.get('/api/user-info/')).status()).toBe(401);
});
