// /api/users/: the generic list/get/create/update/deactivate plus enable, disable, reactivate,
// one-time-token enrolment, the user's event log and the public activation calls.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { detailError, idParam, listQuery, paged, validationError } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import {
  activateBody,
  activationParams,
  activationQuery,
  enableOtpResponse,
  user,
  userEvent,
  userInput,
  userQuery,
  validateOtpBody,
} from '@marquee/contracts/users';
import type { Auth } from '../../access/access.ts';
import { registerBulkAction } from '../../http/bulk.ts';
import { registerCrudRoutes } from '../../http/crud.ts';
import { requireAuth } from '../../http/session.ts';
import type { createAccountsService } from './users.accounts.service.ts';
import type { UsersService } from './users.service.ts';

const errors = { 400: validationError, 401: detailError, 403: detailError, 404: detailError };

export function registerUserRoutes(
  app: FastifyInstance,
  { users, accounts }: { users: UsersService; accounts: ReturnType<typeof createAccountsService> },
) {
  const definition = resources.users;
  registerCrudRoutes(app, users, definition, { item: user, input: userInput, query: userQuery, tag: 'users' }, [
    'list',
    'get',
    'create',
    'update',
    'deactivate',
  ]);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const base = definition.endpoint;
  const tags = ['users'];
  const userOut = z.intersection(user, z.object({ _permissions: z.array(z.string()) }));
  type UserOut = z.infer<typeof userOut>;
  const detailAction = (name: string, handler: (auth: Auth, id: number) => Promise<UserOut>) =>
    r.post(`${base}:id/${name}/`, { schema: { tags, params: idParam, response: { 200: userOut, ...errors } } }, (req) =>
      handler(requireAuth(req), req.params.id),
    );

  detailAction('disable', (auth, id) => users.setActive(auth, id, false));
  detailAction('enable', (auth, id) => users.setActive(auth, id, true));
  // Bulk disable/enable beside the single ones (the crud machinery adds `bulk/deactivate/`, the same call).
  for (const [action, active] of [
    ['disable', false],
    ['enable', true],
  ] as const) {
    registerBulkAction(app, { endpoint: base, tag: 'users', action, run: (a, id) => users.setActive(a, id, active) });
  }
  detailAction('reactivate', (auth, id) => accounts.reactivate(auth, id));
  detailAction('disable_otp', (auth, id) => accounts.disableOtp(auth, id));

  // Enrolment stays open to a session that must enrol a token first (only one's own: access decides).
  const duringEnrolment = { duringEnrolment: true };
  r.post(
    `${base}:id/enable_otp/`,
    {
      config: duringEnrolment,
      schema: { tags, params: idParam, response: { 200: enableOtpResponse, ...errors } },
    },
    (req) => accounts.enableOtp(requireAuth(req), req.params.id),
  );
  r.post(
    `${base}:id/validate_otp/`,
    {
      config: duringEnrolment,
      schema: { tags, params: idParam, body: validateOtpBody, response: { 200: userOut, ...errors } },
    },
    (req) => accounts.validateOtp(requireAuth(req), req.params.id, req.body.token),
  );
  r.get(
    `${base}:id/events/`,
    {
      schema: {
        tags,
        params: idParam,
        querystring: listQuery.pick({ page: true, page_size: true }),
        response: { 200: paged(userEvent), ...errors },
      },
    },
    (req) => accounts.events(requireAuth(req), req.params.id, req.query, req.url),
  );

  r.get(
    `${base}activation_params/`,
    {
      config: { public: true },
      schema: { tags, querystring: activationQuery, response: { 200: activationParams, ...errors } },
    },
    (req) => accounts.activationParams(req.query.key, req.query.hash),
  );
  r.post(
    `${base}activate/`,
    {
      config: { public: true },
      schema: { tags, body: activateBody, response: { 200: detailError, ...errors } },
    },
    (req) => accounts.activate(req.body),
  );
}
