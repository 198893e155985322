// /api/location-zones/: list, get, rename (PUT/PATCH JSON), the overlay (PATCH multipart with
// `image`, POST delete_overlay/) and delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, validationError } from '@marquee/contracts/common';
import { locationZone, locationZoneInput, locationZoneQuery } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import { uploadedImage } from '../../media/images.routes.ts';
import type { LocationZonesService } from './location-zones.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerLocationZoneRoutes(app: FastifyInstance, zones: LocationZonesService) {
  const definition = resources.locationZones;
  const tag = 'location-zones';
  registerCrudRoutes(app, zones, definition, { item: locationZone, query: locationZoneQuery, tag }, [
    'list',
    'get',
    'delete',
  ]);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = `${definition.endpoint}:id/`;
  const tags = [tag];
  const zoneOut = z.intersection(locationZone, z.object({ _permissions: z.array(z.string()) }));

  r.put(
    detail,
    { schema: { tags, params: idParam, body: locationZoneInput, response: { 200: zoneOut, ...errors } } },
    (req) => zones.update(requireAuth(req), req.params.id, req.body),
  );
  // One PATCH for both: JSON renames the zone, multipart/form-data with `image` sets its overlay.
  // The multipart parser leaves the body null (the file is read as a stream later), hence `nullish`.
  r.patch(
    detail,
    {
      schema: {
        tags,
        params: idParam,
        consumes: ['application/json', 'multipart/form-data'],
        body: locationZoneInput.partial().nullish(),
        response: { 200: zoneOut, ...errors },
      },
    },
    (req) => {
      const auth = requireAuth(req);
      if (req.isMultipart()) return zones.setOverlay(auth, req.params.id, () => uploadedImage(req));
      return zones.update(auth, req.params.id, req.body ?? {});
    },
  );
  r.post(
    `${detail}delete_overlay/`,
    { schema: { tags, params: idParam, response: { 200: zoneOut, ...errors } } },
    (req) => zones.deleteOverlay(requireAuth(req), req.params.id),
  );
}
