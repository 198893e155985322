// GET /api/inventory/search/ (Find room): where a clip of a given length can be booked over a period.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError, validationError } from '@marquee/contracts/common';
import {
  INVENTORY_SEARCH_ENDPOINT,
  inventorySearchQuery,
  inventorySearchResponse,
} from '@marquee/contracts/inventory-search';
import { requireAuth } from '../../http/session.ts';
import type { InventorySearchService } from './inventory-search.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError };

export function registerInventorySearchRoutes(app: FastifyInstance, service: InventorySearchService) {
  app.withTypeProvider<ZodTypeProvider>().get(
    INVENTORY_SEARCH_ENDPOINT,
    {
      schema: {
        tags: ['inventory'],
        operationId: 'searchInventory',
        summary: 'Find room: where a clip of a given length can be booked over a period',
        description:
          'Every active location with screens (filtered by location, venue type — a parent includes its children — and `min_screens`) and each of its zones (or those of `zone`): the room its loop has over the period (the tightest interval and the total free loop-seconds), what approval would do with the clip (`need_s`, or the length of `videoclip`), its screens, and the plays and modelled impressions a booking would get. Days before today are left out. Ordered by `fit` unless `ordering` says otherwise.',
        querystring: inventorySearchQuery,
        response: { 200: inventorySearchResponse, ...errors },
      },
      // Thousands of rows made by the tested contracts' functions: checking each against the schema again
      // would cost more than computing them.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    (req) => service.search(requireAuth(req), req.query, req.url),
  );
}
