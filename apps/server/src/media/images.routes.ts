// HTTP for images: `{endpoint}:id/images/` (list, upload, activate, delete) for a resource, and
// `/api/media/images/:id/` for the bytes.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, validationError } from '@marquee/contracts/common';
import { IMAGE_FIELD, image, imageList, mediaImagesEndpoint } from '@marquee/contracts/images';
import { details } from '@marquee/contracts/texts';
import { fieldError } from '../http/errors.ts';
import { uploadErrors } from '../http/input-guard.ts';
import { requireAuth } from '../http/session.ts';
import { imageTooLarge } from './images.ts';
import type { createMediaService, ImagesService } from './images.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };
const imageParams = idParam.extend({ imageId: idParam.shape.id });

/** The bytes of the one file part named `image`; 400 when there is none or it is too big. */
export async function uploadedImage(req: FastifyRequest): Promise<Buffer> {
  const required = () => fieldError(IMAGE_FIELD, details.requiredField);
  if (!req.isMultipart()) throw required();
  let part;
  try {
    part = await req.file();
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
    throw required();
  }
  if (!part || part.fieldname !== IMAGE_FIELD) {
    part?.file.resume();
    throw required();
  }
  const refused = uploadErrors(part);
  if (refused) {
    part.file.resume();
    throw refused;
  }
  try {
    return await part.toBuffer();
  } catch (err) {
    if (err instanceof req.server.multipartErrors.RequestFileTooLargeError) throw imageTooLarge();
    throw err;
  }
}

export function registerImageRoutes(
  app: FastifyInstance,
  { endpoint, service, tag }: { endpoint: string; service: ImagesService; tag: string },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [tag];
  const list = `${endpoint}:id/images/`;
  const one = `${list}:imageId/`;

  r.get(list, { schema: { tags, params: idParam, response: { 200: imageList, ...errors } } }, (req) =>
    service.list(requireAuth(req), req.params.id),
  );
  r.post(
    list,
    {
      schema: {
        tags,
        params: idParam,
        consumes: ['multipart/form-data'],
        response: { 201: image, ...errors },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await service.add(requireAuth(req), req.params.id, () => uploadedImage(req))),
  );
  r.post(`${one}activate/`, { schema: { tags, params: imageParams, response: { 200: image, ...errors } } }, (req) =>
    service.activate(requireAuth(req), req.params.id, req.params.imageId),
  );
  r.delete(
    one,
    { schema: { tags, params: imageParams, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.remove(requireAuth(req), req.params.id, req.params.imageId);
      return reply.code(204).send(null);
    },
  );
}

export function registerMediaRoutes(app: FastifyInstance, media: ReturnType<typeof createMediaService>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(`${mediaImagesEndpoint}:id/`, { schema: { tags: ['media'], params: idParam } }, async (req, reply) => {
    const file = await media.image(requireAuth(req), req.params.id);
    return reply
      .type(file.contentType)
      .header('content-length', file.size)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=3600')
      .send(file.stream);
  });
}
