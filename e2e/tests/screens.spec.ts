// Screen health as an operator clicks through it (issue 16): the Screens list with its state filter in
// the URL, a location's Devices tab with the devices' facts, and the alert choices on My account; plus
// axe on each.
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('the Screens list shows each screen with its state and facts, filtered by state in the URL', async ({
  page,
  baseURL,
}) => {
  const locations = await page.request.get(`${baseURL}/api/locations/?page_size=0`);
  const station = ((await locations.json()) as { results: { id: number; name: string }[] }).results.find(
    (location) => location.name === 'Central Station Hall',
  )!;
  // A new screen on a location of its own: it has never reported.
  const name = unique('Kiosk');
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: '' });
  const { id: kiosk } = (await created.json()) as { id: number };
  const serial = `NEW-${Date.now().toString(36)}`;
  const registered = await apiCall(page, baseURL!, 'POST', '/api/devices/', {
    location: kiosk,
    serial_number: serial,
    device_type: 'totem',
  });
  expect(registered.status()).toBe(201);

  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Screens' }).click();
  await expect(page).toHaveURL(/\/screens$/);
  const table = page.getByRole('table', { name: 'Screens' });
  // The demo devices reported their facts through the gateway (online at first, offline once the
  // suite has run longer than DEVICE_OFFLINE_MINUTES).
  const demo = table.getByRole('row', { name: /CS-HALL-01/ });
  await expect(demo).toContainText(/Online|Offline/);
  await expect(demo).toContainText('marquee-sim/');
  await expect(demo).toContainText(/\d+(\.\d)? GB/);
  await expect(demo).toContainText(/\d+\.\d °C/);
  await expect(demo).toContainText(/Version [0-9a-f]{8}/);
  await expectNoSeriousViolations(page, 'Screens list');

  await page.getByRole('combobox', { name: 'State' }).click();
  await page.getByRole('option', { name: 'Never reported' }).click();
  await expect(page).toHaveURL(/\/screens\?state=never$/);
  const fresh = table.getByRole('row', { name: new RegExp(serial) });
  await expect(fresh).toContainText('Never reported');
  await expect(table.getByRole('row', { name: /CS-HALL-01/ })).toHaveCount(0);
  await expectNoSeriousViolations(page, 'Screens list filtered by state');

  // A reload keeps the filter; the location opens on its Devices tab.
  await page.reload();
  await expect(page.getByRole('combobox', { name: 'State' })).toHaveValue('Never reported');
  await fresh.getByRole('link', { name }).click();
  await expect(page).toHaveURL(new RegExp(`/location/${kiosk}\\?tab=devices$`));
  const devices = page.getByRole('table', { name: 'Devices' });
  const never = devices.getByRole('row', { name: new RegExp(serial) });
  await expect(never).toContainText('Never reported');
  await expect(never.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();

  // A reporting one shows its facts.
  await page.goto(`/location/${station.id}?tab=devices`);
  const reporting = devices.getByRole('row', { name: /CS-HALL-01/ });
  await expect(reporting).toContainText(/Online|Offline/);
  await expect(reporting).toContainText(/App marquee-sim\/\S+ · Up /);
  await expect(reporting).toContainText(/ · .+ ago/);
  // On, or off by schedule when the demo was made while Central Station was closed (01:00–05:00); the last
  // known when its simulated screen has gone quiet since.
  await expect(reporting.getByRole('cell', { name: /^(On|Off by schedule)( \(last known\))?$/ })).toBeVisible();
  await expectNoSeriousViolations(page, 'Devices tab with facts');
});

test('My account: alert choices per kind (which locations, message, e-mail) are kept', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'My account' }).click();
  const section = page.getByRole('region', { name: 'Alerts' });
  const save = section.getByRole('button', { name: 'Save alert choices' });
  // The administrator of a new database hears of the whole network, and is told that "mine" would
  // tell them of no screen (they manage no location).
  await expect(section.getByText(/You manage no location/)).toBeVisible();
  const stale = section.getByRole('row').filter({ hasText: 'Stale playlist' });
  await expect(stale.getByRole('radio', { name: 'All locations' })).toBeChecked();
  await expect(stale.getByRole('checkbox', { name: 'Stale playlist by e-mail' })).toBeChecked();
  await expect(save).toBeDisabled();
  await stale.getByRole('checkbox', { name: 'Stale playlist by e-mail' }).uncheck();
  await save.click();
  await expect(page.getByText('Alert choices saved.')).toBeVisible();
  await expectNoSeriousViolations(page, 'My account with alert choices');

  await page.reload();
  await expect(stale.getByRole('checkbox', { name: 'Stale playlist by e-mail' })).not.toBeChecked();
  await expect(stale.getByRole('checkbox', { name: 'Stale playlist by message' })).toBeChecked();

  // Back as it was, for the other specs.
  await stale.getByRole('checkbox', { name: 'Stale playlist by e-mail' }).check();
  await save.click();
  await expect(save).toBeDisabled();
});
