// /api/devices/: list, get, register (answers the token once), change, disable, enable, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, validationError } from '@marquee/contracts/common';
import { device, deviceInput, deviceQuery, deviceRegistered, deviceUpdateInput } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import type { DevicesService } from './devices.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerDeviceRoutes(app: FastifyInstance, devices: DevicesService) {
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
}
