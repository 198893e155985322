// A screen's remote view as an operator uses it: a screen reports its queue, faults and screen state and
// sends a screenshot through the device gateway; the Screens list and the screen's page show them; a
// "Reload" clicked on the page reaches the screen in its next heartbeat's answer, and once the screen
// acknowledges it the history says it is done. Plus axe on the page.
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

/** A 64×36 blue JPEG. */
const JPEG = Buffer.from(
  '/9j/2wBDAA0JCgsKCA0LCgsODg0PEyAVExISEyccHhcgLikxMC4pLSwzOko+MzZGNywtQFdBRkxOUlNSMj5aYVpQYEpRUk//2wBDAQ4ODhMREyYVFSZPNS01T09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT09PT0//wAARCAAkAEADASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAAAAX/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCcAXUoAAAAAAAAAAAAAAAAAAAAAB//2Q==',
  'base64',
);

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('a screen reports its facts and a screenshot, and carries out a command sent from its page', async ({
  page,
  baseURL,
}) => {
  const name = unique('Remote');
  const created = await apiCall(page, baseURL!, 'POST', '/api/locations/', { name, address: '' });
  const { id: location } = (await created.json()) as { id: number };
  const serial = `REM-${Date.now().toString(36)}`;
  const registered = await apiCall(page, baseURL!, 'POST', '/api/devices/', {
    location,
    serial_number: serial,
    device_type: 'screen',
  });
  const { id, token } = (await registered.json()) as { id: number; token: string };
  const device = { authorization: `Bearer ${token}` };
  const heartbeat = async (body: Record<string, unknown> = {}) => {
    const res = await page.request.post(`${baseURL}/api/device/v1/heartbeat/`, {
      headers: device,
      data: { status: 'ok', ...body },
    });
    expect(res.status()).toBe(200);
    return (await res.json()) as { commands: { id: number; kind: string }[] };
  };
  await heartbeat({
    screen_state: 'on',
    queue_depth: 7,
    storage_used_mb: 900,
    storage_quota_mb: 2048,
    clock_offset_ms: 1500,
    faults: [{ kind: 'stalled', count: 2 }],
  });
  const shot = await page.request.post(`${baseURL}/api/device/v1/screenshot/`, {
    headers: { ...device, 'content-type': 'image/jpeg' },
    data: JPEG,
  });
  expect(shot.status()).toBe(200);

  await page.goto(`/screens?search=${serial}`);
  const row = page.getByRole('table', { name: 'Screens' }).getByRole('row', { name: new RegExp(serial) });
  await expect(row).toContainText('7 waiting');
  await expect(row).toContainText('2 faults');
  await expect(row.getByRole('link', { name: new RegExp(`^Screenshot of ${serial}`) })).toBeVisible();

  await row.getByRole('link', { name: serial, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/screen/${id}$`));
  await expect(page.getByText('1.5 s ahead')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Faults' })).toContainText('Playback stalled');
  const remote = page.getByRole('region', { name: 'Remote view' });
  await expect(remote.locator('img')).toBeVisible();
  await expectNoSeriousViolations(page, 'Screen page with its remote view');

  await remote.getByRole('button', { name: 'Reload' }).click();
  const history = remote.getByRole('table', { name: 'Commands' });
  await expect(history).toContainText('Queued');
  const { commands } = await heartbeat();
  expect(commands.map((c) => c.kind)).toEqual(['reload']);
  await heartbeat({ done_commands: [commands[0]!.id] });
  await page.reload();
  await expect(page.getByRole('table', { name: 'Commands' })).toContainText(/Done \d{4}-\d\d-\d\d/);
});
