// Advertisers, products, video clips and uploaded videos: services and routes.
import type { FastifyInstance } from 'fastify';
import type { CatalogueDeps } from '../catalogue-deps.ts';

export function registerAdvertiserModules(_app: FastifyInstance, _deps: CatalogueDeps): void {}
