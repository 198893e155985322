// /api/devices/: list, get, register (answers the token once), change, disable (and what it takes from
// booked campaigns, for its confirm), enable, delete; a screen's health figures, its latest screenshot and
// the commands queued for it.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, paged, validationError } from '@marquee/contracts/common';
import { deviceCommand, deviceCommandInput, deviceCommandList } from '@marquee/contracts/device-commands';
import {
  device,
  deviceDisableImpact,
  deviceDisableImpactQuery,
  deviceInput,
  deviceQuery,
  deviceRegistered,
  deviceUpdateInput,
} from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { screenHealth } from '@marquee/contracts/screens';
import { rejectedPlay, rejectedPlaysQuery } from '@marquee/contracts/device-gateway';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import type { DeviceCommandsService } from './device-commands.service.ts';
import type { DevicesService } from './devices.service.ts';
import type { RejectedPlaysService } from './rejected-plays.service.ts';
import type { ScreenHealthService } from './screen-health.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerDeviceRoutes(
  app: FastifyInstance,
  {
    devices,
    screens,
    remote,
    rejected,
  }: {
    devices: DevicesService;
    screens: ScreenHealthService;
    remote: DeviceCommandsService;
    rejected: RejectedPlaysService;
  },
) {
  const definition = resources.devices;
  const tags = ['devices'];
  // `input` here is what may change; registering takes the location too (below).
  registerCrudRoutes(
    app,
    devices,
    definition,
    { item: device, input: deviceUpdateInput, query: deviceQuery, tag: 'devices' },
    ['list', 'get', 'update', 'delete', 'deactivate', 'enable'],
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const registered = z.intersection(deviceRegistered, z.object({ _permissions: z.array(z.string()) }));
  r.post(
    definition.endpoint,
    { schema: { tags, body: deviceInput, response: { 201: registered, ...errors } } },
    async (req, reply) => reply.code(201).send(await devices.register(requireAuth(req), req.body)),
  );
  r.get(
    `${definition.endpoint}disable-impact/`,
    {
      schema: {
        tags,
        summary: 'What disabling devices takes from booked campaigns',
        description:
          "For the confirm of disabling one device or several (change_device): each active location of theirs where booked campaigns ending today or later play, with those campaigns' names and whether the devices are its last active screens. Disabling a device is never refused for their sake; disabling a location's last active screen is logged as a Warning.",
        querystring: deviceDisableImpactQuery,
        response: { 200: deviceDisableImpact, ...errors },
      },
    },
    (req) => devices.disableImpact(requireAuth(req), req.query.ids),
  );
  r.get(
    `${definition.endpoint}:id/health/`,
    {
      schema: {
        tags,
        summary: "A screen's uptime, incidents and plays today",
        description:
          'Uptime during opening hours over the last 7 and 30 days, the latest incidents and the plays of today against those expected of it by now (list_device or view_device).',
        params: idParam,
        response: { 200: screenHealth, ...errors },
      },
    },
    (req) => screens.health(requireAuth(req), req.params.id),
  );
  r.get(
    `${definition.endpoint}:id/screenshot/`,
    {
      schema: {
        tags,
        summary: "A screen's latest screenshot",
        description:
          'The JPEG the screen sent last (view_device), with its time in `x-taken-at`; 404 while it has sent none.',
        params: idParam,
        response: {
          200: z.unknown().describe('The JPEG picture'),
          401: detailError,
          403: detailError,
          404: detailError,
        },
      },
    },
    async (req, reply) => {
      const shot = await remote.screenshot(requireAuth(req), req.params.id);
      return reply
        .type(shot.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-cache')
        .header('x-taken-at', shot.takenAt)
        .header('content-length', shot.size)
        .send(shot.stream);
    },
  );
  r.get(
    `${definition.endpoint}:id/commands/`,
    {
      schema: {
        tags,
        summary: "A screen's latest commands",
        description:
          'The latest 20 commands queued for the screen, newest first, with when each was handed out and done (view_device).',
        params: idParam,
        response: { 200: deviceCommandList, ...errors },
      },
    },
    (req) => remote.list(requireAuth(req), req.params.id),
  );
  r.post(
    `${definition.endpoint}:id/commands/`,
    {
      schema: {
        tags,
        summary: 'Queue a command for a screen',
        description:
          "Reload, clear_cache or screenshot (change_device; logged). The screen's next heartbeat answer hands it out once; the screen acknowledges it in a later heartbeat.",
        params: idParam,
        body: deviceCommandInput,
        response: { 201: deviceCommand, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await remote.issue(requireAuth(req), req.params.id, req.body)),
  );
  r.get(
    `${definition.endpoint}:id/rejected-plays/`,
    {
      schema: {
        tags,
        summary: "A screen's rejected plays",
        description:
          'The rows of its batches the device gateway did not store, latest first, each with the row as sent, the field at fault and the reason (list_eventstatistic, the permission of the proof of play, and a device the user may see).',
        params: idParam,
        querystring: rejectedPlaysQuery,
        response: { 200: paged(rejectedPlay), ...errors },
      },
    },
    (req) => rejected.ofDevice(requireAuth(req), req.params.id, req.query, req.url),
  );
}
