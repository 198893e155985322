// /api/videoclips/: generic calls.
import type { FastifyInstance } from 'fastify';
import { resources } from '@marquee/contracts/resources';
import { videoclip, videoclipInput, videoclipQuery } from '@marquee/contracts/videoclips';
import { registerCrudRoutes } from '../../http/crud.ts';
import type { VideoclipsService } from './videoclips.service.ts';

export function registerVideoclipRoutes(app: FastifyInstance, service: VideoclipsService) {
  registerCrudRoutes(
    app,
    service,
    resources.videoclips,
    { item: videoclip, input: videoclipInput, query: videoclipQuery, tag: 'videoclips' },
    ['list', 'get', 'create', 'update', 'delete', 'deactivate', 'enable'],
  );
}
