// Delivery as an admin checks it (issue 15): a campaign at a new all-day location is approved, the
// simulator's command line plays it for a day with 10 % of its plays cut short, and the delivery
// report shows what the proof of play proves: delivered = plays − short ones (those counted so far:
// up to the last full hour), the cumulative chart, the pacing badge; the proof-of-play CSV has one row
// per play, and its SHA-256 is the one on the server's receipt. Also the Delivery list, with axe.
import crypto from 'node:crypto';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DeliveryResponse } from '@marquee/contracts/delivery';
import {
  PROOF_OF_PLAY_COLUMNS,
  PROOF_OF_PLAY_REJECTED_COLUMNS,
  PROOF_OF_PLAY_REJECTED_TITLE,
} from '@marquee/contracts/delivery';
import { expect, test, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { ADMIN, apiCall, signInByApi } from '../fixtures/session.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Simulated = {
  devices: { serial: string; location: number }[];
  campaigns: {
    campaign: number;
    location: number;
    events: number;
    short: number;
    wrong_creative: number;
    delivered: number;
  }[];
};

async function simulate(baseURL: string, args: string[]): Promise<Simulated> {
  const { stdout } = await promisify(execFile)(
    'npm',
    ['run', '--silent', 'simulate', '--', ...args, '--url', baseURL, '--json'],
    { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: ADMIN.password }, timeout: 120_000 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Simulated;
}

async function created<T>(response: Awaited<ReturnType<typeof apiCall>>, what: string): Promise<T> {
  if (!response.ok()) throw new Error(`${what}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

/** The value shown under a totals label. */
const figure = (page: Page, label: string) =>
  page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]');

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a simulated campaign with 10 % short plays: delivered = plays − short ones, the chart, pacing, and a proof of play whose SHA-256 matches', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  // An all-day location with a 30 s loop; the screen registered with it (campaigns need one) goes
  // away once the campaign is booked, so the simulator's screen is the one that plays.
  const { location, screen, campaign } = await bookedAllDayScreen(page, base, {
    place: 'Delivery kiosk',
    campaign: 'Delivery proof',
    serialPrefix: 'DLV',
  });
  const name = campaign.name;
  await created(await apiCall(page, base, 'POST', `/api/devices/${screen.id}/deactivate/`), 'screen off');

  const simulated = await simulate(base, [
    '--campaign',
    String(campaign.id),
    '--devices',
    '1',
    '--days',
    '1',
    '--short',
    '0.1',
    '--seed',
    '15',
  ]);
  const here = simulated.campaigns.find((c) => c.campaign === campaign.id && c.location === location.id)!;
  expect(here.events).toBeGreaterThan(0);
  expect(here.wrong_creative).toBe(0);
  expect(here.delivered).toBe(here.events - here.short);

  // The Delivery list finds it, with its bar and badge.
  await page.goto('/reports');
  await page
    .getByRole('link', { name: /Delivery/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/reports\/delivery/);
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  const list = page.getByRole('table', { name: 'Delivery of the campaigns' });
  await expect(list.locator('tbody tr')).toHaveCount(1);
  const row = list.getByRole('row', { name: new RegExp(name) });
  await expect(row.getByRole('img', { name: /Delivered .* of what was due|Nothing was due yet/ })).toBeVisible();
  await expect(row).toContainText(/On track|Behind|Ahead|At risk|Not due yet/);
  await expect(page).toHaveURL(/search=/);
  await expectNoSeriousViolations(page, 'delivery list');
  await row.getByRole('link', { name: `Delivery report of ${name}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Delivery of ${name}` })).toBeVisible();
  await expect(
    page.getByRole('figure', { name: /Cumulative plays: due and delivered by day/ }).locator('svg'),
  ).toBeVisible();
  await expect(page.getByRole('group', { name: 'Delivery' })).toContainText(
    /On track|Behind|Ahead|At risk|Not due yet/,
  );
  await expectNoSeriousViolations(page, 'delivery report');

  // The proof of play: one row per play, and the SHA-256 the server's receipt holds.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Proof of play (CSV)' }).click(),
  ]);
  const body = await fs.readFile(await file.path());
  // The plays, then (after an empty line) the appendix of rejected rows: the simulator sends none.
  const [playPart, appendix] = body.toString('utf8').split('\r\n\r\n');
  expect(appendix).toBe(`${PROOF_OF_PLAY_REJECTED_TITLE}\r\n${PROOF_OF_PLAY_REJECTED_COLUMNS.join(',')}\r\n`);
  const [header, ...lines] = playPart!.split('\r\n');
  expect(header).toBe(PROOF_OF_PLAY_COLUMNS.join(','));
  const rows = lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [PROOF_OF_PLAY_COLUMNS[i], v])));
  expect(rows).toHaveLength(here.events);
  const complete = rows.filter((r) => r.completed === 'true' && r.creative_ok === 'true');
  expect(complete).toHaveLength(here.events - here.short);
  const receipt = page.getByRole('region', { name: 'Proof of play receipt' });
  await expect(receipt.getByRole('status')).toHaveText(/SHA-256 matches the server's receipt/);
  await expect(receipt.getByTestId('receipt-sha256')).toHaveText(
    crypto.createHash('sha256').update(body).digest('hex'),
  );

  // Delivered counts the completed plays up to the last full hour (the current one is still arriving).
  const report = (await (
    await page.request.get(`${base}/api/campaigns/${campaign.id}/delivery/`)
  ).json()) as DeliveryResponse;
  const counted = complete.filter((r) => r.started_at_utc! < report.as_of).length;
  const partial = rows.filter((r) => r.completed === 'false' && r.started_at_utc! < report.as_of).length;
  expect(report._totals.delivered).toBe(counted);
  expect(report._totals.partial).toBe(partial);
  await expect(figure(page, 'Delivered')).toHaveText(`${counted.toLocaleString('en-US')} plays`);
  await expect(figure(page, 'Partial plays')).toHaveText(partial.toLocaleString('en-US'));
});
