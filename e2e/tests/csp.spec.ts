// The Content-Security-Policy as the browser enforces it, and the proof that the specs' fixture fails
// a test whose page violates it: each test checks the violation happened, and only then declares
// itself expected to fail, so the fixture's check after the body is the one thing that can fail it.
import { expect, test } from '../fixtures/test.ts';

test('an inline script is refused, and the violation fails the test', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name=username]')).toBeVisible();
  const reported = page.waitForEvent('console', (message) => /Content Security Policy/.test(message.text()));
  const ran = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'document.body.dataset.injected = "yes";';
    document.head.append(script);
    return document.body.dataset.injected ?? 'blocked';
  });
  expect(ran).toBe('blocked');
  await reported;
  test.fail();
});

test('the app refuses to be framed, and the violation fails the test', async ({ page }) => {
  await page.goto('/login');
  await expect(page.locator('input[name=username]')).toBeVisible();
  const reported = page.waitForEvent('console', (message) => /frame-ancestors 'none'/.test(message.text()));
  // Even its own origin may not frame it (the approval screen must not be clickjacked).
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/login';
    frame.title = 'framed app';
    document.body.append(frame);
  });
  await reported;
  test.fail();
});
