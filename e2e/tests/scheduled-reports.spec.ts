// Scheduled reports (issue 16) as a user meets them: "Schedule by mail" on the plays-by-product report
// for the next minute, also to a colleague; the server's sweep mails it to both, and the outbox holds
// a MIME mail with the report as an xlsx attachment (read back by a spreadsheet library) and a
// one-click unsubscribe; the account page lists it with the colleague; its link unsubscribes without
// signing in; another one is cancelled on the account page.
import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { reportSubscriptionTexts as texts } from '@marquee/contracts/report-subscriptions';
import { statisticsColumns } from '@marquee/contracts/statistics';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { serverTimeZone } from '../fixtures/demo-data.ts';
import { createStaff, type Staff } from '../fixtures/staff.ts';
import { signInByApi } from '../fixtures/session.ts';
import { expect, test, type Page } from '../fixtures/test.ts';

const outbox = () => path.join(process.env.E2E_DATA!, 'main', 'outbox');

type Mail = { headers: Record<string, string>; text: string; attachments: { filename: string; content: Buffer }[] };

/** A MIME mail of the outbox: headers, the plain text and the attachments, decoded. */
function readMail(raw: string): Mail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headersOf = (block: string) =>
    Object.fromEntries(
      block
        .replace(/\r?\n[ \t]+/g, ' ')
        .split(/\r?\n/)
        .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
    );
  const headers = headersOf(head);
  const boundary = /boundary="?([^";]+)"?/.exec(headers['content-type'] ?? '')?.[1];
  const parts = rest
    .join('\n\n')
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const [partHead = '', ...body] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      return { headers: headersOf(partHead), body: body.join('\n\n') };
    });
  const text = parts.find((p) => p.headers['content-type']?.startsWith('text/plain'));
  const qp = (s: string) =>
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return {
    headers,
    text: text ? (text.headers['content-transfer-encoding'] === 'quoted-printable' ? qp(text.body) : text.body) : '',
    attachments: parts
      .filter((p) => p.headers['content-disposition']?.startsWith('attachment'))
      .map((p) => ({
        filename: /filename="?([^";]+)"?/.exec(p.headers['content-disposition']!)![1]!,
        content: Buffer.from(p.body.replace(/\s+/g, ''), 'base64'),
      })),
  };
}

/** Waits for the sweep to mail `to` a report with `subject`. */
async function reportMail(to: string, subject: string, timeoutMs = 150_000): Promise<Mail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(outbox()) ? fs.readdirSync(outbox()) : [];
    for (const file of files) {
      const mail = readMail(fs.readFileSync(path.join(outbox(), file), 'utf8'));
      if (mail.headers.to === to && mail.headers.subject === subject) return mail;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`no report "${subject}" mailed to ${to}`);
}

/**
 * HH:mm of a minute that starts 30–90 s from now in the server's time zone (the e2e server runs in
 * UTC). A subscription made after its time waits for the next day, so the minute must not start
 * before the dialog is filled in and saved: "the minute after now" started within a second or two
 * when now was late in its minute, and a slow machine missed it.
 */
