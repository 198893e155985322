// /api/messages/: the signed-in user's messages, confirm and the unread count.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError, idParam, paged, validationError, type ListQuery } from '@marquee/contracts/common';
import { message, messageQuery, unreadCount } from '@marquee/contracts/messages';
import { resources } from '@marquee/contracts/resources';
import { requireAuth } from '../../http/session.ts';
import type { MessageFilters } from './messages.repository.ts';
import type { createMessagesService } from './messages.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerMessageRoutes(app: FastifyInstance, service: ReturnType<typeof createMessagesService>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = resources.messages.endpoint;
  const tags = ['messages'];

  r.get(base, { schema: { tags, querystring: messageQuery, response: { 200: paged(message), ...errors } } }, (req) =>
    service.list(requireAuth(req), req.query as ListQuery & MessageFilters, req.url),
  );
  r.get(`${base}unread_count/`, { schema: { tags, response: { 200: unreadCount, ...errors } } }, (req) =>
    service.unreadCount(requireAuth(req)),
  );
  r.post(`${base}:id/confirm/`, { schema: { tags, params: idParam, response: { 200: message, ...errors } } }, (req) =>
    service.confirm(requireAuth(req), req.params.id),
  );
}
