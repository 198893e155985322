// The operations desk as the demo Network operator works it, on a server of its own where a device
// counts as offline after 6 s and the sweep runs every 2 s: a screen at a location the operator does
// not manage goes silent → the operator (subscribed to the whole network on a new database) gets the
// offline alert as a message, opens the alert from the message's link and acknowledges it with a note.
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { startOwnServer, type OwnServer } from '../fixtures/own-server.ts';
import { DEMO_PASSWORD, signInByApi } from '../fixtures/session.ts';

const OPERATOR = { username: 'operator', password: DEMO_PASSWORD };

let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer({
    DEVICE_OFFLINE_MINUTES: '0.1',
    SWEEP_INTERVAL_SECONDS: '2',
    DEMO_PASSWORD,
  });
});

test.afterAll(async () => {
  await server?.stop();
});

test('the Network operator hears of a screen going offline anywhere, opens the alert from the message and acknowledges it with a note', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  // The administrator sets up an all-day location with one screen (nobody manages it).
  await signInByApi(page, base);
  const { screen } = await bookedAllDayScreen(page, base, {
    place: 'Desk kiosk',
    campaign: 'Desk campaign',
    serialPrefix: 'DSK',
  });
  const serial = screen.serial_number;
  // The screen reports once, then falls silent: the sweep finds it offline 6 s later.
  const heartbeat = await page.request.post(`${base}${deviceGatewayEndpoints.heartbeat}`, {
    headers: { authorization: `Bearer ${screen.token}` },
    data: { status: 'ok' },
  });
  expect(heartbeat.ok(), await heartbeat.text()).toBe(true);

  await page.context().clearCookies();
  await signInByApi(page, base, OPERATOR);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/messages/?page_size=100`);
        const body = (await res.json()) as { results: { content: string }[] };
        return body.results.some((m) => m.content.includes(serial) && m.content.includes('offline'));
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  // The message, with its links to the alert and the screen.
  await page.goto(`${base}/messages`);
  const message = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: serial });
  await expect(message.first()).toContainText(`Device ${serial}`);
  await expect(message.first().getByRole('link', { name: 'Open the screen' })).toHaveAttribute(
    'href',
    `/screens?search=${serial}`,
  );
  await expectNoSeriousViolations(page, 'messages with alert links');
  await message.first().getByRole('link', { name: 'Open the alert' }).click();

  // The Alerts screen narrowed to that one alert.
  await expect(page).toHaveURL(/\/alerts\?id=\d+&open=all/);
  await expect(page.getByText('Showing one alert.')).toBeVisible();
  const rows = page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: serial });
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText('Screen offline');
  await expect(rows).toContainText('Open');

  await rows.getByRole('button', { name: /^Acknowledge/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Acknowledge the alert' });
  await dialog.getByRole('textbox', { name: /Note/ }).fill('Called the venue: power cut, technician on the way');
  await expectNoSeriousViolations(page, 'acknowledge dialog');
  await dialog.getByRole('button', { name: 'Acknowledge' }).click();
  await expect(page.getByText('Alert acknowledged.')).toBeVisible();
  await expect(rows).toContainText('Noor Operator');
  await expect(rows).toContainText('Called the venue: power cut, technician on the way');
  await expect(rows.getByRole('button', { name: /^Acknowledge/ })).toHaveCount(0);

  // The note is in the log too (which the administrator reads).
  await page.context().clearCookies();
  await signInByApi(page, base);
  const log = (await (await page.request.get(`${base}/api/log-entries/?model=alert`)).json()) as {
    results: { change_message: string; object_repr: string }[];
  };
  expect(log.results.find((e) => e.object_repr === serial)).toMatchObject({
    change_message: 'Acknowledged the alert: Screen offline. Note: Called the venue: power cut, technician on the way',
  });
});
