// Mail delivery: over SMTP to a real local server when SMTP_URL is set, else into the outbox folder;
// and the mail settings read from the environment.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetEndpoint, resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { loadConfig } from '../src/config.ts';
import { createMailer } from '../src/mail/mailer.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, Client, createUser, uniq } from './helpers/factories.ts';
import { linkIn, startSmtpServer, tempOutbox } from './helpers/mail.ts';

describe('mail settings', () => {
  it('reads SMTP_URL, MAIL_FROM, PUBLIC_URL and link lifetimes, with defaults', () => {
    const defaults = loadConfig({ PORT: '8123', DATA_DIR: '/tmp/marquee-x' });
    expect(defaults.publicUrl).toBe('http://localhost:8123');
    expect(defaults.mail).toEqual({
      smtpUrl: undefined,
      from: 'Marquee <no-reply@localhost>',
      outboxDir: path.join('/tmp/marquee-x', 'outbox'),
    });
    expect(defaults.activationLinkMs).toBe(72 * 3_600_000);
    expect(defaults.passwordResetMs).toBe(24 * 3_600_000);
    const set = loadConfig({
      SMTP_URL: 'smtp://mail.example:25',
      MAIL_FROM: 'Ops <ops@example.test>',
      PUBLIC_URL: 'https://marquee.example/',
      ACTIVATION_LINK_HOURS: '1',
      PASSWORD_RESET_HOURS: '0.5',
    });
    expect(set.mail.smtpUrl).toBe('smtp://mail.example:25');
    expect(set.mail.from).toBe('Ops <ops@example.test>');
    expect(set.publicUrl).toBe('https://marquee.example');
    expect(set.activationLinkMs).toBe(3_600_000);
    expect(set.passwordResetMs).toBe(1_800_000);
  });

  it('writes one .eml file per mail into the outbox: headers, blank line, plain text', async () => {
    const { dir, mail } = tempOutbox();
    const mailer = createMailer(mail);
    await mailer.send({ to: 'a@example.test', subject: 'Hello\r\nBcc: evil@example.test', text: 'Body http://x/y' });
    await mailer.send({ to: 'b@example.test', subject: 'Second', text: 'Two' });
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{8}\.eml$/);
    const content = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(content).toMatch(/^From: Marquee <no-reply@localhost>\nTo: a@example.test\nSubject: Hello Bcc: evil/);
    expect(content).not.toMatch(/^Bcc:/m);
    expect(content.split('\n\n')[1]).toBe('Body http://x/y\n');
  });
});

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

describeBackends(
  'mail over SMTP',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });
    const receivedBy = (to: string) => smtp.received.filter((m) => m.to.includes(to));

    it('delivers the activation mail with the PUBLIC_URL link', async () => {
      const email = `${uniq('smtp')}@example.test`;
      const res = await admin.post(resources.users.endpoint, { username: uniq('smtp'), email });
      expect(res.statusCode, res.body).toBe(201);
      const [mail] = receivedBy(email);
      expect(mail).toBeDefined();
      expect(mail!.from).toBe('no-reply@localhost');
      expect(mail!.raw).toMatch(/^Subject: Activate your Marquee account/m);
      expect(linkIn(mail!.raw.replace(/=\r?\n/g, ''))).toMatch(
        /^https:\/\/marquee\.example\/activate\/[\w-]+\/[\w-]+$/,
      );
    });

    it('delivers the password reset mail', async () => {
      const email = `${uniq('smtp')}@example.test`;
      const user = await createUser(ctx.db, { email });
      expect((await new Client(ctx.app).post(passwordResetEndpoint, { username: user.username })).statusCode).toBe(200);
      const [mail] = receivedBy(email);
      expect(mail!.raw).toMatch(/^Subject: Reset your Marquee password/m);
      // Quoted-printable may break the line inside the link (a soft break, "=" at the line's end).
      expect(mail!.raw.replace(/=\r?\n/g, '')).toContain('https://marquee.example/password/reset/');
    });
  },
  {
    config: {
      publicUrl: 'https://marquee.example',
      mail: { ...testConfig().mail, smtpUrl: smtp.url },
    },
  },
);

describeBackends(
  'mail failures',
  (ctx) => {
    it('a failed activation mail keeps the new user; reactivate answers 503; a reset request still 200', async () => {
      const admin = await asAdmin(ctx.app);
      const email = `${uniq('fail')}@example.test`;
      const res = await admin.post(resources.users.endpoint, { username: uniq('fail'), email });
      expect(res.statusCode).toBe(201);
      const { id, username } = res.json() as { id: number; username: string };
      const again = await admin.post(`${resources.users.endpoint}${id}/reactivate/`);
      expect(again.statusCode).toBe(503);
      expect(again.json()).toEqual({ detail: details.mailFailed });
      await ctx.db.updateTable('users').set({ is_activated: true }).where('id', '=', id).execute();
      const reset = await new Client(ctx.app).post(passwordResetEndpoint, { username });
      expect(reset.statusCode).toBe(200);
    });
  },
  // Nothing listens on port 9 of the loopback address: every SMTP connection is refused.
  { config: { mail: { ...testConfig().mail, smtpUrl: 'smtp://127.0.0.1:9' } } },
);
