// /api/advertisers/: generic calls, can_change, and the advertiser's images.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  advertiser,
  advertiserCanChange,
  advertiserDetail,
  advertiserInput,
  advertiserQuery,
  type Advertiser,
} from '@marquee/contracts/advertisers';
import { detailError, idParam, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import { registerImageRoutes } from '../../media/images.routes.ts';
import { createImagesService, type ImageOwner, type ImagesDeps } from '../../media/images.service.ts';
import { advertisersRepository } from './advertisers.repository.ts';
import type { AdvertisersService } from './advertisers.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

/** Pictures of an advertiser: up to 10; changing them needs change_advertiser on it. */
export const advertiserImages: ImageOwner<Advertiser> = {
  definition: resources.advertisers,
  maxImages: 10,
  load: (db, id) => advertisersRepository.get(db, id),
  repr: (item) => item.name,
};

export function registerAdvertiserRoutes(
  app: FastifyInstance,
  { service, imageDeps }: { service: AdvertisersService; imageDeps: ImagesDeps },
) {
  const definition = resources.advertisers;
  const tag = 'advertisers';
  registerCrudRoutes(
    app,
    service,
    definition,
    { item: advertiser, detail: advertiserDetail, input: advertiserInput, query: advertiserQuery, tag },
    ['list', 'get', 'create', 'update', 'delete', 'deactivate', 'enable'],
  );
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${definition.endpoint}:id/can_change/`,
      { schema: { tags: [tag], params: idParam, response: { 200: advertiserCanChange, ...errors } } },
      (req) => service.canChange(requireAuth(req), req.params.id),
    );
  registerImageRoutes(app, {
    endpoint: definition.endpoint,
    service: createImagesService(imageDeps, advertiserImages),
    tag,
  });
}
