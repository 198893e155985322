// /api/campaigns/: list (with `for_approval`), get, create, PUT/PATCH, and the transitions approve,
// reject and deactivate.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approveInput, noRoomError } from '@marquee/contracts/availability';
import { campaign, campaignInput, campaignQuery, lastReviewed, rejectInput } from '@marquee/contracts/campaigns';
import { detailError, idParam, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { registerBulkAction } from '../../http/bulk.ts';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import { goalInput } from '@marquee/contracts/goals';
import type { CampaignApprovalService } from './campaigns.approval.service.ts';
import type { CampaignGoalService } from './campaigns.goal.service.ts';
import type { DeliveryService } from '../delivery/delivery.service.ts';
import type { CampaignsService } from './campaigns.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };
/** Approving and editing a booked campaign may also answer the capacity conflicts. */
const badRequest = z.union([noRoomError, validationError]);

export function registerCampaignRoutes(
  app: FastifyInstance,
  {
    campaigns,
    approval,
    goals,
    delivery,
  }: {
    campaigns: CampaignsService;
    approval: CampaignApprovalService;
    goals: CampaignGoalService;
    delivery: Pick<DeliveryService, 'withPacing'>;
  },
) {
  const definition = resources.campaigns;
  const tags = ['campaigns'];
  // The list carries each campaign's delivery % and pacing (for users who may read statistics).
  const withPacing: CampaignsService = {
    ...campaigns,
    async list(auth, query, url, internal) {
      const page = await campaigns.list(auth, query, url, internal);
      return { ...page, results: await delivery.withPacing(auth, page.results) };
    },
  };
  registerCrudRoutes(
    app,
    withPacing,
    definition,
    { item: campaign, input: campaignInput, query: campaignQuery, tag: 'campaigns', badRequest },
    ['list', 'get', 'create', 'update'],
  );

  const r = app.withTypeProvider<ZodTypeProvider>();
  const detail = `${definition.endpoint}:id/`;
  const out = z.intersection(campaign, z.object({ _permissions: z.array(z.string()) }));
  r.post(
    `${detail}approve/`,
    { schema: { tags, params: idParam, body: approveInput, response: { 200: out, ...errors, 400: badRequest } } },
    (req) => approval.approve(requireAuth(req), req.params.id, req.body ?? {}),
  );
  r.post(
    `${detail}goal/`,
    { schema: { tags, params: idParam, body: goalInput, response: { 200: out, ...errors } } },
    (req) => goals.setGoal(requireAuth(req), req.params.id, req.body),
  );
  r.post(
    `${detail}reject/`,
    { schema: { tags, params: idParam, body: rejectInput, response: { 200: out, ...errors } } },
    (req) => approval.reject(requireAuth(req), req.params.id, req.body),
  );
  r.get(
    `${detail}last_reviewed/`,
    { schema: { tags, params: idParam, response: { 200: lastReviewed, ...errors } } },
    (req) => approval.lastReviewed(requireAuth(req), req.params.id),
  );
  r.post(`${detail}deactivate/`, { schema: { tags, params: idParam, response: { 200: out, ...errors } } }, (req) =>
    approval.deactivate(requireAuth(req), req.params.id),
  );
  for (const action of ['approve', 'deactivate'] as const) {
    registerBulkAction(app, {
      endpoint: definition.endpoint,
      tag: 'campaigns',
      action,
      run: (auth, id) => approval[action](auth, id),
    });
  }
}
