// HTTP for uploaded videos: POST /api/videoclip-media/ (multipart `video_file`), and the bytes at
// /api/media/videos/:id/ (with range requests, as players seek), …/thumb/ and …/preview/.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError, idParam, validationError } from '@marquee/contracts/common';
import { mediaVideosEndpoint, videoMedia, videoclipMediaEndpoint } from '@marquee/contracts/videoclips';
import type { Config } from '../config.ts';
import { requireAuth } from '../http/session.ts';
import type { ByteRange, StoredFile } from './storage.ts';
import { receiveVideo } from './videos.upload.ts';
import type { VideosService } from './videos.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

/** The one range of a `Range: bytes=…` header within `size` bytes; null to send the whole file
 * (no header, another unit, several ranges, bad syntax); 'unsatisfiable' for a range past the end. */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (!match[1] && !match[2])) return null;
  const [, from, to] = match;
  if (!from) {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to ? Number(to) : size - 1;
  if (to && end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

/** `length`: the bytes the stream gives (the file's size unless it is a range). */
const sendFile = (reply: FastifyReply, contentType: string, file: StoredFile, length = file.size) =>
  reply
    .type(contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-disposition', 'inline')
    .header('cache-control', 'private, max-age=3600')
    .header('content-length', length)
    .send(file.stream);

export function registerVideoRoutes(
  app: FastifyInstance,
  { service, video }: { service: VideosService; video: Config['video'] },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['videoclips'];

  r.post(
    videoclipMediaEndpoint,
    { schema: { tags, consumes: ['multipart/form-data'], response: { 201: videoMedia, ...errors } } },
    async (req, reply) =>
      reply
        .code(201)
        .send(await service.upload(requireAuth(req), (target) => receiveVideo(req, target, video.maxBytes))),
  );

  r.get(`${mediaVideosEndpoint}:id/`, { schema: { tags: ['media'], params: idParam } }, async (req, reply) => {
    const row = await service.find(requireAuth(req), req.params.id, 'video');
    const range = parseRange(req.headers.range, row.size);
    reply.header('accept-ranges', 'bytes');
    if (range === 'unsatisfiable') {
      return reply.code(416).header('content-range', `bytes */${row.size}`).send({ detail: 'Range Not Satisfiable' });
    }
    const file = await service.read(row.storage_key, range ?? undefined);
    if (!range) return sendFile(reply, row.content_type, file);
    reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${row.size}`);
    return sendFile(reply, row.content_type, file, range.end - range.start + 1);
  });

  for (const part of ['thumb', 'preview'] as const) {
    r.get(
      `${mediaVideosEndpoint}:id/${part}/`,
      { schema: { tags: ['media'], params: idParam } },
      async (req, reply) => {
        const row = await service.find(requireAuth(req), req.params.id, 'still');
        const file = await service.read(part === 'thumb' ? row.thumb_key : row.preview_key);
        return sendFile(reply, 'image/jpeg', file);
      },
    );
  }
}
