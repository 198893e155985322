// /api/auth/password_change/ and /api/auth/password_reset/ (request by username, or set with a token).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, validationError } from '@marquee/contracts/common';
import { passwordChangeEndpoint, passwordResetEndpoint } from '@marquee/contracts/resources';
import { passwordChangeBody, passwordResetBody, passwordResetRequestBody } from '@marquee/contracts/users';
import { badRequest, issuesToFields } from '../../http/errors.ts';
import { requireAuth } from '../../http/session.ts';
import type { createPasswordsService } from './passwords.service.ts';

/** Either `{username}` (request a link) or `{token, password}` (set the password). */
const resetEither = z.object({
  username: z.string().optional(),
  token: z.string().optional(),
  password: z.string().optional(),
  csrfmiddlewaretoken: z.string().optional(),
});

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw badRequest(
    issuesToFields(result.error.issues.map((i) => ({ message: i.message, params: { issue: { path: i.path } } }))),
  );
}

export function registerPasswordRoutes(app: FastifyInstance, service: ReturnType<typeof createPasswordsService>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const responses = { 200: detailError, 400: validationError, 401: detailError, 403: detailError, 429: detailError };

  r.post(
    passwordChangeEndpoint,
    {
      schema: {
        tags,
        body: passwordChangeBody.extend({ csrfmiddlewaretoken: z.string().optional() }),
        response: responses,
      },
    },
    (req) => service.change(requireAuth(req), req.body, { sessionHash: req.sessionHash, ip: req.ip }),
  );

  r.post(
    passwordResetEndpoint,
    { config: { public: true }, schema: { tags, body: resetEither, response: responses } },
    (req) => {
      if (req.body.token !== undefined || req.body.password !== undefined) {
        const body = parse(passwordResetBody, req.body);
        return service.reset(body.token, body.password);
      }
      return service.requestReset(parse(passwordResetRequestBody, req.body).username, req.ip);
    },
  );
}
