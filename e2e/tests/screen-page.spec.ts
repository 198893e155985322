// A screen's own page as the demo Network operator opens it from the Screens list: its state and last
// reported facts, uptime during opening hours over 7 and 30 days, today's plays against expected and
// its incidents; plus axe.
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { DEMO_PASSWORD, signInByApi } from '../fixtures/session.ts';

test('the operator opens a screen from the Screens list and reads its uptime, plays and incidents', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, baseURL!, { username: 'operator', password: DEMO_PASSWORD });
  await page.goto('/screens');
  const table = page.getByRole('table', { name: 'Screens' });
  await table.getByRole('link', { name: 'CS-HALL-01' }).click();
  await expect(page).toHaveURL(/\/screen\/\d+$/);
  await expect(page.getByRole('heading', { name: 'CS-HALL-01' })).toBeVisible();
  const uptime = page.getByRole('region', { name: 'Uptime in opening hours' });
  await expect(uptime).toContainText('Last 7 days');
  await expect(uptime).toContainText('Last 30 days');
  await expect(uptime).toContainText(/% up|—/);
  await expect(page.getByRole('region', { name: 'Plays today' })).toContainText(/[\d,]+ of [\d,]+ expected by now/);
  await expect(page.getByRole('region', { name: 'Latest incidents' })).toBeVisible();
  // The operator may list locations: the location name leads to its page.
  await expect(page.getByRole('link', { name: 'Central Station Hall' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Screen page');
});
