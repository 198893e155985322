// Reads a MIME message as a mail program would: its headers, and each part of a multipart body with
// its headers and decoded content (base64, quoted-printable or as it is). Enough for the mails the
// server writes; no nested multiparts.

export type MimePart = { headers: Map<string, string>; content: Buffer };
export type MimeMessage = { headers: Map<string, string>; parts: MimePart[] };

/** Header names in lower case; folded lines joined. */
function headersOf(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

function split(text: string): { head: string; body: string } {
  const match = /\r?\n\r?\n/.exec(text);
  if (!match) return { head: text, body: '' };
  return { head: text.slice(0, match.index), body: text.slice(match.index + match[0].length) };
}

function decode(body: string, encoding: string | undefined): Buffer {
  switch ((encoding ?? '').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      );
    default:
      return Buffer.from(body, 'utf8');
  }
}

export function parseMime(raw: string): MimeMessage {
  const { head, body } = split(raw);
  const headers = headersOf(head);
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  if (!boundary)
    return { headers, parts: [{ headers, content: decode(body, headers.get('content-transfer-encoding')) }] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((part) => !part.startsWith('--'))
    .map((part) => {
      const { head: partHead, body: partBody } = split(part.replace(/^\r?\n/, ''));
      const partHeaders = headersOf(partHead);
      return {
        headers: partHeaders,
        content: decode(partBody.replace(/\r?\n$/, ''), partHeaders.get('content-transfer-encoding')),
      };
    });
  return { headers, parts };
}

/** The attachments of a message: file name (from Content-Disposition) and content. */
export function attachmentsOf(message: MimeMessage): { filename: string; contentType: string; content: Buffer }[] {
  return message.parts
    .filter((p) => (p.headers.get('content-disposition') ?? '').startsWith('attachment'))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/.exec(p.headers.get('content-disposition')!)?.[1] ?? '',
      contentType: (p.headers.get('content-type') ?? '').split(';')[0]!.trim(),
      content: p.content,
    }));
}

/** The text/plain part, decoded. */
export function textOf(message: MimeMessage): string {
  const part = message.parts.find((p) => (p.headers.get('content-type') ?? 'text/plain').startsWith('text/plain'));
  return part ? part.content.toString('utf8') : '';
}
