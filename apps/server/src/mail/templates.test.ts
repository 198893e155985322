import { describe, expect, it } from 'vitest';
import { activationMail, resetMail } from './templates.ts';

const link = { key: 'k', hash: 'h' };

describe('mail templates', () => {
  it('greet users by their full name, and by username when they have none', () => {
    const named = { username: 'jdoe', email: 'j@example.test', full_name: 'Jane Doe' };
    expect(activationMail('http://x', named, link, 3_600_000).text).toMatch(/^Hello Jane Doe,\n/);
    expect(resetMail('http://x', named, 't', 3_600_000).text).toMatch(/^Hello Jane Doe,\n/);
    const unnamed = { username: 'jdoe', email: 'j@example.test', full_name: '  ' };
    expect(activationMail('http://x', unnamed, link, 3_600_000).text).toMatch(/^Hello jdoe,\n/);
  });
});
