// /api/alerts/: the list (filters kind, open, location, campaign), one alert, acknowledge, and the
// signed-in user's alert e-mail choices.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alert,
  alertMailPreferences,
  alertMailPreferencesEndpoint,
  alertQuery,
  type AlertQuery,
} from '@marquee/contracts/alerts';
import { detailError, idParam, paged, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
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
  r.get(alertMailPreferencesEndpoint, { schema: { tags, response: { 200: alertMailPreferences, ...errors } } }, (req) =>
    service.mailPreferences(requireAuth(req)),
  );
  r.put(
    alertMailPreferencesEndpoint,
    { schema: { tags, body: alertMailPreferences, response: { 200: alertMailPreferences, ...errors } } },
    (req) => service.setMailPreferences(requireAuth(req), req.body),
  );
  r.get(`${base}:id/`, { schema: { tags, params: idParam, response: { 200: out, ...errors } } }, (req) =>
    service.get(requireAuth(req), req.params.id),
  );
  r.post(`${base}:id/acknowledge/`, { schema: { tags, params: idParam, response: { 200: out, ...errors } } }, (req) =>
    service.acknowledge(requireAuth(req), req.params.id),
  );
}
