// Compression of answers: JSON and text above a small size are compressed on the fly (brotli or gzip,
// as the browser accepts). The web app's hashed assets are compressed once at build time (the .br and
// .gz files beside them, see apps/web/vite.config.ts) and sent as they are (`preCompressed` of
// @fastify/static in app.ts): compressing ~1 MB of scripts per page load would cost CPU for nothing.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * What is worth compressing: text, JSON, JavaScript, XML and SVG. Media bytes (video, image) are
 * compressed already, and their routes answer ranges with content-length and content-range that
 * describe the bytes on disk; xlsx is a zip. Server-sent events must not be buffered by a compressor.
 * Not `application/octet-stream` (the plugin's default includes it): that is whatever a file was.
 */
const COMPRESSIBLE_TYPES =
  /^(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)(?:;|$)/i;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  // @fastify/compress also leaves alone a 206, anything with content-range, and a reply that already
  // has a content-encoding (the precompressed assets).
  await app.register(fastifyCompress, {
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE_TYPES,
    // Request bodies are never compressed by our clients; inflating them would only open a way
    // around the body limits.
    globalDecompression: false,
  });
}

/**
 * An answer kept as JSON text with its compressed forms, made once each when first asked for: a large
 * answer asked again unchanged (a network's availability) is then sent as it is, not serialised and
 * compressed again on every call.
 */
export type KeptJson = {
  json: string;
  encoded: Map<'br' | 'gzip', Promise<Buffer>>;
  /** The same JSON as pieces that are kept apart (a location's rows), when it is made of them: gzip is
   * then made of each piece's own deflate, so an answer that differs in one piece compresses that one. */
  pieces?: JsonPieces;
};

/** JSON text as `prefix` + the items joined by commas + `suffix`; an item keeps its own deflate. */
export type JsonPieces = { prefix: string; items: JsonPiece[]; suffix: string };
export type JsonPiece = { json: string; deflated?: Deflated };
/** A text's raw deflate (ending on a byte boundary), CRC-32 and length in bytes. */
type Deflated = { bytes: Buffer; crc: number; length: number };

/** CRC-32's polynomial, reflected (as zlib's). */
const POLY = 0xedb88320;
/** a × b modulo the polynomial (reflected bit order), as zlib's multmodp. */
function multModP(a: number, b: number): number {
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if (a & m) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}
/** x^(2^k) modulo the polynomial, k = 0…31. */
const X2N = (() => {
  const table: number[] = [];
  let p = 0x40000000;
  for (let k = 0; k < 32; k++) {
    table.push(p);
    p = multModP(p, p);
  }
  return table;
})();
/** The CRC-32 of A followed by B from A's, B's and B's length in bytes (zlib's crc32_combine): a few
 * hundred operations, where computing it again over a whole answer took ~75 ms for 8 MB of text. */
function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  let p = 0x80000000;
  for (let n = lengthB, k = 3; n > 0; n = Math.floor(n / 2), k++) {
    if (n % 2) p = multModP(X2N[k & 31]!, p);
  }
  return (multModP(p, crcA) ^ crcB) >>> 0;
}

/** Raw deflate of `text` ending on a byte boundary (a sync flush, no final block), so that such pieces
 * can follow each other in one deflate stream; the last one is closed with a final block instead. */
const deflated = (text: string, last = false): Deflated => ({
  bytes: zlib.deflateRawSync(text, last ? {} : { finishFlush: zlib.constants.Z_SYNC_FLUSH }),
  crc: zlib.crc32(text) >>> 0,
  length: Buffer.byteLength(text),
});
const COMMA = deflated(',');
/** A gzip member's header: magic, deflate, no flags, no time, no extra flags, unknown system. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);

/**
 * One gzip member (RFC 1952) made of the pieces' deflates in a row (RFC 1951 allows a stream of any
 * blocks; each piece ends with a sync flush's empty stored block), the last closed by a final block,
 * with the CRC-32 of the whole text combined from the pieces' and its length. Each item is compressed
 * once and keeps its deflate: a whole network's availability (13.5 MB of JSON) after a change at one
 * location compresses that location's ~30 KB instead of all of it (~150–250 ms). Pieces compressed
 * apart share no window, so the answer is ~20 % larger than one gzip of the whole (509 KB against 417).
 */
export function gzipOfPieces({ prefix, items, suffix }: JsonPieces): Buffer {
  const parts: Deflated[] = [deflated(prefix)];
  items.forEach((item, i) => {
    if (i > 0) parts.push(COMMA);
    item.deflated ??= deflated(item.json);
    parts.push(item.deflated);
  });
  parts.push(deflated(suffix, true));
  let crc = 0;
  let length = 0;
  for (const part of parts) {
    crc = crc32Combine(crc, part.crc, part.length);
    length += part.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([GZIP_HEADER, ...parts.map((part) => part.bytes), trailer]);
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The encoding to send by the request's accept-encoding (brotli first, as the plugin prefers). */
function acceptedEncoding(header: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map(
    (header ?? '').split(',').map((part) => {
      const [name, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return [name, q === undefined ? 1 : Number(q)] as const;
    }),
  );
  for (const encoding of ['br', 'gzip'] as const) if ((accepted.get(encoding) ?? 0) > 0) return encoding;
  return null;
}

const acceptsGzip = (header: string | undefined) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    return name === 'gzip' && !params.some((p) => /^\s*q=0(?:\.0*)?\s*$/.test(p));
  });

/** Sends a kept answer, compressed as the client accepts (compressing it the first time only). */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, answer: KeptJson) {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const accepted = acceptedEncoding(request.headers['accept-encoding']);
  if (!accepted || answer.json.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(answer.json);
  // Pieces are sent as gzip, which browsers all accept: made of kept deflates, it costs next to nothing.
  const encoding = answer.pieces && acceptsGzip(request.headers['accept-encoding']) ? 'gzip' : accepted;
  if (answer.pieces && encoding === 'gzip' && !answer.encoded.has('gzip')) {
    answer.encoded.set('gzip', Promise.resolve(gzipOfPieces(answer.pieces)));
  }
  let bytes = answer.encoded.get(encoding);
  if (!bytes) {
    bytes =
      encoding === 'br'
        ? brotli(answer.json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } })
        : gzip(answer.json);
    answer.encoded.set(encoding, bytes);
  }
  return reply.header('content-encoding', encoding).send(await bytes);
}
