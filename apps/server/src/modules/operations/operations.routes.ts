// /api/operations/*: the figures of the operations home, all in one GET (the home's: every figure as of
// one instant) and one small GET each.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { detailError } from '@marquee/contracts/common';
import {
  alertsSummary,
  approvalsSummary,
  operationsEndpoints,
  operationsHome,
  pacingSummary,
  playsTodaySummary,
  screensSummary,
} from '@marquee/contracts/operations';
import { requireAuth } from '../../http/session.ts';
import { createOperationsService, type OperationsDeps, type OperationsService } from './operations.service.ts';

const errors = { 401: detailError, 403: detailError };
const tags = ['operations'];

/** The service and its routes, so the app wires the home in one line. */
export const registerOperations = (app: FastifyInstance, deps: OperationsDeps) =>
  registerOperationsRoutes(app, createOperationsService(deps));

export function registerOperationsRoutes(app: FastifyInstance, service: OperationsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const schema = (operationId: string, summary: string, description: string) => ({
    tags,
    operationId,
    summary,
    description,
  });

  r.get(
    operationsEndpoints.home,
    {
      schema: {
        ...schema(
          'getOperationsHome',
          'Get every figure of the operations home',
          'The figures the user may see (each null without its permission; 403 without any), all as of `cutoff`: pacing computed at most five minutes before it, and for a location manager only their locations.',
        ),
        response: { 200: operationsHome, ...errors },
      },
    },
    (req) => service.home(requireAuth(req)),
  );
  r.get(
    operationsEndpoints.screens,
    {
      schema: {
        ...schema(
          'getOperationsScreens',
          'Count active screens by health state',
          'Active devices at active locations by state, as of the last health sweep (list_device).',
        ),
        response: { 200: screensSummary, ...errors },
      },
    },
    (req) => service.screens(requireAuth(req)),
  );
  r.get(
    operationsEndpoints.alerts,
    {
      schema: {
        ...schema(
          'getOperationsAlerts',
          'Count open alerts by kind',
          'Open alerts by kind and the oldest start (list_alert).',
        ),
        response: { 200: alertsSummary, ...errors },
      },
    },
    (req) => service.alerts(requireAuth(req)),
  );
  r.get(
    operationsEndpoints.approvals,
    {
      schema: {
        ...schema(
          'getOperationsApprovals',
          'Count campaigns waiting for approval',
          "The approval list's count and the campaign waiting longest (approve_campaign).",
        ),
        response: { 200: approvalsSummary, ...errors },
      },
    },
    (req) => service.approvals(requireAuth(req)),
  );
  r.get(
    operationsEndpoints.pacing,
    {
      schema: {
        ...schema(
          'getOperationsPacing',
          'Count campaigns behind or at risk',
          'By the pacing snapshot (computed again first when older than five minutes), with the five missing most plays (list_eventstatistic).',
        ),
        response: { 200: pacingSummary, ...errors },
      },
    },
    (req) => service.pacing(requireAuth(req)),
  );
  r.get(
    operationsEndpoints.playsToday,
    {
      schema: {
        ...schema(
          'getOperationsPlaysToday',
          "Compare today's plays with the plays expected",
          'Plays and delivered plays stored today up to the hour the pacing snapshot counted to, against the plays it expected by then (list_eventstatistic).',
        ),
        response: { 200: playsTodaySummary, ...errors },
      },
    },
    (req) => service.playsToday(requireAuth(req)),
  );
}
