// Reports as an admin reads them: the simulator (`npm run simulate`, the real command line) drives
// new devices through the device gateway for one demo campaign, and its details report at a location
// grows by exactly what they sent — plays, viewers, the chart and the totals; the CSV and XLSX
// exports hold the table's rows and add up to its totals; the location shows the new devices online
// with their last status. Also the reports menu and the grouped reports, with axe on each screen.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { expect, test, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

const CAMPAIGN = 'Trail Jacket autumn';
const LOCATION = 'Riverside Mall';
const ROOT = path.resolve(import.meta.dirname, '../..');

const count = (text: string | null) => Number((text ?? '').replace(/[^\d]/g, ''));

/** What `npm run simulate -- --json` prints. */
type SimulationSummary = {
  devices: { serial: string; location: number }[];
  events: number;
  viewers: number;
  campaigns: { campaign: number; location: number; events: number; viewers: number }[];
};

/** Runs the simulator's command line against the test server and reads its summary. */
async function simulate(baseURL: string, args: string[]): Promise<SimulationSummary> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'simulate', '--', ...args, '--url', baseURL, '--json'],
    { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: ADMIN.password }, timeout: 90_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as SimulationSummary;
}

/** Clicks an export button and gives the saved file's name and bytes. */
async function download(page: Page, name: string): Promise<{ filename: string; body: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name }).click()]);
  return { filename: file.suggestedFilename(), body: await fs.readFile(await file.path()) };
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

/** The first sheet of an XLSX as records under its header row, read by a spreadsheet library. */
async function parseXlsx(body: Buffer): Promise<Record<string, unknown>[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const values = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
  const names = values(1).map(String);
  const rows: Record<string, unknown>[] = [];
  for (let n = 2; n <= sheet.actualRowCount; n++) {
    rows.push(Object.fromEntries(values(n).map((value, index) => [names[index], value])));
  }
  return rows;
}

/** Plays and viewers of the report's totals row, and its number of days. */
async function reportTotals(page: Page) {
  const totals = page.getByTestId('totals-row');
  await expect(totals).toBeVisible();
  const cells = totals.getByRole('cell');
  return {
    plays: count(await cells.nth(0).textContent()),
    viewers: count(await cells.nth(1).textContent()),
    days: await page.getByRole('table', { name: 'Statistics' }).locator('tbody tr').count(),
  };
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('the simulator plays a campaign; its report shows the plays and viewers, chart, totals, exports and devices', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.goto('/reports');
  await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  await expectNoSeriousViolations(page, 'reports menu');
  await page.getByRole('link', { name: /Campaign details/ }).click();

  await expect(page).toHaveURL(/\/reports\/campaigns\/details$/);
  // Other specs add campaigns to the same server; the search finds this one whatever page it is on.
  await page.getByRole('textbox', { name: 'Search' }).fill(CAMPAIGN);
  const campaign = page.getByRole('article', { name: CAMPAIGN });
  const locations = campaign.getByRole('table', { name: `Locations of ${CAMPAIGN}` });
  const row = locations.getByRole('row', { name: new RegExp(LOCATION) });
  await expect(row).toBeVisible();
  await expectNoSeriousViolations(page, 'campaign details report');
  await row.getByRole('link', { name: `Report of ${CAMPAIGN} at ${LOCATION}` }).click();

  await expect(page).toHaveURL(/\/reports\/campaigns\/details\/\d+\/\d+$/);
  const [, campaignId, locationId] = /details\/(\d+)\/(\d+)$/.exec(page.url())!.map(Number);
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  const before = await reportTotals(page);

  // New devices on the campaign's locations send two days of its plays through the gateway.
  const simulated = await simulate(baseURL!, ['--campaign', String(campaignId), '--devices', '4', '--days', '2']);
  const here = simulated.campaigns.find((c) => c.campaign === campaignId && c.location === locationId)!;
  expect(here.events).toBeGreaterThan(0);
  expect(here.viewers).toBeGreaterThan(0);
  expect(simulated.campaigns.every((c) => c.campaign === campaignId)).toBe(true);
  const serials = simulated.devices.filter((d) => d.location === locationId).map((d) => d.serial);
  expect(serials.length).toBeGreaterThan(0);

  // The report grows by exactly what they sent.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: CAMPAIGN })).toBeVisible();
  await expect(page.getByTestId('totals-row').getByRole('cell').first()).toHaveText(
    (before.plays + here.events).toLocaleString('en-US'),
  );
  const after = await reportTotals(page);
  expect(after.plays).toBe(before.plays + here.events);
  expect(after.viewers).toBe(before.viewers + here.viewers);
  expect(after.days).toBeGreaterThan(1);
  await expect(
    page.getByRole('figure', { name: 'Plays and viewers per day' }).locator('svg.recharts-surface'),
  ).toBeVisible();
  await expect(
    page.getByRole('figure', { name: 'Viewers by age group and gender' }).locator('svg.recharts-surface'),
  ).toBeVisible();
  await expectNoSeriousViolations(page, 'campaign location report');

  // The CSV and the XLSX hold the table's days and add up to its totals.
  const csv = await download(page, 'Export CSV');
  expect(csv.filename).toMatch(/\.csv$/);
  const csvRows = parseCsv(csv.body.toString('utf8'));
  expect(csvRows).toHaveLength(after.days);
  expect(csvRows.reduce((sum, r) => sum + Number(r.Plays), 0)).toBe(after.plays);
  expect(csvRows.reduce((sum, r) => sum + Number(r.Viewers), 0)).toBe(after.viewers);

  const xlsx = await download(page, 'Export Excel (.xlsx)');
  expect(xlsx.filename).toMatch(/\.xlsx$/);
  const xlsxRows = await parseXlsx(xlsx.body);
  expect(xlsxRows).toHaveLength(after.days);
  expect(xlsxRows.map((r) => String(r.Date))).toEqual(csvRows.map((r) => r.Date));
  expect(xlsxRows.reduce((sum, r) => sum + Number(r.Plays), 0)).toBe(after.plays);
  expect(xlsxRows.reduce((sum, r) => sum + Number(r.Viewers), 0)).toBe(after.viewers);

  // The simulated devices reported: online with their last status, here and on the location.
  const devices = page.getByRole('table', { name: 'Devices' });
  for (const serial of serials) {
    await expect(devices.getByRole('row', { name: new RegExp(serial) })).toContainText('Online');
  }
  await expect(page.getByRole('table', { name: 'Events' }).locator('tbody tr')).toHaveCount(15);
  // Raw plays are kept 400 days: a period reaching further back says so above the devices and events.
  await expect(page.getByTestId('retention-notice')).toHaveCount(0);
  await page.goto(`/reports/campaigns/details/${campaignId}/${locationId}?date__gte=2020-01-01`);
  await expect(page.getByTestId('retention-notice')).toContainText('are past retention (raw plays are kept 400 days)');
  await page.getByRole('link', { name: LOCATION }).click();
  await expect(page).toHaveURL(new RegExp(`/location/${locationId}$`));
  await page.getByRole('tab', { name: 'Devices' }).click();
  const locationDevices = page.getByRole('table', { name: 'Devices' });
  for (const serial of serials) {
    const device = locationDevices.getByRole('row', { name: new RegExp(serial) });
    await expect(device).toContainText('Online');
    await expect(device).toContainText('ok');
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
