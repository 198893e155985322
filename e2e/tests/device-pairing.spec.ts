// Pairing a screen as staff click through it: the screen asks the gateway for a code, staff type it on
// the location's Devices tab with a serial and the zones it shows, and the screen then receives its
// token, once, by polling its pairing with its secret; axe on the dialog.
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

type Pairing = { id: string; code: string; secret: string; expires_at: string };

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a screen shows a code, staff pair it on the Devices tab, and the screen gets its token once', async ({
  page,
  playwright,
  baseURL,
}) => {
  const name = unique('Pairing Lobby');
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: '' });
  expect(created.status()).toBe(201);
  const { id: location } = (await created.json()) as { id: number };

  // The screen: no session, no token.
  const screen = await playwright.request.newContext({ baseURL });
  const asked = await screen.post('/api/device/v1/pairings/');
  expect(asked.status()).toBe(201);
  const pairing = (await asked.json()) as Pairing;
  expect(pairing.code).toMatch(/^[A-Z0-9]{6}$/);
  const poll = () =>
    screen.get(`/api/device/v1/pairings/${pairing.id}/`, { headers: { authorization: `Bearer ${pairing.secret}` } });
  expect(await (await poll()).json()).toMatchObject({ status: 'pending' });

  await page.goto(`/location/${location}?tab=devices`);
  await page.getByRole('button', { name: 'Pair a screen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pair a screen' });
  await expect(dialog.getByRole('checkbox', { name: 'Zone 1' })).toBeChecked();
  await expectNoSeriousViolations(page, 'Pair a screen dialog');

  // A wrong code first: the server's text on the field.
  const serial = `PAIR-${Date.now().toString(36)}`.toUpperCase();
  await dialog.getByRole('textbox', { name: /Code shown on the screen/ }).fill('XXXXXX');
  await dialog.getByRole('textbox', { name: 'Serial number or name' }).fill(serial);
  await dialog.getByRole('button', { name: 'Pair' }).click();
  await expect(dialog.getByText('This code is wrong or has expired.', { exact: false })).toBeVisible();

  await dialog.getByRole('textbox', { name: /Code shown on the screen/ }).fill(pairing.code.toLowerCase());
  await dialog.getByRole('button', { name: 'Pair' }).click();
  await expect(dialog.getByText('Screen paired')).toBeVisible();
  await expect(dialog).toContainText(`${serial} shows zone 1.`);
  await dialog.getByRole('button', { name: 'Done' }).click();

  const row = page.getByRole('table', { name: 'Devices' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('Never reported');

  // The screen's next poll carries its token, once; the token opens the gateway.
  const paired = await poll();
  expect(paired.status()).toBe(200);
  const body = (await paired.json()) as {
    status: string;
    token: string;
    device: { serial_number: string; zones: number[] };
  };
  expect(body).toMatchObject({ status: 'paired', device: { serial_number: serial, zones: [1] } });
  expect((await poll()).status()).toBe(410);
  const playlist = await screen.get('/api/device/v1/playlist/', { headers: { authorization: `Bearer ${body.token}` } });
  expect(playlist.status()).toBe(200);
  expect(((await playlist.json()) as { zones: number[] }).zones).toEqual([1]);
  await screen.dispose();
});