async function nextMinute(page: Page, baseURL: string): Promise<string> {
  const time_zone = await serverTimeZone(page, baseURL);
  return new Intl.DateTimeFormat('en-GB', { timeZone: time_zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
    .format(new Date(Date.now() + 90_000))
    .replace(/^24/, '00');
}

async function schedule(
  page: Page,
  { time, weekly = false, recipient }: { time: string; weekly?: boolean; recipient?: Staff },
) {
  await page.getByRole('button', { name: 'Schedule by mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule by mail' });
  if (recipient) {
    const field = dialog.getByRole('combobox', { name: 'Also mail to' });
    await expect(field).toBeEnabled();
    await field.fill(recipient.username);
    await page.getByRole('option', { name: `<${recipient.username}@example.com>` }).click();
    await page.keyboard.press('Escape');
    await expect(dialog).toContainText(`${recipient.username}@example.com`);
  }
  if (weekly) {
    await dialog.getByRole('radio', { name: 'Weekly' }).check();
    await dialog.getByRole('combobox', { name: 'Day of the week' }).selectOption('Sunday');
  }
  await dialog.getByLabel(/^Time/).fill(time);
  await expect(dialog.getByRole('radio', { name: 'The last 30 days up to the day of sending' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Schedule' }).click();
  await expect(dialog).toBeHidden();
}

test('a subscription mails its report as xlsx to the outbox, to a colleague too; the account page lists it; unsubscribing', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const base = baseURL!;
  await signInByApi(page, base);
  // Who may list users may mail a report to other users too.
  const staff = await createStaff(page, base, 'Report reader', { permissions: ['list_eventstatistic', 'list_user'] });
  const colleague = await createStaff(page, base, 'Report colleague', { permissions: ['list_eventstatistic'] });
  const email = `${staff.username}@example.com`;
  const colleagueEmail = `${colleague.username}@example.com`;
  await page.context().clearCookies();
  await signInByApi(page, base, staff);

  await page.goto('/reports/campaigns/products');
  await expect(page.getByRole('heading', { level: 1, name: 'Plays by product' })).toBeVisible();
  const time = await nextMinute(page, base);
  await schedule(page, { time, recipient: colleague });
  await expect(page.getByText(`Scheduled "Plays by product": Every day at ${time} (UTC).`)).toBeVisible();

  const mail = await reportMail(email, texts.mailSubject('Plays by product'));
  expect(mail.headers['list-unsubscribe']).toMatch(
    /^<http:\/\/localhost:\d+\/api\/report-subscriptions\/unsubscribe\/[\w-]+\/>$/,
  );
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain('Days covered: the last 30 days up to the day of sending');
  const [file] = mail.attachments;
  expect(file!.filename).toMatch(/^Plays_by_product-\d{4}-\d{2}-\d{2}\.xlsx$/);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file!.content as unknown as ArrayBuffer);
  const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1);
  expect(header).toEqual(statisticsColumns(['product']).map((c) => c.label));
  // The demo history has plays of several products in the last 30 days.
  expect(workbook.worksheets[0]!.actualRowCount).toBeGreaterThan(2);

  // The colleague's own mail: named as sent by the reader, with a link of their own.
  const theirs = await reportMail(colleagueEmail, texts.mailSubject('Plays by product'));
  expect(theirs.text).toContain('attached is the scheduled report "Plays by product" that Report reader sends you');
  expect(theirs.attachments[0]!.filename).toBe(file!.filename);
  const theirLink = /https?:\/\/\S+\/unsubscribe\/[\w-]+/.exec(theirs.text)![0];
  expect(theirLink).not.toBe(/https?:\/\/\S+\/unsubscribe\/[\w-]+/.exec(mail.text)![0]);

  // A second one, weekly, to cancel on the account page.
  await schedule(page, { time: '07:15', weekly: true });

  await page.goto(`/user/${staff.id}`);
  const section = page.getByRole('region', { name: 'Scheduled reports' });
  const daily = section.getByRole('row', { name: new RegExp(`Every day at ${time}`) });
  await expect(daily).toContainText('Plays by product');
  await expect(daily).not.toContainText('Not yet');
  // Whom it goes to: the reader and the colleague.
  await expect(daily.getByRole('listitem')).toHaveText(['You', `Report colleague ${colleagueEmail}`]);
  await expect(section.getByRole('row', { name: /Every Sunday at 07:15/ }).getByRole('listitem')).toHaveText(['You']);
  await expect(section.getByRole('row', { name: /Every Sunday at 07:15/ })).toContainText('Not yet');
  await expectNoSeriousViolations(page, 'account page with scheduled reports');

  await section
    .getByRole('row', { name: /Every Sunday at 07:15/ })
    .getByRole('button', { name: /^Unsubscribe/ })
    .click();
  const confirm = page.getByRole('dialog', { name: 'Unsubscribe' });
  await expect(confirm).toContainText(texts.unsubscribeConfirm('Plays by product'));
  await confirm.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(texts.unsubscribed('Plays by product'))).toBeVisible();
  await expect(section.getByRole('row', { name: /Every Sunday/ })).toHaveCount(0);

  // The colleague's link takes only them off, without signing in.
  await page.context().clearCookies();
  await page.goto(new URL(theirLink).pathname);
  await expect(page.getByRole('status').filter({ hasText: texts.unsubscribed('Plays by product') })).toBeVisible();
  await signInByApi(page, base, staff);
  await page.goto(`/user/${staff.id}`);
  await expect(
    page
      .getByRole('region', { name: 'Scheduled reports' })
      .getByRole('row', { name: new RegExp(`Every day at ${time}`) })
      .getByRole('listitem'),
  ).toHaveText(['You']);

  // The reader's mail link cancels the daily one without signing in.
  const link = /https?:\/\/\S+\/unsubscribe\/[\w-]+/.exec(mail.text)![0];
  await page.context().clearCookies();
  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('status').filter({ hasText: texts.unsubscribed('Plays by product') })).toBeVisible();
  await expectNoSeriousViolations(page, 'unsubscribe page');
  await page.reload();
  await expect(page.getByText(texts.unsubscribeInvalid)).toBeVisible();

  await signInByApi(page, base, staff);
  await page.goto(`/user/${staff.id}`);
  await expect(page.getByRole('region', { name: 'Scheduled reports' })).toContainText(texts.empty);
});
