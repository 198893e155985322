// Reports as an admin reads them on the demo history (14 days of simulated plays): the menu, the
// campaign details report, one campaign at one location with its chart, totals and exports (the CSV's
// rows add up to the table's totals, the XLSX is a zip), the grouped reports, and the location's
// devices with their last status; plus axe on each report screen.
import fs from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

const CAMPAIGN = 'Trail Jacket autumn';
const LOCATION = 'Riverside Mall';

const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

async function download(page: Page, name: string): Promise<{ file: Download; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
  const path = await file.path();
  return { file, body: await fs.readFile(path) };
}

/** RFC 4180 without quoted commas (the statistics CSV holds dates and numbers), BOM dropped. */
function parseCsv(text: string): Record<string, string>[] {
  const [header, ...lines] = text
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  const names = header!.split(',').map((n) => n.replace(/^"|"$/g, ''));
  return lines.map((line) =>
    Object.fromEntries(line.split(',').map((value, index) => [names[index], value.replace(/^"|"$/g, '')])),
  );
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('an admin reads a campaign at a location: chart, totals, exports that match, and its devices', async ({
  page,
}) => {
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectNoSeriousViolations(page, 'reports menu');
  await page.getByRole('link', { name: /Campaign details/ }).click();

  await expect(page).toHaveURL(/\/reports\/campaigns\/details$/);
  const campaign = page.getByRole('article', { name: CAMPAIGN });
  const locations = campaign.getByRole('table', { name: `Locations of ${CAMPAIGN}` });
  const row = locations.getByRole('row', { name: new RegExp(LOCATION) });
  await expect(row).toBeVisible();
  expect(count(await row.getByRole('cell').nth(1).textContent())).toBeGreaterThan(0);
  await expectNoSeriousViolations(page, 'campaign details report');
  await row.getByRole('link', { name: `Report of ${CAMPAIGN} at ${LOCATION}` }).click();

  await expect(page).toHaveURL(/\/reports\/campaigns\/details\/\d+\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  const chart = page.getByRole('figure', { name: 'Plays and viewers per day' });
  await expect(chart.locator('svg.recharts-surface')).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Viewers by age group and gender' }).locator('svg.recharts-surface'),
  ).toBeVisible();
  const statistics = page.getByRole('table', { name: 'Statistics' });
  const totals = page.getByTestId('totals-row');
  await expect(totals).toBeVisible();
  const totalCells = totals.getByRole('cell');
  const plays = count(await totalCells.nth(0).textContent());
  const viewers = count(await totalCells.nth(1).textContent());
  expect(plays).toBeGreaterThan(0);
  expect(viewers).toBeGreaterThan(0);
  const days = await statistics.locator('tbody tr').count();
  expect(days).toBeGreaterThan(1);
  await expectNoSeriousViolations(page, 'campaign location report');

  // The CSV holds the table's days and adds up to its totals.
  const csv = await download(page, 'Export CSV');
  expect(csv.file.suggestedFilename()).toMatch(/\.csv$/);
  const rows = parseCsv(csv.body.toString('utf8'));
  expect(rows).toHaveLength(days);
  expect(rows.reduce((sum, r) => sum + Number(r.Plays), 0)).toBe(plays);
  expect(rows.reduce((sum, r) => sum + Number(r.Viewers), 0)).toBe(viewers);

  const xlsx = await download(page, 'Export XLSX');
  expect(xlsx.file.suggestedFilename()).toMatch(/\.xlsx$/);
  expect(xlsx.body.subarray(0, 2).toString('latin1')).toBe('PK');

  // The devices that played it reported a status; the location shows them online with it.
  const devices = page.getByRole('table', { name: 'Devices' });
  await expect(devices.getByRole('row', { name: /Online/ }).first()).toBeVisible();
  await expect(page.getByRole('table', { name: 'Events' }).locator('tbody tr')).toHaveCount(15);
  await page.getByRole('link', { name: LOCATION }).click();
  await expect(page).toHaveURL(/\/location\/\d+$/);
  await page.getByRole('tab', { name: 'Devices' }).click();
  const locationDevices = page.getByRole('table', { name: 'Devices' });
  const deviceRows = locationDevices.locator('tbody tr');
  await expect(deviceRows.first()).toBeVisible();
  for (const device of await deviceRows.all()) {
    await expect(device).not.toContainText('Never');
    await expect(device).toContainText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
  }
});

test('the reports by product, location and advertiser show their items with totals and a chart', async ({ page }) => {
  for (const [path, title] of [
    ['/reports/campaigns/products', 'Plays by product'],
    ['/reports/campaigns/locations', 'Plays by location'],
    ['/reports/campaigns/advertisers', 'Plays by advertiser'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const table = page.getByRole('table', { name: title });
    await expect(table.locator('tbody tr').first()).toBeVisible();
    await expect(page.getByTestId('totals-row')).toBeVisible();
    await expect(page.getByRole('figure').locator('svg.recharts-surface')).toBeVisible();
    await expectNoSeriousViolations(page, title);
  }
  // The sort is kept in the URL.
  await page.getByRole('combobox', { name: 'Sort by' }).selectOption('-viewers');
  await expect(page).toHaveURL(/ordering=-viewers/);
});
