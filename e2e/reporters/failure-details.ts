// Prints what a failed test left behind in full: the page's accessibility snapshot at the failure
// (error-context) and its API calls (fixtures/test.ts). The list reporter only names the files,
// which a CI log cannot show.
import fs from 'node:fs';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

// The top of the page (header, form, field errors) and its end (dialogs and toasts are portalled there).
const HEAD_CHARS = 5000;
const TAIL_CHARS = 3000;

export default class FailureDetails implements Reporter {
  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === test.expectedStatus) return;
    const parts: string[] = [];
    for (const attachment of result.attachments) {
      let text: string | undefined;
      if (attachment.name === 'error-context' && attachment.path && fs.existsSync(attachment.path)) {
        // The error itself is printed above; from this file, the page as it was.
        const context = fs.readFileSync(attachment.path, 'utf8');
        const snapshot = context.indexOf('# Page snapshot');
        text = snapshot >= 0 ? context.slice(snapshot) : context;
      } else if (attachment.name === 'api-calls' && attachment.body) {
        text = attachment.body.toString();
      }
      if (!text) continue;
      const clipped =
        text.length > HEAD_CHARS + TAIL_CHARS ? `${text.slice(0, HEAD_CHARS)}\n…\n${text.slice(-TAIL_CHARS)}` : text;
      parts.push(`--- ${attachment.name} ---\n${clipped}`);
    }
    if (parts.length === 0) return;
    process.stdout.write(
      `\n=== Details of the failure in "${test.titlePath().filter(Boolean).join(' › ')}" ===\n${parts.join('\n')}\n\n`,
    );
  }
}
