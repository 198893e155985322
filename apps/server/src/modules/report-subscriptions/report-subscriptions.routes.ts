// /api/report-subscriptions/: the signed-in user's scheduled report mails (list, subscribe, cancel; each
// with the other users it goes to) and the public one-click unsubscribe of a mail's link; and the job
// that sends them, added to the app's jobs (the sweep) and as `app.runScheduledReports(now?)` for tests.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, listQuery, paged, validationError } from '@marquee/contracts/common';
import {
  reportSubscription,
  reportSubscriptionInput,
  reportSubscriptionsEndpoint,
  unsubscribeResult,
} from '@marquee/contracts/report-subscriptions';
import { requireAuth } from '../../http/session.ts';
import {
  createScheduledReports,
  type RunScheduledReports,
  type ScheduledReportsDeps,
} from './report-subscriptions.job.ts';
import { createReportSubscriptionsService, type ReportSubscriptionsDeps } from './report-subscriptions.service.ts';

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- merging needs an interface
  interface FastifyInstance {
    /** Sends the scheduled reports due at `now` (default: the configured clock); the sweep runs it. */
    runScheduledReports: RunScheduledReports;
  }
}

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };
const tags = ['report-subscriptions'];

export function registerReportSubscriptionModule(
  app: FastifyInstance,
  deps: ReportSubscriptionsDeps & ScheduledReportsDeps,
): RunScheduledReports {
  const service = createReportSubscriptionsService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = reportSubscriptionsEndpoint;

  r.get(
    base,
    {
      schema: {
        tags,
        description: 'Your scheduled report mails, newest first.',
        querystring: listQuery.pick({ page: true, page_size: true }),
        response: { 200: paged(reportSubscription), ...errors },
      },
    },
    (req) => service.list(requireAuth(req), req.query, req.url),
  );

  r.post(
    base,
    {
      schema: {
        tags,
        description:
          'Mail a report daily or weekly at a time in the server time zone, as an xlsx file: a campaign delivery report or a statistics query. Needs list_eventstatistic (and, for a delivery report, a campaign you may see) and an e-mail address on your account. `recipients` are other users (ids, at most 20) to mail it to as well: choosing them needs list_user, and each must be active, have an e-mail address and may read the report; each gets it as they may see it, with their own unsubscribe link.',
        body: reportSubscriptionInput,
        response: { 201: reportSubscription, ...errors },
      },
    },
    async (req, reply) => reply.code(201).send(await service.create(requireAuth(req), req.body)),
  );

  r.delete(
    `${base}:id/`,
    { schema: { tags, params: idParam, response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await service.remove(requireAuth(req), req.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    `${base}unsubscribe/:token/`,
    {
      // The token in the mail is the proof: mail programs post here without a session or a CSRF token
      // (RFC 8058 one-click: body `List-Unsubscribe=One-Click`), and so does the /unsubscribe page.
      config: { public: true, csrfExempt: true },
      schema: {
        tags,
        operationId: 'unsubscribeReportSubscription',
        summary: 'Cancel a scheduled report with the token of its mail',
        params: z.object({ token: z.string().min(1).max(100) }),
        response: { 200: unsubscribeResult, 404: detailError },
      },
    },
    (req) => service.unsubscribe(req.params.token),
  );

  const run = createScheduledReports(deps);
  app.decorate('runScheduledReports', run);
  app.jobs.add('scheduled reports', () => run());
  return run;
}
