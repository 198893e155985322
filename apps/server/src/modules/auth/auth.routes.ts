// /api/auth/ (POST sign in, DELETE sign out) and /api/user-info/.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginBody, userInfo } from '@marquee/contracts/auth';
import { detailError, validationError } from '@marquee/contracts/common';
import { authEndpoint, userInfoEndpoint } from '@marquee/contracts/resources';
import type { Config } from '../../config.ts';
import { requireAuth, setSessionCookie } from '../../http/session.ts';
import type { createAuthService } from './auth.service.ts';

export function registerAuthRoutes(
  app: FastifyInstance,
  { service, config }: { service: ReturnType<typeof createAuthService>; config: Config },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  r.post(
    authEndpoint,
    {
      config: { public: true },
      schema: {
        tags,
        body: loginBody,
        response: { 200: userInfo, 400: validationError, 401: detailError, 403: detailError, 429: detailError },
      },
    },
    async (request, reply) => {
      const { sessionId, expiresAt, info } = await service.login(request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      });
      await service.logout(request.sessionHash);
      setSessionCookie(reply, config, sessionId);
      request.sessionExpiresAt = expiresAt;
      return info;
    },
  );

  r.delete(
    authEndpoint,
    { config: { public: true }, schema: { tags, response: { 204: z.null(), 403: detailError } } },
    async (request, reply) => {
      await service.logout(request.sessionHash);
      setSessionCookie(reply, config, null);
      request.sessionExpiresAt = null;
      return reply.code(204).send(null);
    },
  );

  // Allowed while a one-time token must be enrolled: it is how the web learns that it must.
  r.get(
    userInfoEndpoint,
    { config: { duringEnrolment: true }, schema: { tags, response: { 200: userInfo, 401: detailError } } },
    (request) => service.userInfo(requireAuth(request), request.mustEnrolToken),
  );
}
