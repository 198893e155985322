// The image box on the user screen: format check, upload, the limit, removing the active image.
import { expect, test } from '../fixtures/test.ts';
import { messages } from '@marquee/contracts/texts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';

// A 2×2 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC',
  'base64',
);

test('a user adds and removes their picture', async ({ page, baseURL }) => {
  await signInByApi(page, baseURL!, ADMIN);
  await page.goto('/user/1');
  const box = page.getByRole('region', { name: 'Image' });
  await expect(box.getByText('No image.')).toBeVisible();

  // Only jpg and png: anything else is refused before upload.
  await box
    .getByLabel('Image file')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(page.getByText(messages.imageUnsupported)).toBeVisible();

  await box.getByLabel('Image file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText(messages.imageAdded).first()).toBeVisible();
  const picture = box.getByRole('img', { name: 'Image 1 of 1, active' });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
  // One picture per user: adding is blocked at the limit.
  await expect(box.getByRole('button', { name: 'Add image' })).toBeDisabled();

  await box.getByRole('button', { name: 'Remove image' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText(messages.removeImage)).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText(messages.imageRemoved).first()).toBeVisible();
  await expect(box.getByText('No image.')).toBeVisible();
  await expect(box.getByRole('button', { name: 'Add image' })).toBeEnabled();
});
