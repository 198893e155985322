// The catalogue as an admin clicks through it: an advertiser (with an image), a product of it, a
// real video uploaded for a clip of that product and played; disabling and re-enabling each; the
// two checks of a video before its upload; and the screens' accessibility.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '../fixtures/test.ts';
import { formatFileSize } from '@marquee/contracts/files';
import { messages } from '@marquee/contracts/texts';
import { expectNoSeriousViolations } from '../fixtures/axe.ts';
import { ADMIN, signInByApi, unique } from '../fixtures/session.ts';

const require = createRequire(import.meta.url);

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);

/** A real 2-second VP8 video (Chromium plays webm), made with the packaged ffmpeg. */
function makeVideo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-clip-'));
  const file = path.join(dir, 'spring-teaser.webm');
  const ffmpeg = (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=2:size=320x240:rate=25',
    '-c:v',
    'libvpx',
    '-b:v',
    '200k',
    file,
  ]);
  return file;
}

/** Disable (after confirming) and enable again (after confirming) from the edit screen's header. */
async function disableAndEnable(page: Page) {
  const header = page.locator('main');
  await header.getByRole('button', { name: 'Disable' }).click();
  let dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Disable' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByText('Disabled', { exact: true })).toBeVisible();
  await header.getByRole('button', { name: 'Enable' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Enable' }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByRole('button', { name: 'Disable' })).toBeVisible();
  await expect(header.getByText('Disabled', { exact: true })).toBeHidden();
}

/** Picks `option` in the searchable select labelled `label`. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('textbox', { name: label }).or(page.getByRole('combobox', { name: label }));
  await input.click();
  await input.fill(option);
  await page.getByRole('option', { name: option }).click();
}

test.beforeEach(async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
});

test('an admin creates an advertiser, a product and a clip from a real video, plays it and disables each', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const advertiserName = unique('Acme Café');
  const productName = unique('Rocket');
  const video = makeVideo();
  const videoSize = fs.statSync(video).size;

  // The advertiser: its slug follows the name; then an image.
  await page.goto('/advertiser/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(advertiserName);
  await expect(page.getByRole('textbox', { name: 'Slug' })).toHaveValue(/^acme-cafe-/);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/advertiser\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: advertiserName })).toBeVisible();
  const images = page.getByRole('region', { name: 'Images' });
  await images.getByLabel('Image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(images.getByRole('img', { name: 'Image 1 of 1, active' })).toBeVisible();
  await expectNoSeriousViolations(page, page.url());
  const advertiserUrl = page.url();

  // A product of it.
  await page.goto('/product/add');
  await page.getByRole('textbox', { name: 'Name' }).fill(productName);
  await choose(page, 'Advertiser', advertiserName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/product\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(page.getByText('This product has no video clips yet.')).toBeVisible();
  const productUrl = page.url();

  // A clip: nothing attached, then too big, are refused before any upload.
  await page.goto('/video/add');
  await expect(page.getByText(/up to 5\.0 MB/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(messages.videoRequired)).toBeVisible();
  let uploads = 0;
  page.on('request', (request) => {
    if (request.url().includes('/api/videoclip-media/')) uploads += 1;
  });
  const fileInput = page.locator('input[type=file]');
  await fileInput.setInputFiles({
    name: 'big.mp4',
    mimeType: 'video/mp4',
    buffer: crypto.randomBytes(6 * 1024 * 1024),
  });
  await expect(page.getByRole('alert').filter({ hasText: messages.videoTooBig })).toBeVisible();
  expect(uploads).toBe(0);

  // The real video: its upload shows progress (held back a moment so it can be seen), then the video.
  await page.route('**/api/videoclip-media/', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await fileInput.setInputFiles(video);
  // (At 0% the bar's filled part has no width: it is there, but not "visible".)
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeAttached();
  await expect(page.getByText(/^\d{1,3}%$/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel upload' })).toBeVisible();
  await expect(page.getByText(messages.videoTooBig)).toBeHidden();
  await expect(page.getByTestId('media-duration')).toHaveText('0:02', { timeout: 30_000 });
  await expect(page.getByTestId('media-size')).toHaveText(formatFileSize(videoSize));
  const thumbnail = page.getByRole('img', { name: 'Thumbnail of spring-teaser.webm' });
  await expect.poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  expect(uploads).toBe(1);
  await page.unroute('**/api/videoclip-media/');
  // The name defaults to the file's.
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('spring-teaser');
  await choose(page, 'Product', productName);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'spring-teaser' })).toBeVisible();

  // It plays in the player, and in the popup.
  const player = page.getByRole('group', { name: 'Video player: spring-teaser' });
  const videoElement = player.locator('video');
  await expect(videoElement).toHaveAttribute('poster', /\/thumb\/$/);
  await player.getByRole('button', { name: 'Play' }).click();
  await expect(player).toHaveAttribute('data-status', 'playing');
  await expect.poll(() => videoElement.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await expect(player.getByRole('alert')).toHaveCount(0);
  await player.getByRole('button', { name: 'Pause' }).click();
  await expect(player).toHaveAttribute('data-status', 'paused');
  await player.getByRole('button', { name: 'Open in a popup' }).click();
  const popup = page.getByRole('dialog', { name: 'spring-teaser' });
  await expect(popup).toBeVisible();
  const popupVideo = popup.locator('video');
  await expect.poll(() => popupVideo.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0.2);
  await popup.getByRole('button', { name: 'Close the popup player' }).click();
  await expect(popup).toBeHidden();
  await expect(page.getByText('320 × 240')).toBeVisible();
  await expectNoSeriousViolations(page, page.url());

  await disableAndEnable(page);

  // The clip is listed with its product, under the product and the advertiser.
  await page.goto(productUrl);
  await expect(page.getByRole('table').getByRole('link', { name: 'spring-teaser' })).toBeVisible();
  await expectNoSeriousViolations(page, page.url());
  await disableAndEnable(page);

  await page.goto(advertiserUrl);
  await page.getByRole('tab', { name: 'Video clips' }).click();
  const clips = page.getByRole('table', { name: `Video clips of ${advertiserName}` });
  await expect(clips.getByRole('link', { name: 'spring-teaser' })).toBeVisible();
  await expect(clips.getByRole('cell', { name: productName })).toBeVisible();
  await expect(clips.getByRole('cell', { name: '0:02' })).toBeVisible();
  await disableAndEnable(page);

  // The clip list filters by advertiser (in the URL).
  await page.goto('/video');
  await choose(page, 'Advertiser', advertiserName);
  await expect(page).toHaveURL(/product__advertiser=\d+/);
  const list = page.getByRole('table', { name: 'Video clips' });
  await expect(list.getByRole('row')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'spring-teaser' })).toBeVisible();
});

for (const route of ['/advertiser', '/advertiser/add', '/product', '/product/add', '/video', '/video/add']) {
  test(`${route} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, page.url());
  });
}

test('the clip screen fits a tablet', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 1000 });
  await page.goto('/video');
  await page.getByRole('table', { name: 'Video clips' }).getByRole('link').first().click();
  await expect(page).toHaveURL(/\/video\/\d+$/);
  await expect(page.getByRole('button', { name: 'Play' })).toBeInViewport();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousViolations(page, page.url());
});
