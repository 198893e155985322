// A 401 in the middle of a session: the request waits, the user signs in again, and it goes through.
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, signInByApi, unique } from '../fixtures/session.ts';

test('a request refused with 401 before expiry is retried after signing in again', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  await page.goto('/role/add');
  const name = unique('Retried');
  await page.getByLabel('Name', { exact: true }).fill(name);

  // The session ends on the server (as if signed out elsewhere); the page still believes it is valid.
  const token = (await page.context().cookies()).find((c) => c.name === 'csrftoken')!.value;
  await page.context().request.delete(`${baseURL}/api/auth/`, { headers: { 'x-csrftoken': token } });

  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('input[name=username]')).toBeVisible();
  await dialog.locator('input[name=username]').fill(ADMIN.username);
  await dialog.locator('input[name=password]').fill(ADMIN.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();

  // The queued save went through: the role exists and the screen moved to it.
  await expect(page).toHaveURL(/\/role\/\d+$/);
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  const list = await (await page.request.get(`${baseURL}/api/roles/?name=${encodeURIComponent(name)}`)).json();
  expect(list.count).toBe(1);
});
