// Compression of answers: JSON and text above a small size are compressed on the fly (brotli or gzip,
// as the browser accepts). The web app's hashed assets are compressed once at build time (the .br and
// .gz files beside them, see apps/web/vite.config.ts) and sent as they are (`preCompressed` of
// @fastify/static in app.ts): compressing ~1 MB of scripts per page load would cost CPU for nothing.
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

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
