// The demo people of a fresh start: each signs in with the one demo password (no activation mail, no
// second factor) and does the job the role is named for — the approver approves, the location
// manager's home counts their own screens. (The seller's Find room and the operator's alerts have
// specs of their own: find-room.spec.ts and alerts.spec.ts.)
import { expect, test } from '../fixtures/test.ts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { TEN_SECOND_CLIP, clipOf, locationWithLoop, oneDayCampaign } from '../fixtures/inventory.ts';
import { dayIn, serverTimeZone } from '../fixtures/demo-data.ts';
import { ADMIN, DEMO_PASSWORD, signInByApi, unique } from '../fixtures/session.ts';

const PEOPLE = {
  seller: 'add_campaign',
  approver: 'approve_campaign',
  operator: 'list_device',
  locations: 'change_location',
  reports: 'list_eventstatistic',
  auditor: 'list_logentry',
  agency: 'change_videoclip',
  viewer: 'view_videoclip',
} as const;

test('each demo person signs in with the demo password and holds the permission of the job', async ({
  page,
  baseURL,
}) => {
  // The sign-in form, as a new user would.
  await page.goto('/login');
  await page.locator('input[name=username]').fill('seller');
  await page.locator('input[name=password]').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Welcome, Sam Seller' })).toBeVisible();

  for (const [username, permission] of Object.entries(PEOPLE)) {
    await signInByApi(page, baseURL!, { username, password: DEMO_PASSWORD });
    const me = (await (await page.request.get(`${baseURL}/api/user-info/`)).json()) as { _permissions: string[] };
    expect(me._permissions, username).toContain(permission);
  }
});

test('the approver approves a waiting campaign', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  const timeZone = await serverTimeZone(page, baseURL!);
  const location = await locationWithLoop(page, baseURL!, 60);
  const clip = await clipOf(page, baseURL!, TEN_SECOND_CLIP);
  const name = unique('Demo approval');
  const campaign = await oneDayCampaign(page, baseURL!, {
    name,
    clip: clip.id,
    location: location.id,
    day: dayIn(timeZone, 3),
  });

  await signInByApi(page, baseURL!, { username: 'approver', password: DEMO_PASSWORD });
  await page.goto(`/campaign/approve/${campaign.id}`);
  await expect(page.getByRole('button', { name: 'Approve' })).toBeEnabled();
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`Campaign "${name}" approved.`)).toBeVisible();
});

test("the location manager's home counts the screens of their own locations", async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, { username: 'locations', password: DEMO_PASSWORD });
  await page.goto('/');
  const screens = page.getByTestId('figure-screens');
  await expect(screens.getByRole('heading', { name: 'Screens at your 2 locations' })).toBeVisible();
  await expectNoSeriousViolations(page, 'Location manager home');
});
