// What the catalogue modules (locations, advertisers, products, video clips) are built from.
import type { FastifyBaseLogger } from 'fastify';
import type { Access } from '../access/access.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { ImagesDeps } from '../media/images.service.ts';
import type { MediaStorage } from '../media/storage.ts';

export type CatalogueDeps = {
  db: Database;
  access: Access;
  config: Config;
  storage: MediaStorage;
  /** For the image routes of locations, advertisers and products. */
  imageDeps: ImagesDeps;
  log: FastifyBaseLogger;
};
