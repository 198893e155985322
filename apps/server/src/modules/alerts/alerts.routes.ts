// /api/alerts/: the list (filters kind, open, location, campaign, id), one alert, acknowledge (one, or
// several with bulk/acknowledge/, each with an optional note), and the signed-in user's alert
// subscriptions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alert,
  alertAcknowledgeInput,
  alertQuery,
  alertSubscriptions,
  alertSubscriptionsEndpoint,
  alertSubscriptionsInput,
  type AlertQuery,
} from '@marquee/contracts/alerts';
import { detailError, idParam, paged, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { registerBulkAction } from '../../http/bulk.ts';
import { requireAuth } from '../../http/session.ts';
import type { AlertsService } from './alerts.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerAlertRoutes(app: FastifyInstance, service: AlertsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = resources.alerts.endpoint;
  const tags = ['alerts'];
  const out = z.intersection(alert, z.object({ _permissions: z.array(z.string()) }));

  r.get(base, { schema: { tags, querystring: alertQuery, response: { 200: paged(alert), ...errors } } }, (req) =>
    service.list(requireAuth(req), req.query as AlertQuery, req.url),
  );
  r.get(alertSubscriptionsEndpoint, { schema: { tags, response: { 200: alertSubscriptions, ...errors } } }, (req) =>
    service.subscriptions(requireAuth(req)),
  );
  r.put(
    alertSubscriptionsEndpoint,
    { schema: { tags, body: alertSubscriptionsInput, response: { 200: alertSubscriptions, ...errors } } },
    (req) => service.setSubscriptions(requireAuth(req), req.body),
  );
  r.get(`${base}:id/`, { schema: { tags, params: idParam, response: { 200: out, ...errors } } }, (req) =>
    service.get(requireAuth(req), req.params.id),
  );
  r.post(
    `${base}:id/acknowledge/`,
    { schema: { tags, params: idParam, body: alertAcknowledgeInput.nullish(), response: { 200: out, ...errors } } },
    (req) => service.acknowledge(requireAuth(req), req.params.id, req.body ?? {}),
  );
  registerBulkAction(app, {
    endpoint: base,
    tag: 'alerts',
    action: 'acknowledge',
    options: alertAcknowledgeInput,
    run: (auth, id, { note }) => service.acknowledge(auth, id, { note }),
  });
}
