// Screen health as an operator sees it (issue 16), on a server of its own where a device counts as
// offline after 6 s and the jobs run every 2 s: a simulated screen at an all-day location goes dark
// while its campaign is booked there → an offline alert appears on the home and on the Alerts screen
// naming the campaign at risk; acknowledging it records who did; the screen comes back → the alert
// closes by itself.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test, type Page } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { startOwnServer, type OwnServer } from '../fixtures/own-server.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

let server: OwnServer;
let simulator: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({ DEVICE_OFFLINE_MINUTES: '0.1', SWEEP_INTERVAL_SECONDS: '2' });
});

test.afterAll(async () => {
  simulator?.kill('SIGTERM');
  await server?.stop();
});

/** Runs the simulator live against the server; resolves each phase line ({device, phase}) as it comes. */
function simulateLive(base: string, args: string[]) {
  const phases: string[] = [];
  let output = '';
  // node itself rather than `npm run`, so stopping it stops the simulator.
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'apps/server/src/tools/simulate.ts',
      ...args,
      '--live',
      '120s',
      '--interval',
      '2s',
      '--url',
      base,
      '--json',
    ],
    { cwd: ROOT, env: { ...process.env, ADMIN_PASSWORD: ADMIN.password }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of output.split('\n').slice(0, -1)) {
      try {
        const parsed = JSON.parse(line) as { phase?: string };
        if (parsed.phase && !phases.includes(parsed.phase)) phases.push(parsed.phase);
      } catch {
        // a partial or non-JSON line
      }
    }
  });
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  /** Waits for a phase; a failure carries what the simulator printed up to then (a poll's message
   * would be read when the wait begins). */
  const reached = (phase: string, timeout: number) =>
    expect
      .poll(() => phases, { timeout })
      .toContain(phase)
      .catch((error: Error) => {
        throw new Error(`${error.message}\nThe simulator printed:\n${output || '(nothing)'}`);
      });
  return { child, reached };
}

/** The Alerts screen's row of the device. */
const alertRow = (page: Page, serial: string) =>
  page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: serial });

test('a screen goes dark during opening hours: an alert on the home and the Alerts screen names the campaign at risk, acknowledging records who, and it closes when the screen returns', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const base = server.url;
  await signInByApi(page, base, ADMIN);
  // The location's one screen, which the simulator drives by its token, and a campaign booked there.
  const { location, screen, campaign } = await bookedAllDayScreen(page, base, {
    place: 'Alert kiosk',
    campaign: 'Dark screen',
    serialPrefix: 'ALR',
  });
  const name = campaign.name;
  const serial = screen.serial_number;

  // Reports every 2 s, goes dark after 4 s for 60 s, then reports again.
  const sim = simulateLive(base, ['--token', screen.token, '--offline', '60s', '--offline-after', '4s']);
  simulator = sim.child;
  await sim.reached('offline', 60_000);

  // The sweep (every 2 s) opens the alert once the screen has been silent 6 s.
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/alerts/?location=${location.id}&open=true`);
        return ((await res.json()) as { count: number }).count;
      },
      { timeout: 60_000 },
    )
    .toBe(1);

  // The home: the open alert (by kind) and the incident naming the campaign at risk.
  await page.goto(`${base}/`);
  const card = page.getByRole('region', { name: 'Open alerts' });
  await expect(card).toContainText(name);
  await expect(card).toContainText('Screen offline');
  await expect(card).toContainText(serial);
  await expectNoSeriousViolations(page, 'operations home');

  // The Alerts screen, from the home's link: the device's row names the campaign with its plays lost.
  await card
    .getByRole('link', { name: /Screen offline/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/alerts\?.*kind=device_offline/);
  const row = alertRow(page, serial);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Open');
  await expect(row).toContainText(location.name);
  await expect(row).toContainText(name);
  await expect(row).toContainText(/plays? lost/);
  await expectNoSeriousViolations(page, 'alerts');

  // Acknowledge: who and when, on the row and in the log.
  await row.getByRole('button', { name: /^Acknowledge/ }).click();
  await page
    .getByRole('dialog', { name: 'Acknowledge the alert' })
    .getByRole('button', { name: 'Acknowledge' })
    .click();
  await expect(page.getByText('Alert acknowledged')).toBeVisible();
  await expect(row).toContainText(/admin|Administrator/i);
  await expect(row.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);
  const log = (await (await page.request.get(`${base}/api/log-entries/?model=alert`)).json()) as {
    results: { user: number | null; change_message: string; object_repr: string }[];
  };
  expect(log.results.find((e) => e.object_repr === serial)).toMatchObject({
    change_message: 'Acknowledged the alert: Screen offline.',
  });

  // The screen comes back: the alert closes by itself.
  await sim.reached('online', 90_000);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/alerts/?location=${location.id}&kind=device_offline`);
        return JSON.stringify(((await res.json()) as { results: unknown[] }).results);
      },
      { timeout: 30_000 },
    )
    .toContain('"open":false');
  await page.goto(`${base}/alerts?location=${location.id}&open=false`);
  await expect(alertRow(page, serial)).toContainText('Closed');
  await expect(alertRow(page, serial)).toContainText(/lasted/);
});
