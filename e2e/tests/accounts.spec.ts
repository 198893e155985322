// A new user's account, end to end: created by the admin, activated from the mailed link with a
// one-time token, signs in, changes the password, resets it from a mailed link, signs in again;
// a disabled user cannot sign in and loses the open session.
import { expect, test, type Browser, type Page } from '../fixtures/test.ts';
import { messages } from '@marquee/contracts/texts';
import { freshToken, mailedLink, secretOf } from '../fixtures/accounts.ts';
import { ADMIN, signInByApi, unique } from '../fixtures/session.ts';

test.describe.configure({ timeout: 150_000 });

async function createUser(page: Page, baseURL: string, username: string) {
  await signInByApi(page, baseURL, ADMIN);
  await page.goto('/user/add');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Full name').fill('Nina New');
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await expect(page.getByRole('checkbox', { name: /^Require activation/ })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: /^Require two-factor authentication/ })).toBeChecked();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/user\/\d+$/);
  return Number(page.url().split('/').pop());
}

async function signIn(page: Page, username: string, password: string, token?: string) {
  await page.goto('/login');
  await page.locator('input[name=username]').fill(username);
  await page.locator('input[name=password]').fill(password);
  if (token) await page.locator('input[name=token]').fill(token);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const freshPage = async (browser: Browser, baseURL: string) => (await browser.newContext({ baseURL })).newPage();

test('a new user activates with a token, signs in, changes and resets the password', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = unique('nina').replace(/\s+/g, '-');
  const started = Date.now();
  await createUser(page, baseURL!, username);

  // The activation mail arrives; the new user follows it in their own browser.
  const activation = await mailedLink(username, '/activate/', started);
  const user = await freshPage(browser, baseURL!);
  await user.goto(activation);
  const otpUrl = await user.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href');
  const secret = secretOf(otpUrl!);
  await expect(user.getByRole('img', { name: 'QR code of the one-time token' })).toBeVisible();

  // The screen's own checks, word for word.
  await user.getByLabel('Password', { exact: true }).fill('first-Secret-42');
  await user.getByLabel('Repeat password').fill('first-Secret-43');
  await user.getByRole('button', { name: 'Activate' }).click();
  await expect(user.getByText(messages.passwordsDifferent)).toBeVisible();
  await user.getByLabel('Repeat password').fill('first-Secret-42');
  await user.getByRole('button', { name: 'Activate' }).click();
  await expect(user.getByText(messages.tokenRequired)).toBeVisible();

  let last = await freshToken(secret, 0);
  await user.getByRole('textbox', { name: 'Token' }).fill(last.token);
  await user.getByRole('button', { name: 'Activate' }).click();
  await expect(user.getByText('Your account is active').first()).toBeVisible();

  // The link works once.
  const again = await freshPage(browser, baseURL!);
  await again.goto(activation);
  await expect(again.getByText('This activation link is not valid')).toBeVisible();

  // Sign in with password and token.
  last = await freshToken(secret, last.step);
  await signIn(user, username, 'first-Secret-42', last.token);
  await expect(user).not.toHaveURL(/\/login/);

  // Change the password.
  await user.goto('/password/change');
  await user.getByLabel('Old password').fill('first-Secret-42');
  await user.getByLabel('New password', { exact: true }).fill('short');
  await user.getByLabel('Repeat new password').fill('short');
  await user.getByRole('button', { name: 'Change password' }).click();
  await expect(user.getByText(messages.invalidPasswords).first()).toBeVisible();
  await user.getByLabel('New password', { exact: true }).fill('second-Secret-42');
  await user.getByLabel('Repeat new password').fill('second-Secret-42');
  await user.getByRole('button', { name: 'Change password' }).click();
  await expect(user.getByText('Your password has been changed.').first()).toBeVisible();

  // Forget it: request a reset, follow the mailed link, set a new one.
  await user.getByRole('button', { name: 'Sign out' }).click();
  await expect(user).toHaveURL(/\/login/);
  await user.getByRole('link', { name: /forgot/i }).click();
  await expect(user).toHaveURL(/\/password\/reset/);
  await user.getByRole('button', { name: 'Send reset link' }).click();
  await expect(user.getByText(messages.resetInvalidUsername)).toBeVisible();
  const requested = Date.now();
  await user.getByLabel('Username').fill(username);
  await user.getByRole('button', { name: 'Send reset link' }).click();
  await expect(user.getByText(messages.resetRequestSent).first()).toBeVisible();
  const reset = await mailedLink(username, '/password/reset/', requested);
  await user.goto(reset);
  await user.getByLabel('New password', { exact: true }).fill('third-Secret-42');
  await user.getByLabel('Repeat new password').fill('third-Secret-4');
  await user.getByRole('button', { name: 'Set new password' }).click();
  await expect(user.getByText(messages.passwordsDifferent)).toBeVisible();
  await user.getByLabel('Repeat new password').fill('third-Secret-42');
  await user.getByRole('button', { name: 'Set new password' }).click();
  await expect(user.getByText('Your password has been changed').first()).toBeVisible();

  // The old password no longer works; the new one (with a token) does.
  await signIn(user, username, 'second-Secret-42', (await freshToken(secret, last.step)).token);
  await expect(user.getByText(messages.loginFailed)).toBeVisible();
  last = await freshToken(secret, last.step);
  await signIn(user, username, 'third-Secret-42', last.token);
  await expect(user).not.toHaveURL(/\/login/);
  await expect(
    user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Messages/ }),
  ).toBeVisible();
});

