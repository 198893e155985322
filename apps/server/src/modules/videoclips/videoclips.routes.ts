// /api/videoclips/: generic calls; disabling a clip booked campaigns play may be asked to go ahead
// (override_capacity).
import type { FastifyInstance } from 'fastify';
import { disableInput } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { videoclip, videoclipInput, videoclipQuery } from '@marquee/contracts/videoclips';
import { registerCrudRoutes, registerDeactivateRoutes } from '../../http/crud.ts';
import type { VideoclipsService } from './videoclips.service.ts';

export function registerVideoclipRoutes(app: FastifyInstance, service: VideoclipsService) {
  const tag = 'videoclips';
  registerCrudRoutes(
    app,
    service,
    resources.videoclips,
    { item: videoclip, input: videoclipInput, query: videoclipQuery, tag },
    ['list', 'get', 'create', 'update', 'delete', 'enable'],
  );
  registerDeactivateRoutes(app, {
    endpoint: resources.videoclips.endpoint,
    tag,
    item: videoclip,
    options: disableInput,
    run: (auth, id, options) => service.disable(auth, id, options),
  });
}
