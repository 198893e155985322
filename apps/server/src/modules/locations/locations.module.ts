// Locations, their zones and devices: services and routes.
import type { FastifyInstance } from 'fastify';
import type { CatalogueDeps } from '../catalogue-deps.ts';

export function registerLocationModules(_app: FastifyInstance, _deps: CatalogueDeps): void {}
