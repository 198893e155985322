// Reading mails in tests: the outbox folder (no SMTP_URL) and a real local SMTP server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { Config } from '../../src/config.ts';

/** A temporary outbox folder and the mail settings that write to it. */
export function tempOutbox(): { dir: string; mail: Config['mail'] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-outbox-'));
  return { dir, mail: { smtpUrl: undefined, from: 'Marquee <no-reply@localhost>', outboxDir: dir } };
}

export type OutboxMail = { file: string; to: string; subject: string; text: string };

/** Mails in the outbox addressed to `to`, oldest first. */
export function outboxMails(dir: string, to: string): OutboxMail[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const content = fs.readFileSync(path.join(dir, file), 'utf8');
      const [head = '', ...body] = content.split('\n\n');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head)?.[1] ?? '';
      return { file, to: header('To'), subject: header('Subject'), text: body.join('\n\n') };
    })
    .filter((m) => m.to === to);
}

/** The only http(s) link of a mail text. */
export function linkIn(text: string): string {
  const links = text.match(/https?:\/\/\S+/g) ?? [];
  if (links.length !== 1) throw new Error(`expected one link in:\n${text}`);
  return links[0]!;
}

/** Splits an activation link `…/activate/<key>/<hash>`. */
export function activationParts(link: string): { key: string; hash: string } {
  const match = /\/activate\/([^/]+)\/([^/]+)$/.exec(link);
  if (!match) throw new Error(`not an activation link: ${link}`);
  return { key: decodeURIComponent(match[1]!), hash: decodeURIComponent(match[2]!) };
}

/** The token of a reset link `…/password/reset/<token>`. */
export function resetToken(link: string): string {
  const match = /\/password\/reset\/([^/]+)$/.exec(link);
  if (!match) throw new Error(`not a reset link: ${link}`);
  return decodeURIComponent(match[1]!);
}

export type ReceivedMail = { from: string; to: string[]; raw: string };

/** A real SMTP server on a free loopback port (no STARTTLS, no AUTH) that keeps what it receives. */
export async function startSmtpServer(): Promise<{ url: string; received: ReceivedMail[]; close(): Promise<void> }> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
