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
export type KeptJson = { json: string; encoded: Map<'br' | 'gzip', Promise<Buffer>> };

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

/** Sends a kept answer, compressed as the client accepts (compressing it the first time only). */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, answer: KeptJson) {
  reply.header('vary', 'accept-encoding').type('application/json; charset=utf-8');
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  if (!encoding || answer.json.length < COMPRESSION_THRESHOLD_BYTES) return reply.send(answer.json);
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
