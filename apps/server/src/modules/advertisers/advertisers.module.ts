// Advertisers, products, video clips and uploaded videos: services and routes.
import type { FastifyInstance } from 'fastify';
import { registerVideoRoutes } from '../../media/videos.routes.ts';
import { createVideosService } from '../../media/videos.service.ts';
import type { CatalogueDeps } from '../catalogue-deps.ts';
import { registerProductRoutes } from '../products/products.routes.ts';
import { createProductsService } from '../products/products.service.ts';
import { registerVideoclipRoutes } from '../videoclips/videoclips.routes.ts';
import { createVideoclipsService } from '../videoclips/videoclips.service.ts';
import { registerAdvertiserRoutes } from './advertisers.routes.ts';
import { createAdvertisersService } from './advertisers.service.ts';

export function registerAdvertiserModules(app: FastifyInstance, deps: CatalogueDeps): void {
  const { db, access, storage, imageDeps, config } = deps;
  registerAdvertiserRoutes(app, { service: createAdvertisersService({ db, access, storage }), imageDeps });
  registerProductRoutes(app, { service: createProductsService({ db, access, storage }), imageDeps });
  registerVideoclipRoutes(
    app,
    createVideoclipsService({ db, access, storage, now: config.now, timeZone: config.timeZone }),
  );
  registerVideoRoutes(app, {
    service: createVideosService({ db, access, storage, video: config.video }),
    video: config.video,
  });
}
