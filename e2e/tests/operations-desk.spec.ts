// The operations desk as the demo Network operator works it, on a server of its own where a device
// counts as offline after 6 s and the sweep runs every 2 s: a screen at a location the operator does
// not manage goes silent → the operator (subscribed to the whole network on a new database) gets the
// offline alert as a message and as a mail (in the server's outbox, with the same links to the alert and
// the screen), opens the screen's page and the alert from the message's links and acknowledges it with a
// note; two more screens go silent and are acknowledged together, with one note, from the Alerts list.
import { alertLinks, alertTexts, type Alert } from '@marquee/contracts/alerts';
import type { Paged } from '@marquee/contracts/common';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Message } from '@marquee/contracts/messages';
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { outboxMails } from '../fixtures/outbox.ts';
import { startOwnServer, type OwnServer } from '../fixtures/own-server.ts';
import { DEMO_PASSWORD, signInByApi } from '../fixtures/session.ts';

const OPERATOR = { username: 'operator', password: DEMO_PASSWORD };
/** The demo people's address (`<username>@marquee.example`). */
const OPERATOR_EMAIL = 'operator@marquee.example';

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

test('the Network operator hears of a screen going offline anywhere, opens its page and the alert from the message and acknowledges it with a note; two more together with one note', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  // The administrator sets up an all-day location with one screen (nobody manages it).
  await signInByApi(page, base);
  const first = await bookedAllDayScreen(page, base, {
    place: 'Desk kiosk',
    campaign: 'Desk campaign',
    serialPrefix: 'DSK',
  });
  const { screen } = first;
  const serial = screen.serial_number;
  // Two more, to acknowledge in bulk.
  const booked = [first];
  for (const [place, serialPrefix] of [
    ['Desk pillar', 'DSP'],
    ['Desk gate', 'DSG'],
  ] as const) {
    booked.push(await bookedAllDayScreen(page, base, { place, campaign: `${place} campaign`, serialPrefix }));
  }
  const more = booked.slice(1).map((b) => b.screen);
  // The screens report once, then fall silent: the sweep finds them offline 6 s later.
  for (const { token } of [screen, ...more]) {
    const heartbeat = await page.request.post(`${base}${deviceGatewayEndpoints.heartbeat}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: 'ok' },
    });
    expect(heartbeat.ok(), await heartbeat.text()).toBe(true);
  }

  await page.context().clearCookies();
  await signInByApi(page, base, OPERATOR);
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/messages/?page_size=100`);
        const body = (await res.json()) as { results: { content: string }[] };
        return [serial, ...more.map((s) => s.serial_number)].every((sn) =>
          body.results.some((m) => m.content.includes(sn) && m.content.includes('offline')),
        );
      },
      { timeout: 60_000 },
    )
    .toBe(true);

  // Each alert by mail too: no SMTP_URL, so the server wrote it to DATA_DIR/outbox/ (after the message,
  // once the sweep's transaction is committed). Its text is the message's, then both links in full, at
  // the server's address (PUBLIC_URL unset: http://localhost:<port>).
  const origin = `http://localhost:${new URL(base).port}`;
  const inbox = (await (await page.request.get(`${base}/api/messages/?page_size=100`)).json()) as Paged<Message>;
  for (const {
    location,
    screen: { id: deviceId, serial_number },
  } of booked) {
    const message = inbox.results.find((m) => m.content.startsWith(`Device ${serial_number} at `));
    expect(message, serial_number).toBeDefined();
    expect(message!.links, serial_number).toEqual([
      { label: alertTexts.linkAlert, path: expect.stringMatching(/^\/alerts\?id=\d+&open=all$/) },
      { label: alertTexts.linkScreen, path: alertLinks.screen(deviceId) },
    ]);
    const alertId = Number(/id=(\d+)/.exec(message!.links[0]!.path)![1]);
    // The link names this screen's offline alert.
    const listed = (await (await page.request.get(`${base}/api/alerts/?id=${alertId}`)).json()) as Paged<Alert>;
    expect(listed.results).toEqual([
      expect.objectContaining({ id: alertId, kind: 'device_offline', device: deviceId, device_serial: serial_number }),
    ]);

    const subject = alertTexts.mailSubject('device_offline', `${serial_number} at ${location.name}`);
    await expect
      .poll(() => outboxMails(server.dataDir, OPERATOR_EMAIL).filter((m) => m.subject === subject).length, {
        message: `a mail "${subject}" to ${OPERATOR_EMAIL}`,
        timeout: 15_000,
      })
      .toBe(1);
    const mail = outboxMails(server.dataDir, OPERATOR_EMAIL).find((m) => m.subject === subject)!;
    expect(mail.text.startsWith(message!.content), mail.text).toBe(true);
    expect(mail.text).toContain(`${alertTexts.linkAlert}: ${origin}${alertLinks.alert(alertId)}\n`);
    expect(mail.text).toContain(`${alertTexts.linkScreen}: ${origin}${alertLinks.screen(deviceId)}\n`);
  }

  // The message, with its links to the alert and the screen.
  await page.goto(`${base}/messages`);
  const message = page.getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: serial });
  await expect(message.first()).toContainText(`Device ${serial}`);
  await expect(message.first().getByRole('link', { name: 'Open the screen' })).toHaveAttribute(
    'href',
    `/screen/${screen.id}`,
  );
  await expectNoSeriousViolations(page, 'messages with alert links');
  // The screen's own page, and back.
  await message.first().getByRole('link', { name: 'Open the screen' }).click();
  await expect(page).toHaveURL(new RegExp(`/screen/${screen.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: serial })).toBeVisible();
  await page.goBack();
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
  // The device links to its screen's page here too.
  await expect(rows.getByRole('link', { name: `Device ${serial}` })).toHaveAttribute('href', `/screen/${screen.id}`);

  // The other two, ticked on the open alerts and acknowledged together with one note.
  await page.goto(`${base}/alerts`);
  const table = page.getByRole('table', { name: 'Alerts' });
  for (const { serial_number } of more) {
    await expect(table.getByRole('row').filter({ hasText: serial_number })).toHaveCount(1);
    await page.getByRole('checkbox', { name: `Select Screen offline, device ${serial_number}` }).check();
  }
  await page.getByRole('group', { name: 'Selected alerts' }).getByRole('button', { name: 'Acknowledge' }).click();
  const confirm = page.getByRole('dialog', { name: 'Acknowledge 2 alerts?' });
  await confirm.getByRole('textbox', { name: /Note/ }).fill('Whole concourse without power, venue informed');
  await expectNoSeriousViolations(page, 'bulk acknowledge with a note');
  await confirm.getByRole('button', { name: 'Acknowledge 2 alerts' }).click();
  await expect(page.getByText('2 alerts acknowledged.')).toBeVisible();
  // Acknowledged alerts stay open (the screens are still dark), now with who and the note.
  for (const { serial_number } of more) {
    const row = table.getByRole('row').filter({ hasText: serial_number });
    await expect(row).toContainText('Noor Operator');
    await expect(row).toContainText('Whole concourse without power, venue informed');
  }

  // The note is in the log too (which the administrator reads).
  await page.context().clearCookies();
  await signInByApi(page, base);
  const log = (await (await page.request.get(`${base}/api/log-entries/?model=alert`)).json()) as {
    results: { change_message: string; object_repr: string }[];
  };
  expect(log.results.find((e) => e.object_repr === serial)).toMatchObject({
    change_message: 'Acknowledged the alert: Screen offline. Note: Called the venue: power cut, technician on the way',
  });
  for (const { serial_number } of more) {
    expect(log.results.find((e) => e.object_repr === serial_number)).toMatchObject({
      change_message: 'Acknowledged the alert: Screen offline. Note: Whole concourse without power, venue informed',
    });
  }
});
