// The Marquee Player, as a screen runs it: a fresh player shows its server and a large pairing code,
// staff type the code on the location's Devices tab, the player takes its token and reports; a reload
// keeps it paired without showing a code, and a deleted device sends it back to pairing.
import { expect, test } from '../fixtures/test.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a fresh player pairs through the Devices tab and stays paired across a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', {
    name: unique('Player Lobby'),
    address: '',
  });
  expect(created.status()).toBe(201);
  const { id: location } = (await created.json()) as { id: number };

  // The screen: a browser of its own, no session.
  const screenContext = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 } });
  const screen = await screenContext.newPage();
  await screen.goto('/player/');
  await expect(screen.getByRole('heading', { name: 'Marquee Player' })).toBeVisible();
  await expect(screen.getByText(new URL(baseURL!).host)).toBeVisible();
  const shown = screen.getByLabel('Pairing code');
  await expect(shown).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
  const code = (await shown.textContent())!.replace(/\s/g, '');

  const serial = `PLAYER-${Date.now().toString(36)}`.toUpperCase();
  await page.goto(`/location/${location}?tab=devices`);
  await page.getByRole('button', { name: 'Pair a screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pair a screen' });
  await dialog.getByRole('textbox', { name: /Code shown on the screen/ }).fill(code);
  await dialog.getByRole('textbox', { name: 'Serial number or name' }).fill(serial);
  await dialog.getByRole('button', { name: 'Pair' }).click();
  await expect(dialog.getByText('Screen paired')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The player's next poll brings its token; its first heartbeat follows.
  const paired = screen.getByRole('heading', { name: `Paired as ${serial}` });
  await expect(paired).toBeVisible({ timeout: 15_000 });
  await expect(screen.getByText('Reporting to the server every minute.', { exact: false })).toBeVisible();
  await expect(shown).toHaveCount(0);
  await page.reload();
  const row = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).not.toContainText('Never reported');

  await screen.reload();
  await expect(paired).toBeVisible();
  await expect(screen.getByText('Reporting to the server every minute.', { exact: false })).toBeVisible();
  await expect(shown).toHaveCount(0);

  // The device deleted: the player's next call is refused, and it asks for a new code.
  const devices = await page.request.get(`${baseURL}/api/devices/?location=${location}`);
  const [device] = ((await devices.json()) as { results: { id: number; serial_number: string }[] }).results;
  expect(device!.serial_number).toBe(serial);
  expect((await apiCall(page, baseURL!, 'DELETE', `/api/devices/${device!.id}/`)).status()).toBe(204);
  await screen.reload();
  await expect(shown).toHaveText(/^[A-Z0-9]{3} [A-Z0-9]{3}$/);
  await screenContext.close();
});
