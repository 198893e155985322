// Refuses control characters in every request's text input (path params, query string, body) with a
// 400 on the field, before validation and before any handler touches the database: PostgreSQL
// cannot store NUL in text, so without this a NUL anywhere is a 500. The rule lives in contracts.
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ValidationErrorBody } from '@marquee/contracts/common';
import { controlCharacterFields } from '@marquee/contracts/text';
import { controlCharactersText } from '@marquee/contracts/texts';
import { badRequest } from './errors.ts';

/** find-my-way's name for the rest of the path (the web app's catch-all route): no field to name. */
const WILDCARD_PARAM = '*';

function errorsOf(fields: Iterable<string>) {
  const body: ValidationErrorBody = {};
  for (const field of fields) body[field] = [controlCharactersText];
  return Object.keys(body).length ? body : null;
}

/** The 400 body for a request's control characters, or null when it has none. */
export function controlCharacterErrors(request: Pick<FastifyRequest, 'params' | 'query' | 'body'>) {
  // A raw body (a Buffer from a custom parser) is bytes, not text.
  const body = Buffer.isBuffer(request.body) ? undefined : request.body;
  return errorsOf([
    ...controlCharacterFields(request.params).map((field) => (field === WILDCARD_PARAM ? 'non_field_errors' : field)),
    ...controlCharacterFields(request.query),
    ...controlCharacterFields(body),
  ]);
}

/**
 * The 400 for an uploaded file part whose file name (a clip keeps it) or a text field sent before it
 * holds a control character, or null. Multipart bodies are streamed by their routes, so the
 * preValidation guard never sees them: each upload reader calls this on the part it reads.
 */
export function uploadErrors(part: Pick<MultipartFile, 'fieldname' | 'filename' | 'fields'>) {
  const texts: Record<string, string[]> = { [part.fieldname]: [part.filename ?? ''] };
  for (const entry of Object.values(part.fields).flat()) {
    if (entry?.type === 'field' && typeof entry.value === 'string') (texts[entry.fieldname] ??= []).push(entry.value);
  }
  const errors = errorsOf(controlCharacterFields(texts));
  return errors ? badRequest(errors) : null;
}

/** Registers the guard for every route, public ones included. It runs in preValidation, the first
 * hook that sees the parsed body: after the login gate (onRequest) and after the CSRF check
 * (registered before it), so a forged request stays a 403 whatever it holds. */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    // Routes that validate their body themselves after authenticating (the device gateway's
    // attachValidation) check it there, so a stranger still learns nothing but 401.
    if (request.routeOptions.attachValidation) return;
    const errors = controlCharacterErrors(request);
    if (errors) throw badRequest(errors);
  });
}
