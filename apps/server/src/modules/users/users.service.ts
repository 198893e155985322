// Users: the generic list/get/create/update/disable, with unique usernames, known roles that grant
// no more than the caller holds, an email for activation, and the activation mail on create.
import type { FastifyBaseLogger } from 'fastify';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import type { User, UserInput } from '@marquee/contracts/users';
import type { Access, Auth } from '../../access/access.ts';
import { isLinked } from '../../access/rules.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { createCrudService } from '../../http/crud.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { activationMail } from '../../mail/templates.ts';
import { issueActivation } from './account-tokens.ts';
import { usersRepository, type UserFilters } from './users.repository.ts';

export type UsersDeps = { db: Database; access: Access; config: Config; mailer: Mailer; log?: FastifyBaseLogger };

const model = resources.users.model_name;

/** Link fields of the user: the table their ids point to, the unknown-id text, and the link kind. */
const linkFields = [
  ['locations', 'locations', details.unknownLocations, 'location'],
  ['campaign_locations', 'locations', details.unknownLocations, 'campaignLocation'],
  ['advertisers', 'advertisers', details.unknownAdvertisers, 'advertiser'],
] as const;

export function createUsersService({ db, access, config, mailer, log }: UsersDeps) {
  const crud = createCrudService<User, UserInput, UserFilters>(db, access, {
    definition: resources.users,
    repository: usersRepository,
    ordering: {
      fields: {
        username: 'users.username',
        full_name: 'users.full_name',
        date_joined: 'users.date_joined',
        last_login: 'users.last_login',
        id: 'users.id',
      },
      default: 'username',
      id: 'users.id',
    },
    repr: (user) => user.username,
    async validate(trx, input, existing) {
      const errors: Record<string, string[]> = {};
      if (input.username !== undefined) {
        const other = await usersRepository.findByUsername(trx, input.username);
        if (other && other.id !== existing?.id) errors.username = [details.usernameTaken];
      }
      if (input.roles?.length) {
        const known = await usersRepository.existingRoleIds(trx, input.roles);
        if (known.size !== new Set(input.roles).size) errors.roles = [details.unknownRoles];
      }
      for (const [field, table, message] of linkFields) {
        const ids = input[field];
        if (!ids?.length) continue;
        const known = await usersRepository.existingIds(trx, table, ids);
        if (known.size !== new Set(ids).size) errors[field] = [message];
      }
      const requireActivation = input.require_activation ?? existing?.require_activation ?? true;
      const email = input.email ?? existing?.email ?? '';
      if (requireActivation && !email && !existing?.is_activated) {
        errors.email = [details.emailRequiredForActivation];
      }
      return errors;
    },
  });

  /** Roles a caller adds must not grant what the caller does not hold (no self-promotion). */
  async function checkRoles(auth: Auth, roles: number[] | undefined, current: number[] = []) {
    const added = (roles ?? []).filter((r) => !current.includes(r));
    if (!(await access.canGrantRoles(auth, added))) throw badRequest({ roles: [details.rolesBeyondOwn] });
  }

  /** Links a caller adds must be links the caller holds (a location manager may share their locations,
   * not hand out others'). */
  function checkLinks(auth: Auth, input: Partial<UserInput>, current?: User) {
    const errors: Record<string, string[]> = {};
    for (const [field, , , kind] of linkFields) {
      const added = (input[field] ?? []).filter((id) => !current?.[field].includes(id));
      if (added.some((id) => !isLinked(auth, kind, id))) errors[field] = [details.linksBeyondOwn];
    }
    if (Object.keys(errors).length) throw badRequest(errors);
  }

  /** Mails a new activation link (earlier links stop working). */
  async function sendActivation(
    trx: Database,
    user: { id: number; username: string; email: string; full_name: string },
  ) {
    const link = await issueActivation(trx, user.id, config.activationLinkMs);
    return () => mailer.send(activationMail(config.publicUrl, user, link, config.activationLinkMs));
  }

  return {
    ...crud,

    /** One's own account is visible without view_user (the access rules grant it). */
    async get(auth: Auth, id: number) {
      access.require(auth, `view_${model}`, { model, value: { id } });
      const user = await usersRepository.get(db, id);
      if (!user) throw notFound();
      return { ...user, _permissions: access.objectPermissions(auth, model, user) };
    },

    async create(auth: Auth, input: UserInput) {
      access.require(auth, `add_${model}`);
      await checkRoles(auth, input.roles);
      checkLinks(auth, input);
      const created = await crud.create(auth, input);
      if (created.require_activation && created.email) {
        const send = await sendActivation(db, created);
        // The user exists now; a mail failure is logged and the admin can use "reactivate".
        await send().catch((err: unknown) => log?.error({ err, user: created.id }, 'activation mail failed'));
      }
      return created;
    },

    async update(auth: Auth, id: number, input: Partial<UserInput>) {
      access.require(auth, `change_${model}`);
      const current = await usersRepository.get(db, id);
      if (current) {
        if (current.require_2fa && input.require_2fa === false) {
          access.requireOperation(auth, 'own_second_factor', current);
        }
        await access.requireOutranks(auth, current);
        await checkRoles(auth, input.roles, current.roles);
        checkLinks(auth, input, current);
      }
      return crud.update(auth, id, input);
    },

    /** Disabling ends the user's sessions at once; nobody disables themselves. */
    async setActive(auth: Auth, id: number, active: boolean) {
      if (!active) access.requireOperation(auth, 'disable_user', { id });
      access.require(auth, `change_${model}`);
      const current = await usersRepository.get(db, id);
      if (current) await access.requireOutranks(auth, current);
      const user = await crud.setActive(auth, id, active);
      if (!active) await usersRepository.endSessions(db, id);
      return user;
    },

    sendActivation,
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
