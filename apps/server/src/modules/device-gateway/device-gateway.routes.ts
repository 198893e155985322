// /api/device/v1/: heartbeat, playlist, events, and the playlist's files. Devices sign in with their
// token (`Authorization: Bearer …`), never a session, so the routes skip the login gate and CSRF.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, validationError, type ValidationErrorBody } from '@marquee/contracts/common';
import {
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_CONTENT_TYPE,
  deviceCommandTexts,
  screenshotResponse,
} from '@marquee/contracts/device-commands';
import {
  deviceGatewayEndpoints as endpoints,
  eventsBatch,
  eventsResponse,
  heartbeatInput,
  heartbeatResponse,
  plainEventsBatch,
  playlistQuery,
  playlistResponse,
  DEFAULT_PLAYLIST_DAYS,
  MAX_EVENTS_BODY_BYTES,
} from '@marquee/contracts/device-gateway';
import { controlCharacterPaths } from '@marquee/contracts/text';
import { controlCharactersText } from '@marquee/contracts/texts';
import { badRequest, errorHandler } from '../../http/errors.ts';
import { parseRange } from '../../media/videos.routes.ts';
import { createDeviceGatewayService, type DeviceGatewayService, type GatewayFile } from './device-gateway.service.ts';
import type { GatewayDeps } from './device-gateway.shared.ts';
import type { GatewayDevice } from './device-gateway.repository.ts';

const tags = ['device gateway'];
const config = { public: true, csrfExempt: true };
const headers = z.looseObject({ authorization: z.string().optional().describe('Bearer <device token>') });
/** The errors of every token route: the body or query, the token, the database away (503). */
const errors = { 400: validationError, 401: detailError, 503: detailError };
/** The answers of a file's route (a clip, a picture): the file whole (200) or the one byte range `Range`
 * asks for (206), neither described by a schema, 416 for a range past its end; the id is checked after
 * the token, like a body. */
const fileAnswers = (what: string) => ({
  200: z.unknown().describe(`${what}, the whole file`),
  206: z.unknown().describe('The bytes of the range asked for (`Range: bytes=…`)'),
  ...errors,
  404: detailError,
  416: detailError,
});

