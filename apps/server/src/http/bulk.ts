// Bulk actions on list rows: `POST {endpoint}bulk/{action}/` with `{ids}` runs the resource's own
// single-object action for each id, one after the other, and answers one result per id. Each id goes
// through exactly what the single call does (its access checks, its transaction, its log entry), so a
// bulk call can neither do more than single calls nor skip a rule; a refused row does not stop the
// others. Permissions are not looked at here: the service decides for every row.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  bulkInput,
  type BulkInput,
  bulkResponse,
  bulkRowStatuses,
  type BulkResponse,
  type BulkRowResult,
  type BulkRowStatus,
} from '@marquee/contracts/bulk';
import { detailError, validationError } from '@marquee/contracts/common';
import type { Auth } from '../access/access.ts';
import { HttpError } from './errors.ts';
import { requireAuth } from './session.ts';

/** The single-object action: resolves when done, throws an HttpError when refused. `options` are the
 * body's fields beside `ids` (when the action takes any). */
export type BulkRunner<Options = Record<never, never>> = (auth: Auth, id: number, options: Options) => Promise<unknown>;

const errors = { 400: validationError, 401: detailError, 403: detailError };

const isRowStatus = (status: number): status is BulkRowStatus =>
  (bulkRowStatuses as readonly number[]).includes(status);

const isMessages = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((m) => typeof m === 'string');

function refusedRow(id: number, error: HttpError & { statusCode: BulkRowStatus }): BulkRowResult {
  const { detail, ...fields } = error.body;
  if (error.statusCode === 400) {
    // A row result holds messages only: details beside them (an approval's list of conflicts, whose
    // first is already told in non_field_errors) stay with the single call's answer.
    const messages: Record<string, string[]> = {};
    for (const [field, value] of Object.entries(fields)) if (isMessages(value)) messages[field] = value;
    return { id, status: 400, errors: messages };
  }
  return { id, status: error.statusCode, detail: typeof detail === 'string' ? detail : error.message };
}

/** Runs `run` for every id (a repeated id once), in order. A refusal the single call would answer
 * with 400/403/404 becomes that row's result; anything else (the database going away) ends the
 * call as it would end the single one: rows done before it stay done, the list shows them. */
export async function runBulk(ids: readonly number[], run: (id: number) => Promise<unknown>): Promise<BulkResponse> {
  const results: BulkRowResult[] = [];
  for (const id of new Set(ids)) {
    try {
      await run(id);
      results.push({ id, status: 200 });
    } catch (error) {
      if (!(error instanceof HttpError) || !isRowStatus(error.statusCode)) throw error;
      results.push(refusedRow(id, error as HttpError & { statusCode: BulkRowStatus }));
    }
  }
  return { results };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Registers `POST {endpoint}bulk/{action}/` for one action of a resource; `options` are the fields
 * its body takes beside `ids`, given to every row's action. */
export function registerBulkAction<Shape extends z.ZodRawShape = Record<never, never>>(
  app: FastifyInstance,
  {
    endpoint,
    tag,
    action,
    options,
    run,
  }: {
    endpoint: string;
    tag: string;
    action: string;
    options?: z.ZodObject<Shape>;
    run: BulkRunner<Partial<z.infer<z.ZodObject<Shape>>>>;
  },
) {
  // `/api/location-zones/` → "location zones", `LocationZones`: the operation's name in the API docs.
  const plural = endpoint.split('/').filter(Boolean).at(-1)!.split('-');
  app.withTypeProvider<ZodTypeProvider>().post(
    `${endpoint}bulk/${action}/`,
    {
      schema: {
        tags: [tag],
        operationId: `${action}${plural.map(capital).join('')}InBulk`,
        summary: `${capital(action)} several ${plural.join(' ')} (one result per id)`,
        body: options ? bulkInput.extend(options.shape) : bulkInput,
        response: { 200: bulkResponse, ...errors },
      },
    },
    (req) => {
      const auth = requireAuth(req);
      const { ids, ...rest } = req.body as BulkInput & Record<string, unknown>;
      return runBulk(ids, (id) => run(auth, id, rest as Partial<z.infer<z.ZodObject<Shape>>>));
    },
  );
}
