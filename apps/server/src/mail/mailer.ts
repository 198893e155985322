// Sends mail: nodemailer over SMTP when SMTP_URL is set; otherwise each mail is written to
// DATA_DIR/outbox/ as a small .eml file (headers, blank line, plain-text body) and logged, so
// activation and password reset work out of the box.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

export type Mail = { to: string; subject: string; text: string };

export type Mailer = { send(mail: Mail): Promise<void> };

/** One header line; line breaks are removed so no header can be injected through a value. */
const header = (name: string, value: string) => `${name}: ${value.replace(/[\r\n]+/g, ' ')}`;

/** `2026-11-22T03-04-05.678Z`: an ISO time with the colons some file systems refuse replaced. */
const fileTime = (date: Date) => date.toISOString().replace(/:/g, '-');

export function createMailer(config: Config['mail'], log?: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: config.from, to: mail.to, subject: mail.subject, text: mail.text });
        log?.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
    };
  }
  return {
    async send(mail) {
      const now = new Date();
      await fs.mkdir(config.outboxDir, { recursive: true });
      const file = path.join(config.outboxDir, `${fileTime(now)}-${crypto.randomBytes(4).toString('hex')}.eml`);
      const content = [
        header('From', config.from),
        header('To', mail.to),
        header('Subject', mail.subject),
        header('Date', now.toUTCString()),
        header('Content-Type', 'text/plain; charset=utf-8'),
        '',
        mail.text,
        '',
      ].join('\n');
      await fs.writeFile(file, content, { flag: 'wx' });
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      log?.info({ to: mail.to, subject: mail.subject, file, links }, `mail written to the outbox: ${links.join(' ')}`);
    },
  };
}
