// Sends mail: nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written to
// DATA_DIR/outbox/ as an .eml file and logged, so activation and password reset work out of the box.
// A plain mail is a small file (headers, blank line, plain-text body); a mail with attachments is the
// MIME message nodemailer would send (multipart, base64 attachments, CRLF line ends), which any mail
// program opens.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import type { Config } from '../config.ts';

export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type Mail = {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
  /** Extra headers (e.g. List-Unsubscribe); line breaks in values are removed. */
  headers?: Record<string, string>;
};

export type Mailer = { send(mail: Mail): Promise<void> };

const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ');

/** One header line; line breaks are removed so no header can be injected through a value. */
const header = (name: string, value: string) => `${oneLine(name)}: ${oneLine(value)}`;

/** `2026-11-22T03-04-05.678Z`: an ISO time with the colons some file systems refuse replaced. */
const fileTime = (date: Date) => date.toISOString().replace(/:/g, '-');

/** What nodemailer builds the message from: never a file path or a URL to fetch. */
function messageOf(from: string, mail: Mail) {
  return {
    from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    headers: Object.fromEntries(Object.entries(mail.headers ?? {}).map(([k, v]) => [oneLine(k), oneLine(v)])),
    attachments: mail.attachments?.map(({ filename, contentType, content }) => ({ filename, contentType, content })),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** The outbox file of a plain mail, as it has always been: easy to read and to grep for a link. */
function plainFile(from: string, mail: Mail, now: Date): string {
  return [
    header('From', from),
    header('To', mail.to),
    header('Subject', mail.subject),
    header('Date', now.toUTCString()),
    ...Object.entries(mail.headers ?? {}).map(([name, value]) => header(name, value)),
    header('Content-Type', 'text/plain; charset=utf-8'),
    '',
    mail.text,
    '',
  ].join('\n');
}

export function createMailer(config: Config['mail'], log?: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail(messageOf(config.from, mail));
        log?.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      const now = new Date();
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${fileTime(now)}-${crypto.randomBytes(4).toString('hex')}.eml`);
      const content = mail.attachments?.length
        ? await new MailComposer({ ...messageOf(config.from, mail), date: now }).compile().build()
        : plainFile(config.from, mail, now);
      await fs.writeFile(file, content, { flag: 'wx' });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log?.info({ to: mail.to, subject: mail.subject, file, links }, `mail written to the outbox: ${links.join(' ')}`);
    },
  };
}
