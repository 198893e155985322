// /api/event-statistics/ (JSON, or a file with `format`), /api/event-log/ with distinct_devices, and
// the campaigns' list_with_location_reports / get_with_location_reports.
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, paged, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { eventLogPage } from '@marquee/contracts/retention';
import {
  campaignReportsQuery,
  campaignWithReports,
  distinctDevicesQuery,
  eventLogQuery,
  reportingDevice,
  statisticsPage,
  statisticsQuery,
} from '@marquee/contracts/statistics';
import { requireAuth } from '../../http/session.ts';
import type { StatisticsService } from './statistics.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerStatisticsRoutes(app: FastifyInstance, service: StatisticsService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const withPermissions = z.object({ _permissions: z.array(z.string()) });

  r.get(
    resources.eventStatistics.endpoint,
    {
      schema: {
        tags: ['event-statistics'],
        description:
          'Statistics from the hourly rollups. With `format` (csv, xlsx, xls) the answer is a download of every row.',
        querystring: statisticsQuery,
        response: { 200: statisticsPage, ...errors },
      },
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { format } = req.query;
      if (!format) return service.statistics(auth, req.query, req.url);
      const file = service.export(auth, { ...req.query, format });
      // A file, not the JSON the schema describes: sent as a stream, it skips the serializer.
      const raw: FastifyReply = reply;
      return raw
        .header('content-type', file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.stream);
    },
  );

  const logs = resources.eventLogs.endpoint;
  r.get(
    logs,
    {
      schema: {
        tags: ['event-log'],
        description:
          'Raw plays (device events). They are kept RAW_EVENT_RETENTION_DAYS by whole months: `raw_events_from` is the first day all of whose plays are here (null when all are kept); the statistics count earlier plays from the rollups.',
        querystring: eventLogQuery,
        response: { 200: eventLogPage, ...errors },
      },
    },
    (req) => service.eventLog(requireAuth(req), req.query, req.url),
  );
  r.get(
    `${logs}distinct_devices/`,
    {
      schema: {
        tags: ['event-log'],
        description:
          'The devices with raw plays in the period, with how many and when; like the event log, only from its `raw_events_from` on.',
        querystring: distinctDevicesQuery,
        response: { 200: paged(reportingDevice), ...errors },
      },
    },
    (req) => service.distinctDevices(requireAuth(req), req.query, req.url),
  );

  const campaigns = resources.campaigns.endpoint;
  r.get(
    `${campaigns}list_with_location_reports/`,
    {
      schema: {
        tags: ['campaigns'],
        querystring: campaignReportsQuery,
        response: { 200: paged(z.intersection(campaignWithReports, withPermissions)), ...errors },
      },
    },
    (req) => service.campaignsWithReports(requireAuth(req), req.query, req.url),
  );
  r.get(
    `${campaigns}:id/get_with_location_reports/`,
    {
      schema: {
        tags: ['campaigns'],
        params: idParam,
        response: { 200: z.intersection(campaignWithReports, withPermissions), ...errors },
      },
    },
    (req) => service.campaignWithReports(requireAuth(req), req.params.id),
  );
}
