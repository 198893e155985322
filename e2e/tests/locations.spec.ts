// Locations as an admin clicks through them: create one, its images, a zone's name and overlay, a
// device and its one-time token, disabling and enabling (and disabling one a booked campaign goes to,
// anyway, which its campaign page then tells; and a screen it plays on, whose confirm names it), and
// the zone settings grid; plus axe.
import { expect, test, type Page } from '../fixtures/test.ts';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { deviceTexts, locationTexts } from '@marquee/contracts/locations';
import { messages } from '@marquee/contracts/texts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { bookedAllDayScreen } from '../fixtures/inventory.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);
// A 1×1 GIF: an image, but not one the product accepts.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** Searches the Active or Disabled browse list for `name`. */
async function findInList(page: Page, status: 'Active' | 'Disabled', name: string) {
  await page.goto(status === 'Active' ? '/location' : '/location?is_active=false');
  await page.getByRole('textbox', { name: 'Search' }).fill(name);
  await expect(page).toHaveURL(/search=/);
  return page.getByRole('list', { name: 'Locations' }).getByRole('link', { name });
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('an admin creates a location with images, zones and a device, and disables and enables it', async ({ page }) => {
  const name = unique('Station');

  // Create: save and stay, at the new location's address.
  await page.goto('/location');
  await page.getByRole('link', { name: 'Add location' }).click();
  await expect(page).toHaveURL(/\/location\/add$/);
  await expectNoSeriousViolations(page, 'add location');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Address' }).fill('Platform 9, Springfield');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(`Location "${name}" created.`)).toBeVisible();
  await expect(page).toHaveURL(/\/location\/\d+$/);
  const locationUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByTitle('System id')).toHaveText(/^LOC-\d+$/);

  // Two images: the newest is the active one until the first is chosen again.
  const images = page.getByRole('region', { name: 'Images' });
  await expect(images.getByText('No image.')).toBeVisible();
  for (const [index, file] of ['first.png', 'second.png'].entries()) {
    await images.getByLabel('Image file').setInputFiles({ name: file, mimeType: 'image/png', buffer: PNG });
    await expect(
      images.getByRole('img', { name: new RegExp(`^Image ${index + 1} of ${index + 1}, active$`) }),
    ).toBeVisible();
  }
  await expect(images.getByRole('img', { name: 'Image 1 of 2', exact: true })).toBeVisible();
  await images.getByRole('button', { name: 'Make active' }).click();
  await expect(images.getByRole('img', { name: 'Image 1 of 2, active' })).toBeVisible();
  await expect(images.getByRole('img', { name: 'Image 2 of 2', exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'location with images');

  // Zones: the location has the configured zones; rename zone 1 (checked first) and give it an overlay.
  await page.getByRole('tab', { name: 'Zones' }).click();
  await expect(page).toHaveURL(/\?tab=zones$/);
  const zoneName = page.getByRole('textbox', { name: 'Name of zone 1' });
  await zoneName.fill('x'.repeat(51));
  await zoneName.press('Enter');
  await expect(page.getByText('Ensure this field has no more than 50 characters.')).toBeVisible();
  await zoneName.fill('Entrance hall');
  await zoneName.press('Enter');
  await expect(page.getByText('Zone 1 renamed to "Entrance hall".')).toBeVisible();

  const overlayFile = page.getByLabel('Overlay file of zone 1');
  await overlayFile.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText(messages.imageUnsupported)).toBeVisible();
  await overlayFile.setInputFiles({ name: 'frame.gif', mimeType: 'image/gif', buffer: GIF });
  await expect(page.getByText(messages.imageUnsupported)).toHaveCount(2);
  await overlayFile.setInputFiles({ name: 'frame.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Overlay of zone 1 uploaded.')).toBeVisible();
  const overlay = page.getByRole('img', { name: 'Overlay of zone 1' });
  await expect(overlay).toBeVisible();
  await expect.poll(() => overlay.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  await expectNoSeriousViolations(page, 'zones tab');

  // Devices: register one; its token is shown once.
  await page.getByRole('tab', { name: 'Devices' }).click();
  await expect(page).toHaveURL(/\?tab=devices$/);
  await expect(page.getByText('No devices are registered on this location.')).toBeVisible();
  const serial = `SN-${Date.now().toString(36)}`;
  await page.getByRole('button', { name: 'Register device' }).click();
  const register = page.getByRole('dialog', { name: 'Register device' });
  await register.getByRole('textbox', { name: 'Serial number' }).fill(serial);
  await register.getByRole('combobox', { name: 'Device type' }).click();
  await page.getByRole('option', { name: 'Totem' }).click();
  await register.getByRole('button', { name: 'Register' }).click();
  const shown = page.getByRole('dialog', { name: 'Device registered' });
  await expect(shown.getByText('This token will not be shown again.', { exact: false })).toBeVisible();
  await expect(shown.getByRole('button', { name: 'Copy token' })).toBeVisible();
  const token = (await shown.getByLabel('Device token').textContent())?.trim() ?? '';
  expect(token.length).toBeGreaterThanOrEqual(16);
  await expectNoSeriousViolations(page, 'device token dialog');
  await shown.getByRole('button', { name: 'Done' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(token)).toHaveCount(0);

  const devices = page.getByRole('table', { name: 'Devices' });
  const row = devices.getByRole('row', { name: new RegExp(serial) });
  await expect(row.getByRole('cell', { name: 'Totem' })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Never', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Never reported' })).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  // The token is not shown again, even after a reload.
  await page.reload();
  await expect(devices.getByRole('row', { name: new RegExp(serial) })).toBeVisible();
  await expect(page.getByText(token)).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('0 of 1 device online', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page, 'devices tab');

  // Disable: the location moves to the Disabled list; Enable brings it back.
  await page.getByRole('button', { name: 'Disable', exact: true }).click();
  await page.getByRole('dialog', { name: 'Disable location' }).getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Location "${name}" disabled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();
  await expect(await findInList(page, 'Disabled', name)).toBeVisible();
  await expect(await findInList(page, 'Active', name)).toHaveCount(0);
  await expect(page.getByText('No locations found.')).toBeVisible();

  await page.goto(locationUrl);
  await page.getByRole('button', { name: 'Enable', exact: true }).click();
  await page.getByRole('dialog', { name: 'Enable location' }).getByRole('button', { name: 'Enable' }).click();
  await expect(page.getByText(`Location "${name}" enabled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  const link = await findInList(page, 'Active', name);
  await expect(link).toBeVisible();
  await expectNoSeriousViolations(page, 'locations list');

  // Zone settings: every zone in the grid; filter by the location and find the renamed zone with its overlay.
  await page.getByRole('link', { name: 'Zone settings' }).click();
  await expect(page).toHaveURL(/\/location\/zones$/);
  const grid = page.getByRole('table', { name: 'Zones' });
  await expect(grid.getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('combobox', { name: 'Location' }).fill(name);
  await page.getByRole('option', { name }).click();
  await expect(page).toHaveURL(/location=\d+/);
  await expect(grid.getByRole('textbox', { name: `Name of zone 1 at ${name}` })).toHaveValue('Entrance hall');
  await expect(grid.getByRole('img', { name: `Overlay of zone 1 at ${name}` })).toBeVisible();
  await expect(page.getByText('4 rows')).toBeVisible();
  await expectNoSeriousViolations(page, 'zone settings');

  // Renaming in the grid shows on the location's zones tab.
  const gridName = grid.getByRole('textbox', { name: `Name of zone 2 at ${name}` });
  await gridName.fill('Platform');
  await grid.getByRole('button', { name: 'Save the name of zone 2' }).click();
  await expect(page.getByText('Zone 2 renamed to "Platform".')).toBeVisible();
  await grid.getByRole('link', { name }).first().click();
  await expect(page).toHaveURL(/\?tab=zones$/);
  await expect(page.getByRole('textbox', { name: 'Name of zone 2' })).toHaveValue('Platform');
});

test('the zone settings search is kept in the URL and the list shows devices per location', async ({
  page,
  baseURL,
}) => {
  const name = unique('Kiosk');
  const response = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: '' });
  expect(response.status()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  const device = await apiCall(page, baseURL!, 'POST', '/api/devices/', {
    location: id,
    serial_number: `KS-${Date.now().toString(36)}`,
    device_type: 'screen',
  });
  expect(device.status()).toBe(201);

  const link = await findInList(page, 'Active', name);
  await expect(link).toBeVisible();
  const item = page.getByRole('list', { name: 'Locations' }).getByRole('listitem').filter({ hasText: name });
  await expect(item.getByText('0 of 1 device online')).toBeVisible();
  await expectNoSeriousViolations(page, 'locations list with devices');

  await page.goto(`/location/zones?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(name);
  const grid = page.getByRole('table', { name: 'Zones' });
  await expect(grid.getByRole('textbox', { name: `Name of zone 1 at ${name}` })).toBeVisible();
  await expect(page.getByText('4 rows')).toBeVisible();

  // Keyboard: the grid's first row takes focus and the arrows move between rows.
  await grid.getByRole('row').nth(1).focus();
  await page.keyboard.press('ArrowDown');
  await expect(grid.getByRole('row').nth(2)).toBeFocused();
});

test('disabling a location a booked campaign goes to names the campaign and is done only anyway', async ({
  page,
  baseURL,
}) => {
  // The admin holds override_capacity, so the refusal comes with "Disable anyway".
  const booked = await bookedAllDayScreen(page, baseURL!, {
    place: 'Booked kiosk',
    campaign: 'Kiosk launch',
    serialPrefix: 'DISABLE',
  });
  const refusal = locationTexts.disableBooked([booked.campaign.name]);
  await page.goto(`/location/${booked.location.id}`);
  const disable = async () => {
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await page.getByRole('dialog', { name: 'Disable location' }).getByRole('button', { name: 'Disable' }).click();
  };
  await disable();
  const anyway = page.getByRole('dialog', { name: 'Disable anyway' });
  await expect(anyway).toContainText(refusal);
  await expectNoSeriousViolations(page, 'Disable anyway dialog');
  // Cancelled: nothing changes.
  await anyway.getByRole('button', { name: 'Cancel' }).click();
  await expect(anyway).toBeHidden();
  await expect(page.getByRole('button', { name: 'Disable', exact: true })).toBeVisible();
  await disable();
  await anyway.getByRole('button', { name: 'Disable anyway' }).click();
  await expect(page.getByText(`Location "${booked.location.name}" disabled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enable', exact: true })).toBeVisible();

  // The campaign page says the campaign no longer plays there.
  await page.goto(`/campaign/${booked.campaign.id}`);
  await expect(page.getByRole('alert', { name: 'Not playing' })).toHaveText(
    campaignTexts.locationDisabled(booked.location.name),
  );
  await expectNoSeriousViolations(page, 'campaign page with a disabled location');

  // The list's bulk Disable: the refused row names the campaign, and "Disable anyway" does it.
  const other = await bookedAllDayScreen(page, baseURL!, {
    place: 'Booked corner',
    campaign: 'Corner launch',
    serialPrefix: 'DISABLE',
  });
  await findInList(page, 'Active', other.location.name);
  await page.getByRole('checkbox', { name: `Select ${other.location.name}` }).check();
  await page.getByRole('group', { name: 'Selected locations' }).getByRole('button', { name: 'Disable' }).click();
  await page
    .getByRole('dialog', { name: 'Disable 1 location?' })
    .getByRole('button', { name: 'Disable 1 location' })
    .click();
  const outcome = page.getByRole('dialog', { name: '0 of 1 location disabled' });
  await expect(outcome.getByRole('list', { name: 'Refused locations' })).toContainText(
    `${other.location.name}: ${locationTexts.disableBooked([other.campaign.name])}`,
  );
  await outcome.getByRole('button', { name: 'Disable anyway' }).click();
  await expect(page.getByText('1 location disabled.')).toBeVisible();
  await expect(await findInList(page, 'Disabled', other.location.name)).toBeVisible();
});

test('disabling a screen a booked campaign plays on names the campaign in the confirm, and disables it', async ({
  page,
  baseURL,
}) => {
  const booked = await bookedAllDayScreen(page, baseURL!, {
    place: 'Screened kiosk',
    campaign: 'Screen launch',
    serialPrefix: 'DIM',
  });
  await page.goto(`/location/${booked.location.id}?tab=devices`);
  await page.getByRole('button', { name: `Disable device ${booked.screen.serial_number}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Disable device' });
  // Its only screen: the campaign is left without one there.
  await expect(confirm).toContainText(deviceTexts.disableLastScreen(booked.location.name, [booked.campaign.name]));
  await expectNoSeriousViolations(page, 'Disable device confirm naming a campaign');
  // A warning, not a refusal: Disable goes ahead.
  await confirm.getByRole('button', { name: 'Disable' }).click();
  await expect(page.getByText(`Device "${booked.screen.serial_number}" disabled.`)).toBeVisible();
  await expect(page.getByRole('button', { name: `Enable device ${booked.screen.serial_number}` })).toBeVisible();
});
