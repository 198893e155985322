// /api/campaigns/delivery/ (the Delivery list), /api/campaigns/{id}/delivery/ (JSON or a download) and
// /api/campaigns/{id}/proof_of_play/ (a csv or json file of every play and of the rows rejected, with its receipt).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { campaignQuery } from '@marquee/contracts/campaigns';
import { detailError, idParam, paged, validationError } from '@marquee/contracts/common';
import {
  PROOF_RECEIPT_HEADER,
  campaignDelivery,
  deliveryQuery,
  deliveryResponse,
  proofOfPlayQuery,
  proofOfPlayReceipt,
} from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { RAW_EVENTS_FROM_HEADER, RETENTION_NOTICE_HEADER } from '@marquee/contracts/retention';
import { requireAuth } from '../../http/session.ts';
import type { DeliveryService } from './delivery.service.ts';
import type { ProofOfPlayService } from './proof-of-play.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

/** A file download, sent as a stream past the JSON serializer. */
function download(reply: FastifyReply, file: { contentType: string; filename: string; stream: NodeJS.ReadableStream }) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

export function registerDeliveryRoutes(
  app: FastifyInstance,
  { delivery, proof }: { delivery: DeliveryService; proof: ProofOfPlayService },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const campaigns = resources.campaigns.endpoint;
  const tags = ['delivery'];

  r.get(
    `${campaigns}delivery/`,
    {
      schema: {
        tags,
        description:
          'Campaigns with contracted, due and delivered plays (or impressions), delivery % and pacing; ordering by delivery_pct (default), progress_pct, contracted, delivered, name, start_date, end_date, id.',
        querystring: campaignQuery.omit({ for_approval: true, is_active: true }),
        response: { 200: paged(campaignDelivery), ...errors },
      },
    },
    (req) => delivery.list(requireAuth(req), req.query, req.url),
  );

  r.get(
    `${campaigns}:id/delivery/`,
    {
      schema: {
        tags,
        description:
          'Expected, due and delivered plays per location and day, partial and wrong-creative plays, measured and modelled impressions, delivery % and pacing. With `format` (csv, xlsx) a download of the rows.',
        params: idParam,
        querystring: deliveryQuery,
        response: { 200: deliveryResponse, ...errors },
      },
      // A year at a few locations is thousands of rows made by the tested delivery rules: checking
      // each against the schema again costs more than a fifth of the answer.
      serializerCompiler: () => (data) => JSON.stringify(data),
    },
    async (req, reply) => {
      const auth = requireAuth(req);
      const { format } = req.query;
      if (!format) return delivery.campaignDelivery(auth, req.params.id, req.query);
      return download(reply, await delivery.exportDelivery(auth, req.params.id, { ...req.query, format }));
    },
  );

  r.get(
    `${campaigns}:id/proof_of_play/`,
    {
      schema: {
        tags,
        description: `Every play of the campaign in the period (csv by default, or json), oldest first, streamed, then an appendix of the rows its screens sent that the gateway rejected, received in the period (csv: after an empty line, a title line and its own headings; json: \`{"plays": [...], "rejected": [...]}\`). The ${PROOF_RECEIPT_HEADER} header names the receipt that holds the file's SHA-256 once it is sent. Raw plays are kept RAW_EVENT_RETENTION_DAYS by whole months: ${RAW_EVENTS_FROM_HEADER} is the first day all of whose plays are kept (absent when all are), and ${RETENTION_NOTICE_HEADER} says so in words when the period (or, without one, the campaign's run) begins before it.`,
        params: idParam,
        querystring: proofOfPlayQuery,
        response: { 200: z.string(), ...errors },
      },
    },
    async (req, reply) => {
      const file = await proof.file(requireAuth(req), req.params.id, req.query);
      reply.header(PROOF_RECEIPT_HEADER, file.receiptId);
      if (file.rawEventsFrom) reply.header(RAW_EVENTS_FROM_HEADER, file.rawEventsFrom);
      if (file.retentionNotice) reply.header(RETENTION_NOTICE_HEADER, file.retentionNotice);
      return download(reply, file);
    },
  );

  r.get(
    `${campaigns}:id/proof_of_play/receipts/`,
    { schema: { tags, params: idParam, response: { 200: z.array(proofOfPlayReceipt), ...errors } } },
    (req) => proof.receipts(requireAuth(req), req.params.id),
  );
  r.get(
    `${campaigns}:id/proof_of_play/receipts/:receipt/`,
    {
      schema: {
        tags,
        params: idParam.extend({ receipt: z.uuid() }),
        response: { 200: proofOfPlayReceipt, ...errors },
      },
    },
    (req) => proof.receipt(requireAuth(req), req.params.id, req.params.receipt),
  );
}
