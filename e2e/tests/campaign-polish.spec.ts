// Issue 13's campaign polish as a user meets it: Enter in a date field does not save the campaign
// form, error toasts come one at a time, close by themselves and go on a successful save, the
// approval screen shows who sent a campaign and plays its clip without scrolling, and the list's
// state badges are whole at 1440 px.
import type { Request } from '@playwright/test';
import { expect, test, type Page } from '../fixtures/test.ts';
import type { Campaign } from '@marquee/contracts/campaigns';
import { messages } from '@marquee/contracts/texts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { dayIn, idsByName, serverTimeZone } from '../fixtures/demo-data.ts';
import { ADMIN, apiCall, signInByApi, unique } from '../fixtures/session.ts';

const WITH_DEVICES = 'University Library';
const CLIP = 'Lumen X phone spot';
/** The demo campaign that waits for approval at four locations, after others in their loops. */
const WAITING = 'Lumen X preorders';
const WIDE = { width: 1440, height: 900 };
const FORM_ERROR = `${messages.errorPrefix} ${messages.formHasErrors}`;

async function idByName(page: Page, baseURL: string, endpoint: string, name: string): Promise<number> {
  const id = (await idsByName(page, baseURL, endpoint)).get(name);
  if (id === undefined) throw new Error(`no ${name} in ${endpoint}`);
  return id;
}

/** A new campaign (New, valid) made through the API, so the test edits nothing of the demo data. */
async function newCampaign(page: Page, baseURL: string): Promise<Campaign> {
  const timeZone = await serverTimeZone(page, baseURL);
  const response = await apiCall(page, baseURL, 'POST', '/api/campaigns/', {
    name: unique('Polish'),
    videoclip: await idByName(page, baseURL, '/api/videoclips/', CLIP),
    start_date: dayIn(timeZone, 2),
    end_date: dayIn(timeZone, 9),
    locations: [await idByName(page, baseURL, '/api/locations/', WITH_DEVICES)],
    p_zones: [1],
  });
  if (!response.ok()) throw new Error(`campaign: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Campaign;
}

/** Every request that would save a campaign (POST or PUT/PATCH under /api/campaigns/). */
function watchSaves(page: Page): Request[] {
  const saves: Request[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/campaigns/') && ['POST', 'PUT', 'PATCH'].includes(request.method())) saves.push(request);
  });
  return saves;
}

test.beforeEach(async ({ page, baseURL }) => {
  await page.setViewportSize(WIDE);
  await signInByApi(page, baseURL!, ADMIN);
});

test('Enter in a date field does not save; form errors show one toast that closes by itself and goes on a save', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const campaign = await newCampaign(page, baseURL!);
  const saves = watchSaves(page);
  await page.goto(`/campaign/${campaign.id}`);
  const form = page.getByRole('form', { name: campaign.name });
  const name = form.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue(campaign.name);

  for (const label of [/Start date/, /End date/]) {
    const field = form.getByRole('textbox', { name: label });
    await field.click();
    await field.press('Enter');
    await expect(field).toBeFocused();
  }
  // A submit would have shown its result by the time the page has drawn twice more; then nothing may
  // have been sent and no toast shown.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300)))),
  );
  expect(saves.map((request) => `${request.method()} ${request.url()}`)).toEqual([]);
  await expect(page.getByRole('alert').filter({ hasText: messages.errorPrefix })).toHaveCount(0);
  await expect(page.getByText(/Campaign ".*" saved\./)).toHaveCount(0);

  // The form refuses an empty name three times: one toast, not three.
  await name.fill('');
  const save = page.getByRole('button', { name: 'Save' });
  const errorToasts = page.getByRole('alert').filter({ hasText: FORM_ERROR });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    await save.click();
    await expect(errorToasts).toHaveCount(1);
  }
  expect(saves).toEqual([]);
  await expectNoSeriousViolations(page, 'campaign form with an error toast');
  // Left alone (the pointer away from it: hovering keeps a toast open), it closes by itself.
  await page.mouse.move(WIDE.width - 10, 10);
  await expect(errorToasts).toHaveCount(0, { timeout: 20_000 });

  // Refused again, then saved: the success takes the error toast away at once, well before its timer.
  await save.click();
  await expect(errorToasts).toHaveCount(1);
  await name.fill(`${campaign.name} v2`);
  await save.click();
  await expect(page.getByRole('alert').filter({ hasText: `Campaign "${campaign.name} v2" saved.` })).toBeVisible();
  await expect(errorToasts).toHaveCount(0, { timeout: 3_000 });
  expect(saves.map((request) => request.method())).toEqual(['PUT']);
});

test('the approval screen names the author and starts both players on the reviewed clip, in view at 1440×900', async ({
  page,
  baseURL,
}) => {
  const waiting = (await (
    await page.request.get(`${baseURL}/api/campaigns/?for_approval=true&page_size=0`)
  ).json()) as {
    results: Campaign[];
  };
  const campaign = waiting.results.find((row) => row.name === WAITING) ?? waiting.results[0];
  if (!campaign) throw new Error('no demo campaign waits for approval');
  const clip = campaign.videoclip_data!;
  expect(campaign.author).not.toBeNull();

  await page.goto(`/campaign/approve/${campaign.id}`);
  await expect(page.getByRole('heading', { name: campaign.name, level: 1 })).toBeVisible();
  await expect(
    page.getByText(new RegExp(`by ${campaign.author!.full_name} \\(${campaign.author!.username}\\)`)),
  ).toBeVisible();

  const reviewed = page.getByRole('group', { name: `Video player: Clip under review: ${clip.name}` });
  await expect(reviewed.locator('video')).toHaveAttribute('src', clip.video_file);
  // Seen without scrolling: the whole picture is inside the window.
  await expect(reviewed.locator('video')).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // The loop's player (further down, with the playlist) starts on this campaign's clip too.
  const loop = page.getByRole('group', { name: 'Video player: Playlist preview' });
  await expect(loop.locator('video')).toHaveAttribute('src', clip.video_file);
  await expect(loop).toContainText(new RegExp(`clip \\d+ of \\d+: ${clip.name}`));
  await expect(loop.getByRole('list', { name: 'Playlist' }).locator('[aria-current="true"]')).toContainText(clip.name);
  await expectNoSeriousViolations(page, 'approval screen');
});

test('the campaign list shows every state badge whole at 1440 px', async ({ page }) => {
  await page.goto('/campaign');
  const table = page.getByRole('table', { name: 'Campaigns' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(table.locator('.mantine-Badge-label').first()).toBeVisible();
  const cut = await table
    .locator('.mantine-Badge-label')
    .evaluateAll((labels) =>
      labels.filter((label) => label.scrollWidth > label.clientWidth).map((label) => label.textContent),
    );
  expect(cut).toEqual([]);
  // Every demo state that has a long name is on the page (the widest badges).
  for (const state of ['Approved', 'Rejected', 'Finished']) {
    await expect(table.getByText(state, { exact: true }).first()).toBeVisible();
  }
});