/** The body's problems by full path (`events.3.viewers.0.gender`), so a device sees which event failed. */
function parsed<T>(schema: z.ZodType<T>, body: unknown): T {
  // Control characters first (the input guard leaves these routes to check after the token).
  const controls = controlCharacterPaths(body);
  if (controls.length) {
    throw badRequest(
      Object.fromEntries(
        controls.map((path) => [path.length ? path.join('.') : 'non_field_errors', [controlCharactersText]]),
      ),
    );
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const fields: ValidationErrorBody = {};
  for (const issue of result.error.issues) {
    const key = issue.path.length ? issue.path.join('.') : 'non_field_errors';
    const message =
      issue.code === 'invalid_type' && issue.input === undefined ? 'This field is required.' : issue.message;
    (fields[key] ??= []).push(message);
  }
  throw badRequest(fields);
}

/** Whether an `If-None-Match` header names the ETag (weak or strong, one of a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === etag;
  });
}

/** A gateway file whole, or the one byte range the request's `Range` asks for (416 when it starts past
 * the end): the clip and picture routes answer alike, with the same headers. */
async function sendFile(req: FastifyRequest, reply: FastifyReply, file: GatewayFile) {
  const range = parseRange(req.headers.range, file.size);
  reply.header('accept-ranges', 'bytes');
  if (range === 'unsatisfiable') {
    return reply.code(416).header('content-range', `bytes */${file.size}`).send({ detail: 'Range Not Satisfiable' });
  }
  const { stream } = await file.read(range ?? undefined);
  if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${file.size}`);
  return reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, max-age=86400')
    .header('content-length', range ? range.end - range.start + 1 : file.size)
    .send(stream);
}

export function registerDeviceGatewayRoutes(app: FastifyInstance, gateway: DeviceGatewayService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const device = (req: FastifyRequest) => gateway.authenticate(req.headers.authorization);
  const description = 'Authenticated by the device token: `Authorization: Bearer <token>`.';
  /** The device of an events request, known before its body is read. */
  const uploaders = new WeakMap<FastifyRequest, GatewayDevice>();

  // The body is checked after the token (attachValidation), so a stranger learns nothing but 401.
  r.post(
    endpoints.heartbeat,
    {
      config,
      attachValidation: true,
      schema: { tags, description, headers, body: heartbeatInput, response: { 200: heartbeatResponse, ...errors } },
    },
    async (req, reply) => {
      const d = await device(req);
      // (reply.elapsedTime: since Fastify took the request, before its body was read.)
      return gateway.heartbeat(d, parsed(heartbeatInput, req.body), () => reply.elapsedTime);
    },
  );

  r.get(
    endpoints.playlist,
    {
      config,
      attachValidation: true,
      schema: {
        tags,
        description: `${description} The answer's ETag is its \`version\` (with a hash of the answer after it when the device asks for other days than ${DEFAULT_PLAYLIST_DAYS} or shows only some zones); \`If-None-Match\` with it gets 304 while the content is unchanged.`,
        headers,
        querystring: playlistQuery,
        response: {
          200: playlistResponse,
          304: z.null().describe('Not modified'),
          ...errors,
        },
      },
    },
    async (req, reply) => {
      const d = await device(req);
      const { days } = parsed(playlistQuery, req.query);
      const { etag: tag, ...playlist } = await gateway.playlist(d, days);
      const etag = `"${tag}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      // No body and no length: a 304 ends the exchange (a client's keep-alive connection stays usable).
      if (matchesEtag(req.headers['if-none-match'], etag)) return reply.code(304).send(undefined as never);
      return playlist;
    },
  );

  r.post(
    endpoints.events,
    {
      config,
      attachValidation: true,
      bodyLimit: MAX_EVENTS_BODY_BYTES,
      // A batch as players send it is checked by plainEventsBatch (which gives the answer zod would, a
      // fifth of the batch's JavaScript time faster); anything else by zod.
      validatorCompiler: (route) => {
        // Fastify passes the part's own schema (the body's, the headers'), not the route's it is typed as.
        const zod = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
        if (route.httpPart !== 'body') return zod;
        return (data) => {
          const plain = plainEventsBatch(data);
          return plain ? { value: plain } : zod(data);
        };
      },
      schema: {
        tags,
        description: `${description} While the server has as many batches in hand as it takes (INGEST_CONCURRENCY + INGEST_QUEUE_LIMIT) it answers 503 with \`Retry-After\` (seconds): send the same batch (the same \`batch_id\`) again after that time.`,
        headers,
        body: eventsBatch,
        response: { 200: eventsResponse, ...errors, 413: detailError },
      },
      // Before the body is read or the token looked up: room in the gateway, so that a batch refused with
      // 503 costs nothing (the answer tells only that the server is busy). The batch stays in until its
      // connection closes, whatever the answer: at once after a 401, at the end of an upload cut short.
      onRequest: async (req, reply) => {
        reply.raw.once('close', gateway.admit());
        uploaders.set(req, await device(req));
      },
    },
    async (req) => {
      const d = uploaders.get(req)!;
      // A body the schema accepted is parsed already (its texts are uuids, instants and hex digits: no
      // control characters); only a refused one is parsed again, to name its fields.
      return gateway.events(d, req.validationError ? parsed(eventsBatch, req.body) : req.body);
    },
  );

  // A screenshot is a JPEG body: its parser (and the answers to a body too large or of another type) are
  // this route's alone. The token is checked before the body is read, so a stranger learns only 401.
  void app.register(async (shots) => {
    const screenshotAnswers: Record<string, [number, string]> = {
      FST_ERR_CTP_BODY_TOO_LARGE: [413, deviceCommandTexts.screenshotTooLarge],
      FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, deviceCommandTexts.screenshotType],
    };
    shots.setErrorHandler((error: FastifyError, req, reply) => {
      const known = error.code ? screenshotAnswers[error.code] : undefined;
      if (known) return reply.code(known[0]).send({ detail: known[1] });
      return errorHandler(error, req, reply);
    });
    shots.addContentTypeParser(SCREENSHOT_CONTENT_TYPE, { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
    const screenshotDevices = new WeakMap<FastifyRequest, GatewayDevice>();
    shots.withTypeProvider<ZodTypeProvider>().post(
      endpoints.screenshot,
      {
        config,
        bodyLimit: MAX_SCREENSHOT_BYTES,
        schema: {
          tags,
          description: `${description} The body is a JPEG picture (\`Content-Type: image/jpeg\`) of at most ${MAX_SCREENSHOT_BYTES / 1024} KB, checked by its first bytes; it replaces the device's screenshot before. 413 when larger, 415 for another content type, 400 when the bytes are not a JPEG.`,
          headers,
          response: {
            200: screenshotResponse,
            ...errors,
            413: detailError,
            415: detailError,
          },
        },
        onRequest: async (req) => {
          screenshotDevices.set(req, await device(req));
        },
      },
      async (req) =>
        gateway.screenshot(screenshotDevices.get(req)!, { contentType: req.headers['content-type'], body: req.body }),
    );
  });

  /** A file's route: the device's file by its id (`find`), sent whole or by range. */
  const fileRoute = (path: string, what: string, find: (d: GatewayDevice, id: number) => Promise<GatewayFile>) =>
    r.get(
      `${path}:id/`,
      {
        config,
        attachValidation: true,
        schema: { tags, description, headers, params: idParam, response: fileAnswers(what) },
      },
      async (req, reply) => {
        const d = await device(req);
        return sendFile(req, reply, await find(d, parsed(idParam, req.params).id));
      },
    );
  fileRoute(endpoints.videos, "The clip's bytes", (d, id) => gateway.video(d, id));
  fileRoute(endpoints.images, "The picture's bytes", (d, id) => gateway.image(d, id));
}

/** The one line app.ts calls. */
export function registerDeviceGateway(app: FastifyInstance, deps: GatewayDeps) {
  registerDeviceGatewayRoutes(app, createDeviceGatewayService(deps));
}
