// A campaign's life as staff live it: a campaign manager creates one (every rule of the form
// provoked on the way, a clip dropped into the playlist), an approver rejects it, the author reads
// why, edits and resubmits, the approver sees what changed and approves; it shows in the calendar;
// editing it again asks first and sends it back for approval; deactivating closes it.
import { expect, test, type Browser, type Locator, type Page } from '../fixtures/test.ts';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { messages } from '@marquee/contracts/texts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, signInByApi, unique } from '../fixtures/session.ts';
import { createStaff, type Staff } from '../fixtures/staff.ts';
import { dayIn, idsByName } from '../fixtures/demo-data.ts';

const WITH_DEVICES = 'University Library';
const WITHOUT_DEVICES = 'Harbour Ferry Terminal';
const CLIP = 'Lumen X phone spot';

async function signedInPage(browser: Browser, baseURL: string, user: Staff): Promise<Page> {
  const page = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  await signInByApi(page, baseURL, user);
  return page;
}

/** Turns a switch or checkbox on from the keyboard (Mantine's inputs sit under their styled track). */
async function turnOn(control: Locator) {
  await control.focus();
  await control.press('Space');
  await expect(control).toBeChecked();
}

/** Drags the clip card named `clip` from the clip box onto the playlist. */
async function dropClip(page: Page, clip: string) {
  const handle = page.getByRole('listitem').filter({ hasText: clip }).locator('[title="Drag into the playlist"]');
  const target = page.getByRole('list', { name: 'Playlist order' }).or(page.getByText('Nothing plays here yet'));
  await page.getByRole('heading', { name: 'Clip and playlist' }).scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const from = (await handle.boundingBox())!;
  const to = (await target.first().boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 8, { steps: 15 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height - 4, { steps: 2 });
  await page.mouse.up();
}

test('a campaign is created, rejected, resubmitted, approved, shown in the calendar, edited and deactivated', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await signInByApi(page, baseURL!, ADMIN);
  const config = (await (await page.request.get(`${baseURL}/api/config/`)).json()) as {
    time_zone: string;
    age_groups: { id: number; label: string }[];
  };
  const locations = await idsByName(page, baseURL!, '/api/locations/');
  const advertisers = await idsByName(page, baseURL!, '/api/advertisers/');
  const author = await createStaff(page, baseURL!, 'carla', {
    permissions: [
      'add_campaign',
      'change_campaign',
      'view_campaign',
      'list_campaign',
      'list_location',
      'view_location',
      'list_advertiser',
      'list_product',
      'list_videoclip',
    ],
    campaignLocations: [locations.get(WITH_DEVICES)!, locations.get(WITHOUT_DEVICES)!],
    advertisers: [advertisers.get('Lumen Mobile')!],
  });
  const approverAccount = await createStaff(page, baseURL!, 'arno', {
    permissions: ['approve_campaign', 'list_campaign', 'view_campaign', 'list_location'],
  });
  const staff = await signedInPage(browser, baseURL!, author);
  const approver = await signedInPage(browser, baseURL!, approverAccount);
  const name = unique('Lumen launch');
  const start = dayIn(config.time_zone, 1);
  const end = dayIn(config.time_zone, 4);

  // The author opens an empty campaign and saves: every rule speaks, word for word.
  await staff.goto('/campaign');
  await staff.getByRole('link', { name: 'Add campaign' }).click();
  await expect(staff).toHaveURL(/\/campaign\/add$/);
  const form = staff.getByRole('main');
  await form.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(form.getByRole('textbox', { name: /Start date/ })).toBeDisabled();
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(messages.selectVideoClip)).toBeVisible();
  await expect(staff.getByText(messages.selectLocation)).toBeVisible();
  await expect(staff.getByText(messages.selectZone)).toBeVisible();
  await expect(staff.getByText(messages.formHasErrors)).toBeVisible();
  await expectNoSeriousViolations(staff, 'campaign form with errors');

  // A location without devices is offered but cannot be chosen; one with devices can.
  const picker = form.getByRole('combobox', { name: /Locations/ });
  await picker.click();
  const noDevices = staff.getByRole('option', { name: `${WITHOUT_DEVICES} (no devices)` });
  await expect(noDevices).toHaveAttribute('data-combobox-disabled', 'true');
  await noDevices.click({ force: true });
  await expect(form.getByRole('textbox', { name: /Start date/ })).toBeDisabled();
  await staff.getByRole('option', { name: WITH_DEVICES }).click();
  await staff.keyboard.press('Escape');
  await expect(staff.getByText(messages.selectLocation)).toBeHidden();

  // Dates: the start opens once a location is chosen and the end follows it.
  const startDate = form.getByRole('textbox', { name: /Start date/ });
  await expect(startDate).toBeEnabled();
  await startDate.fill(start);
  await startDate.press('Tab');
  await expect(form.getByRole('textbox', { name: /End date/ })).toHaveValue(start);
  const endDate = form.getByRole('textbox', { name: /End date/ });
  await endDate.fill(end);
  await endDate.press('Tab');
  await expect(endDate).toHaveValue(end);

  // Zones with an overlay, a time window, gender and age groups.
  await turnOn(form.getByRole('checkbox', { name: 'Zone 1' }));
  await turnOn(form.getByRole('switch', { name: 'Overlay in zone 1' }));
  await turnOn(form.getByRole('checkbox', { name: 'Zone 2' }));
  await turnOn(form.getByRole('switch', { name: /Play only in a daily time window/ }));
  await form
    .getByRole('textbox', { name: /From/ })
    .or(form.getByRole('combobox', { name: /From/ }))
    .click();
  await staff.getByRole('option', { name: '08:00' }).click();
  await form
    .getByRole('textbox', { name: /Until/ })
    .or(form.getByRole('combobox', { name: /Until/ }))
    .click();
  await staff.getByRole('option', { name: '20:00' }).click();
  await turnOn(form.getByRole('switch', { name: /Target a gender/ }));
  await turnOn(form.getByRole('radio', { name: 'Women' }));
  await turnOn(form.getByRole('switch', { name: /Target age groups/ }));
  await turnOn(form.getByRole('checkbox', { name: config.age_groups[1]!.label }));

  // The clip is dropped into the playlist; adding it again asks first.
  await dropClip(staff, CLIP);
  const playlist = staff.getByRole('list', { name: 'Playlist order' });
  await expect(playlist.getByRole('listitem', { name: new RegExp(`${CLIP}, this campaign`) })).toBeVisible();
  await expect(staff.getByText(messages.selectVideoClip)).toBeHidden();
  await staff.getByRole('button', { name: `Add ${CLIP} to the playlist` }).click();
  const duplicate = staff.getByRole('dialog', { name: messages.duplicateClipTitle });
  await expect(duplicate.getByText(messages.duplicateClipText)).toBeVisible();
  await duplicate.getByRole('button', { name: 'Cancel' }).click();
  await expect(duplicate).toBeHidden();

  await form.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(`Campaign "${name}" created.`)).toBeVisible();
  await expect(staff).toHaveURL(/\/campaign\/\d+$/);
  const id = Number(staff.url().split('/').pop());
  await expect(form.getByText('New', { exact: true })).toBeVisible();

  // The approver rejects it: a reason is needed, and "Other" needs a text.
  await approver.goto('/campaign/approve');
  await approver.getByRole('link', { name }).click();
  await expect(approver).toHaveURL(new RegExp(`/campaign/approve/${id}$`));
  await expect(approver.getByText('First approval: this campaign has not been approved before.')).toBeVisible();
  await expectNoSeriousViolations(approver, 'approval screen');
  await approver.getByRole('button', { name: 'Reject' }).click();
  const reject = approver.getByRole('dialog', { name: 'Reject campaign' });
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText(messages.rejectionReasonRequired)).toBeVisible();
  await reject.getByRole('combobox', { name: 'Reason' }).click();
  await approver.getByRole('option', { name: 'Other' }).click();
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(reject.getByText(messages.rejectionTextRequired)).toBeVisible();
  await reject.getByRole('textbox', { name: 'Comments' }).fill('The phone is shown upside down.');
  await reject.getByRole('button', { name: 'Reject' }).click();
  await expect(approver.getByText(`Campaign "${name}" rejected.`)).toBeVisible();
  await expect(approver).toHaveURL(/\/campaign\/approve$/);

  // The author reads why, edits and resubmits (a rejected campaign needs no confirmation).
  await staff.goto('/messages');
  await expect(
    staff.getByText(campaignTexts.rejectedMessage(name, 'Other', 'The phone is shown upside down.')),
  ).toBeVisible();
  await staff.goto(`/campaign/${id}`);
  await expect(form.getByText('The phone is shown upside down.')).toBeVisible();
  await form.getByRole('textbox', { name: 'Name' }).fill(`${name} v2`);
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(`Campaign "${name} v2" saved.`)).toBeVisible();
  await expect(form.getByText('New', { exact: true })).toBeVisible();

  // The approver sees what changed since the rejection and approves.
  await approver.goto(`/campaign/approve/${id}`);
  const sinceRejection = approver.getByRole('table', { name: 'Changes since the rejection' });
  await expect(sinceRejection.getByRole('row', { name: /Name/ })).toContainText(`${name} v2`);
  await expect(sinceRejection.getByRole('row')).toHaveCount(2);
  await approver.getByRole('button', { name: 'Approve' }).click();
  await expect(approver.getByText(`Campaign "${name} v2" approved.`)).toBeVisible();
  await staff.goto('/messages');
  await expect(staff.getByText(campaignTexts.approvedMessage(`${name} v2`))).toBeVisible();

  // The calendar counts it at the location on its days; the day's list and its details show it.
  await staff.goto(`/campaign/calendar/${start}`);
  const calendar = staff.getByRole('table', { name: 'Campaigns per location and day' });
  const cell = calendar.getByRole('link', { name: new RegExp(`campaigns? at ${WITH_DEVICES} on `) }).first();
  await expect(cell).toBeVisible();
  await expectNoSeriousViolations(staff, 'calendar');
  // Not the day after its end.
  const after = dayIn(config.time_zone, 5);
  await staff.goto(`/campaign/calendar/${start}/list/${locations.get(WITH_DEVICES)}/${after}`);
  await expect(
    staff
      .getByRole('table', { name: new RegExp(`^Campaigns at ${WITH_DEVICES} on `) })
      .or(staff.getByText(`No campaigns play at ${WITH_DEVICES} on this day.`)),
  ).toBeVisible();
  await expect(staff.getByRole('link', { name: `${name} v2` })).toBeHidden();
  await staff.goto(`/campaign/calendar/${start}/list/${locations.get(WITH_DEVICES)}/${start}`);
  await staff.getByRole('link', { name: `${name} v2` }).click();
  await expect(staff).toHaveURL(new RegExp(`/list/${locations.get(WITH_DEVICES)}/${start}/${id}$`));
  const details = staff.getByRole('region', { name: 'Campaign details' });
  await expect(details.getByText(`${name} v2`).first()).toBeVisible();
  await expect(details.getByRole('table', { name: `Zones at ${WITH_DEVICES}` })).toBeVisible();

  // Editing the approved campaign asks first and sends it back for approval.
  await staff.goto(`/campaign/${id}`);
  await expect(form.getByText('Approved', { exact: true })).toBeVisible();
  await form.getByRole('textbox', { name: 'Comments' }).fill('Now with the spring price.');
  await form.getByRole('button', { name: 'Save' }).click();
  const confirm = staff.getByRole('dialog', { name: campaignTexts.editApprovedTitle });
  await expect(confirm.getByText(campaignTexts.editApprovedText)).toBeVisible();
  await confirm.getByRole('button', { name: 'Save' }).click();
  await expect(staff.getByText(`Campaign "${name} v2" saved.`)).toBeVisible();
  await expect(form.getByText('New', { exact: true })).toBeVisible();

  // The approver sees exactly what changed since the approved version.
  await approver.goto(`/campaign/approve/${id}`);
  const changes = approver.getByRole('table', { name: 'Changes since the last approval' });
  await expect(changes.getByRole('row', { name: /Comments/ })).toContainText('Now with the spring price.');
  await expect(changes.getByRole('row')).toHaveCount(2);

  // Deactivating closes it for good: read-only, no Save.
  await form.getByRole('button', { name: 'Deactivate' }).click();
  const deactivate = staff.getByRole('dialog', { name: 'Deactivate campaign' });
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(staff.getByText(`Campaign "${name} v2" deactivated.`)).toBeVisible();
  await expect(form.getByText('Finished', { exact: true })).toBeVisible();
  await expect(form.getByRole('button', { name: 'Save' })).toBeHidden();
  await expect(form.getByRole('textbox', { name: 'Name' })).not.toBeEditable();
});
