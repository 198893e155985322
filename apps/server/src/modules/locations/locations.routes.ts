// /api/locations/: the generic calls, pictures, and the calls on one location (can_change,
// can_send_campaign, data_devices, zones, add_zone, delete_zone_overlay, a zone's overlay upload).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { availabilityQuery, availabilityResponse, availabilityRunsResponse } from '@marquee/contracts/availability';
import { actualCampaignsQuery, calendarQuery, calendarRow, campaign } from '@marquee/contracts/campaigns';
import { detailError, idParam, listQuery, paged, validationError } from '@marquee/contracts/common';
import {
  addZoneInput,
  canChangeResponse,
  canSendCampaignResponse,
  deleteZoneOverlayInput,
  device,
  disableInput,
  location,
  locationDetail,
  locationInput,
  locationQuery,
  locationZone,
} from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { registerCrudRoutes, registerDeactivateRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import { registerImageRoutes, uploadedImage } from '../../media/images.routes.ts';
import type { ImagesService } from '../../media/images.service.ts';
import type { LocationActionsService } from './locations.actions.service.ts';
import type { AvailabilityService } from './locations.availability.service.ts';
import { sendKeptJson } from '../../http/compression.ts';
import type { LocationCampaignsService } from './locations.campaigns.service.ts';
import type { LocationsService } from './locations.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };
const withPermissions = <T extends z.ZodType>(item: T) =>
  z.intersection(item, z.object({ _permissions: z.array(z.string()) }));
const pageQuery = listQuery.pick({ page: true, page_size: true, ordering: true });
const zoneParams = idParam.extend({ zone_id: idParam.shape.id });

export function registerLocationRoutes(
  app: FastifyInstance,
  {
    locations,
    actions,
    images,
    campaigns,
    availability,
  }: {
    locations: LocationsService;
    actions: LocationActionsService;
    images: ImagesService;
    campaigns: LocationCampaignsService;
    availability: AvailabilityService;
  },
) {
  const definition = resources.locations;
  const tag = 'locations';
  registerCrudRoutes(
    app,
    locations,
    definition,
    { item: location, detail: locationDetail, input: locationInput, query: locationQuery, tag },
    ['list', 'get', 'create', 'update', 'delete', 'enable'],
  );
  // Disabling a location booked campaigns go to may be asked to go ahead (override_capacity).
  registerDeactivateRoutes(app, {
    endpoint: definition.endpoint,
    tag,
    item: location,
    options: disableInput,
    run: (auth, id, options) => locations.disable(auth, id, options),
  });
  registerImageRoutes(app, { endpoint: definition.endpoint, service: images, tag });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = `${definition.endpoint}:id/`;
  const tags = [tag];
  const zoneOut = withPermissions(locationZone);

  // Before `:id/` would matter: a static segment wins over a parameter in the router anyway.
  r.get(
    `${definition.endpoint}calendar/`,
    { schema: { tags, querystring: calendarQuery, response: { 200: paged(calendarRow), ...errors } } },
    (req) => campaigns.calendar(requireAuth(req), req.query, req.url),
  );
  r.get(
    `${definition.endpoint}availability/`,
    {
      schema: {
        tags,
        summary: 'Free room per location, zone and day (and hour) of the loop',
        querystring: availabilityQuery,
        response: { 200: z.union([availabilityResponse, availabilityRunsResponse]), ...errors },
      },
    },
    // Tens of thousands of rows made by the tested `inventory`, serialised and compressed once for as
    // long as they hold (checking each against the schema again would cost more than computing them).
    async (req, reply) => sendKeptJson(req, reply, await availability.availability(requireAuth(req), req.query)),
  );
  r.get(
    `${detail}actual_campaigns/`,
    {
      schema: {
        tags,
        params: idParam,
        querystring: actualCampaignsQuery,
        response: { 200: paged(withPermissions(campaign)), ...errors },
      },
    },
    (req) => campaigns.actualCampaigns(requireAuth(req), req.params.id, req.query, req.url),
  );
  r.get(
    `${detail}can_change/`,
    { schema: { tags, params: idParam, response: { 200: canChangeResponse, ...errors } } },
    (req) => actions.canChange(requireAuth(req), req.params.id),
  );
  r.get(
    `${detail}can_send_campaign/`,
    { schema: { tags, params: idParam, response: { 200: canSendCampaignResponse, ...errors } } },
    (req) => actions.canSendCampaign(requireAuth(req), req.params.id),
  );
  r.get(
    `${detail}data_devices/`,
    {
      schema: {
        tags,
        params: idParam,
        querystring: pageQuery,
        response: { 200: paged(withPermissions(device)), ...errors },
      },
    },
    (req) => actions.devices(requireAuth(req), req.params.id, req.query, req.url),
  );
  r.get(
    `${detail}zones/`,
    { schema: { tags, params: idParam, querystring: pageQuery, response: { 200: paged(zoneOut), ...errors } } },
    (req) => actions.zones(requireAuth(req), req.params.id, req.query, req.url),
  );
  r.post(
    `${detail}add_zone/`,
    { schema: { tags, params: idParam, body: addZoneInput, response: { 201: zoneOut, ...errors } } },
    async (req, reply) => reply.code(201).send(await actions.addZone(requireAuth(req), req.params.id, req.body)),
  );
  r.post(
    `${detail}delete_zone_overlay/`,
    { schema: { tags, params: idParam, body: deleteZoneOverlayInput, response: { 200: zoneOut, ...errors } } },
    (req) => actions.deleteZoneOverlay(requireAuth(req), req.params.id, req.body.zone),
  );
  r.patch(
    `${detail}zones/:zone_id/`,
    {
      schema: { tags, params: zoneParams, consumes: ['multipart/form-data'], response: { 200: zoneOut, ...errors } },
    },
    (req) => actions.setZoneOverlay(requireAuth(req), req.params.id, req.params.zone_id, () => uploadedImage(req)),
  );
}
