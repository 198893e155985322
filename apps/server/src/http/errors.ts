// HTTP errors with the spec's bodies: 400 {field: [..], non_field_errors: [..]}, others {detail}.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { details } from '@marquee/contracts/texts';
import type { ValidationErrorBody } from '@marquee/contracts/common';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
  }
}

export const badRequest = (fields: ValidationErrorBody) => new HttpError(400, fields);
export const fieldError = (field: string, message: string) => badRequest({ [field]: [message] });
export const unauthorized = (detail: string = details.notAuthenticated) => new HttpError(401, { detail });
export const forbidden = (detail: string = details.permissionDenied) => new HttpError(403, { detail });
export const notFound = (detail: string = details.notFound) => new HttpError(404, { detail });

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

/** Turns request validation issues into the field map; the body root goes to non_field_errors. */
export function issuesToFields(issues: Issue[]): ValidationErrorBody {
  const fields: ValidationErrorBody = {};
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const key = path.length ? String(path[0]) : 'non_field_errors';
    const message =
      issue.message === 'Required' || /received undefined/.test(issue.message ?? '')
        ? details.requiredField
        : (issue.message ?? 'Invalid value.');
    (fields[key] ??= []).push(message);
  }
  return fields;
}

/** PostgreSQL's foreign_key_violation: a row is still referenced (e.g. a clip added while its product
 * was being deleted, after the service's own "in use" check). */
const FOREIGN_KEY_VIOLATION = '23503';

/** Seconds a client is asked to wait (Retry-After) while the database cannot be reached. */
export const RETRY_AFTER_SECONDS = 5;

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH']);
/** SQLSTATEs of a database that is going away or not there yet: admin_shutdown, crash_shutdown,
 * cannot_connect_now (57P01–57P03), too_many_connections, and query_canceled (the statement timeout). */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014']);
/** What node-postgres says when a connection ends, cannot be had in time, or a query times out. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|not queryable/i;

/** Whether `error` says the database cannot be reached now (so the request may succeed later), as
 * opposed to a fault in the request or the code. Looks into `cause` and AggregateError's `errors`. */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!(error instanceof Error) || depth > 3) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.has(code)) return true;
    // SQLSTATE class 08: connection exceptions.
    if (/^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  if (UNAVAILABLE_MESSAGES.test(error.message)) return true;
  const inner = [error.cause, ...(error instanceof AggregateError ? error.errors : [])];
  return inner.some((e) => isDatabaseUnavailable(e, depth + 1));
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).headers(error.headers).send(error.body);
  }
  if (isDatabaseUnavailable(error)) {
    // Expected while the database restarts or the network is down: a warning, not a stack per request.
    request.log.warn({ err: { message: error.message, code: error.code } }, 'database unavailable');
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .send({ detail: details.serviceUnavailable });
  }
  if ((error as { code?: unknown }).code === FOREIGN_KEY_VIOLATION) {
    return reply.code(400).send({ non_field_errors: [details.inUse] });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply.code(400).send(issuesToFields(error.validation as Issue[]));
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
    return reply.code(500).send({ detail: 'Internal server error.' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) {
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error.' });
  }
  if (status === 400) return reply.code(400).send({ non_field_errors: [error.message] });
  return reply.code(status).send({ detail: error.message });
}
