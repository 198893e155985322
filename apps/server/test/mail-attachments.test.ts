// Mails with attachments and extra headers: into the outbox as a real MIME message, and over SMTP;
// a plain mail with extra headers keeps the outbox's simple form.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from '../src/mail/mailer.ts';
import { startSmtpServer, tempOutbox } from './helpers/mail.ts';
import { attachmentsOf, parseMime, textOf } from './helpers/mime.ts';

const smtp = await startSmtpServer();
afterAll(() => smtp.close());

const bytes = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0xff, 0x0d, 0x0a, 0x80]);
const mail = {
  to: 'report@example.test',
  subject: 'Marquee report: Plays by product',
  text: 'Attached.\nTo stop it: https://marquee.example/unsubscribe/abc',
  attachments: [{ filename: 'plays.xlsx', contentType: 'application/vnd.ms-excel', content: bytes }],
  headers: {
    'List-Unsubscribe': '<https://marquee.example/api/report-subscriptions/unsubscribe/abc/>',
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click\r\nBcc: evil@example.test',
  },
};

describe('mail with attachments', () => {
  it('is written to the outbox as a MIME message a mail program reads back', async () => {
    const { dir, mail: settings } = tempOutbox();
    await createMailer(settings).send(mail);
    const [file] = fs.readdirSync(dir);
    expect(file).toMatch(/\.eml$/);
    const raw = fs.readFileSync(path.join(dir, file!), 'utf8');
    const message = parseMime(raw);
    expect(message.headers.get('to')).toBe('report@example.test');
    expect(message.headers.get('from')).toBe('Marquee <no-reply@localhost>');
    expect(message.headers.get('subject')).toBe('Marquee report: Plays by product');
    expect(message.headers.get('content-type')).toMatch(/^multipart\/mixed/);
    expect(message.headers.get('list-unsubscribe')).toBe(mail.headers['List-Unsubscribe']);
    // A line break in a header value cannot add a header.
    expect(message.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click Bcc: evil@example.test');
    expect(message.headers.has('bcc')).toBe(false);
    expect(textOf(message)).toContain('https://marquee.example/unsubscribe/abc');
    expect(attachmentsOf(message)).toEqual([
      { filename: 'plays.xlsx', contentType: 'application/vnd.ms-excel', content: bytes },
    ]);
  });

  it('a plain mail with extra headers keeps the simple outbox form', async () => {
    const { dir, mail: settings } = tempOutbox();
    await createMailer(settings).send({
      to: 'a@example.test',
      subject: 'Hi',
      text: 'Body',
      headers: { 'X-Test': 'yes' },
    });
    const content = fs.readFileSync(path.join(dir, fs.readdirSync(dir)[0]!), 'utf8');
    expect(content).toMatch(
      /^From: .*\nTo: a@example.test\nSubject: Hi\nDate: .*\nX-Test: yes\nContent-Type: text\/plain/,
    );
    expect(content.split('\n\n')[1]).toBe('Body\n');
  });

  it('goes over SMTP with its attachment and headers', async () => {
    const { mail: settings } = tempOutbox();
    await createMailer({ ...settings, smtpUrl: smtp.url }).send(mail);
    const received = smtp.received.find((m) => m.to.includes('report@example.test'));
    expect(received).toBeDefined();
    const message = parseMime(received!.raw);
    expect(message.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click Bcc: evil@example.test');
    expect(message.headers.has('bcc')).toBe(false);
    expect(attachmentsOf(message)).toEqual([
      { filename: 'plays.xlsx', contentType: 'application/vnd.ms-excel', content: bytes },
    ]);
  });
});