test('a disabled user cannot sign in and loses the open session', async ({ page, browser, baseURL }) => {
  const username = unique('dora').replace(/\s+/g, '-');
  const started = Date.now();
  const id = await createUser(page, baseURL!, username);
  const activation = await mailedLink(username, '/activate/', started);
  const user = await freshPage(browser, baseURL!);
  await user.goto(activation);
  const secret = secretOf(
    (await user.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href'))!,
  );
  await user.getByLabel('Password', { exact: true }).fill('dora-Secret-42');
  await user.getByLabel('Repeat password').fill('dora-Secret-42');
  let last = await freshToken(secret, 0);
  await user.getByRole('textbox', { name: 'Token' }).fill(last.token);
  await user.getByRole('button', { name: 'Activate' }).click();
  await expect(user.getByText('Your account is active').first()).toBeVisible();
  last = await freshToken(secret, last.step);
  await signIn(user, username, 'dora-Secret-42', last.token);
  await expect(user).not.toHaveURL(/\/login/);

  // The admin disables the account.
  await page.goto(`/user/${id}`);
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();

  // The open session is gone: the next request of the user's page gets 401.
  const info = await user.request.get('/api/user-info/');
  expect(info.status()).toBe(401);
  last = await freshToken(secret, last.step);
  await signIn(user, username, 'dora-Secret-42', last.token);
  await expect(user).toHaveURL(/\/login/);
  await expect(user.getByText(/disabled/i)).toBeVisible();
});

test('a user enrols a one-time token on the account page and reads the messages', async ({
  page,
  browser,
  baseURL,
}) => {
  const username = unique('otto').replace(/\s+/g, '-');
  const started = Date.now();
  await signInByApi(page, baseURL!, ADMIN);
  await page.goto('/user/add');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Email').fill(`${username}@example.com`);
  await page.getByRole('checkbox', { name: /^Require two-factor authentication/ }).uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/user\/\d+$/);

  const user = await freshPage(browser, baseURL!);
  await user.goto(await mailedLink(username, '/activate/', started));
  await expect(user.getByRole('img', { name: 'QR code of the one-time token' })).toHaveCount(0);
  await user.getByLabel('Password', { exact: true }).fill('otto-Secret-42');
  await user.getByLabel('Repeat password').fill('otto-Secret-42');
  await user.getByRole('button', { name: 'Activate' }).click();
  await expect(user.getByText('Your account is active').first()).toBeVisible();
  await signIn(user, username, 'otto-Secret-42');
  await expect(user).not.toHaveURL(/\/login/);

  // The home screen asks for a token; the account page enrols one.
  await expect(user.getByText('Protect your account with a one-time token')).toBeVisible();
  await user.getByRole('link', { name: 'My account' }).first().click();
  const section = user.getByRole('region', { name: 'One-time token' });
  await section.getByRole('button', { name: 'Enable one-time token' }).click();
  const secret = secretOf(
    (await section.getByRole('link', { name: 'Open in an authenticator app' }).getAttribute('href'))!,
  );
  await section.getByRole('button', { name: 'Confirm token' }).click();
  await expect(user.getByText(messages.otpRequired)).toBeVisible();
  await section.getByRole('textbox', { name: 'Token' }).fill('12ab');
  await section.getByRole('button', { name: 'Confirm token' }).click();
  await expect(user.getByText(messages.otpSixDigits)).toBeVisible();
  await section.getByRole('textbox', { name: 'Token' }).fill('000000');
  await section.getByRole('button', { name: 'Confirm token' }).click();
  await expect(user.getByText('Invalid token.').first()).toBeVisible();
  const last = await freshToken(secret, 0);
  await section.getByRole('textbox', { name: 'Token' }).fill(last.token);
  await section.getByRole('button', { name: 'Confirm token' }).click();
  await expect(user.getByText('One-time token enabled.').first()).toBeVisible();

  // The system told the user by messages (activation, token); the menu counts them until confirmed.
  const menuLink = user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: /^Messages/ });
  await expect(menuLink).toHaveAccessibleName(/2 unread/);
  await menuLink.click();
  await expect(user).toHaveURL(/\/messages/);
  const row = user
    .getByRole('table', { name: 'Messages' })
    .getByRole('row')
    .filter({ hasText: /one-time token/i });
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: 'Confirm message' }).click();
  await expect(row.getByRole('button', { name: 'Confirm message' })).toHaveCount(0);
  await expect(menuLink).toHaveAccessibleName(/1 unread/);

  // Signing in now needs the token.
  await user.getByRole('button', { name: 'Sign out' }).click();
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, username, 'otto-Secret-42');
  await expect(user.getByText(/token/i).first()).toBeVisible();
  await expect(user).toHaveURL(/\/login/);
  await signIn(user, username, 'otto-Secret-42', (await freshToken(secret, last.step)).token);
  await expect(user).not.toHaveURL(/\/login/);
});
