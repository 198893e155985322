// Creating and editing a role with cascading permissions, then finding it in the events log.
import { expect, test, type Page } from '../fixtures/test.ts';
import { ADMIN, signInByApi, unique } from '../fixtures/session.ts';

const available = (page: Page) => page.getByRole('region', { name: /^Available permissions/ });
const selected = (page: Page) => page.getByRole('region', { name: /^Selected permissions/ });

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('create and edit a role; selection cascades to dependents; the events log shows it', async ({ page }) => {
  const name = unique('Reviewers');
  await page.goto('/role');
  await expect(page).toHaveTitle('Marquee - Roles');
  await page.getByRole('link', { name: 'Add role' }).click();
  await expect(page).toHaveURL(/\/role\/add$/);
  // The list has a Name filter too, and stays on screen while the form's code loads: wait for the form.
  await expect(page.getByRole('heading', { level: 1, name: 'Add role' })).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(name);

  // Choosing "Can change role" brings "Can view role" and "Can list role" along, marked as implied.
  await available(page).getByRole('checkbox', { name: 'Can change role' }).check();
  await expect(selected(page).getByRole('checkbox', { name: 'Can change role' })).toBeChecked();
  await expect(selected(page).getByRole('checkbox', { name: 'Can view role' })).toBeChecked();
  await expect(selected(page).getByRole('checkbox', { name: 'Can list role' })).toBeChecked();
  await expect(
    selected(page)
      .getByText(/Implied by Can change role/)
      .first(),
  ).toBeVisible();
  await expect(available(page).getByRole('checkbox', { name: 'Can view role' })).toHaveCount(0);

  // A second master with its own dependent.
  await available(page).getByRole('checkbox', { name: 'Can view log entry' }).check();
  await expect(selected(page).getByRole('checkbox', { name: 'Can list log entry' })).toBeChecked();

  // The server's answer first: a refusal names itself, and a slow answer is not taken for one.
  const created = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/api/roles/'));
  await page.getByRole('button', { name: 'Save' }).click();
  const response = await created;
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  await expect(page).toHaveURL(new RegExp(`/role/${id}$`));

  // Only the directly chosen permissions were stored.
  const stored = await (await page.request.get(`/api/roles/${id}/`)).json();
  const perms = await (await page.request.get('/api/permissions/?page_size=0')).json();
  const codenames = (stored.permissions as number[]).map(
    (pid) => (perms.results as { id: number; codename: string }[]).find((p) => p.id === pid)!.codename,
  );
  expect(codenames.sort()).toEqual(['change_role', 'view_logentry']);

  // Edit: unselecting the master removes its dependents; rename.
  await page.reload();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
  await selected(page).getByRole('checkbox', { name: 'Can change role' }).uncheck();
  await expect(selected(page).getByRole('checkbox', { name: 'Can view role' })).toHaveCount(0);
  await expect(available(page).getByRole('checkbox', { name: 'Can view role' })).toBeVisible();
  await expect(selected(page).getByRole('checkbox', { name: 'Can list log entry' })).toBeChecked();
  const renamed = `${name} renamed`;
  await page.getByLabel('Name', { exact: true }).fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/saved/i).first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/role/${id}$`));

  // The list shows it.
  await page.goto('/role');
  await expect(page.getByRole('link', { name: renamed })).toBeVisible();

  // Events: both entries of this role, filtered by action.
  await page.goto('/events');
  await expect(page).toHaveTitle('Marquee - events');
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(2);
  await page.getByLabel('Action').selectOption({ label: 'Change' });
  await expect(page).toHaveURL(/action_flag=2/);
  const changeRows = page.getByRole('row').filter({ hasText: name });
  await expect(changeRows).toHaveCount(1);
  await expect(changeRows).toContainText('Change');
  await page.getByLabel('Action').selectOption({ label: 'Addition' });
  await expect(page).toHaveURL(/action_flag=1/);
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);

  // The filter lives in the URL: a reload shows the same list.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
});
