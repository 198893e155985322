// SQL for user accounts and their roles.
import type { Updateable } from 'kysely';
import { imageUrl } from '@marquee/contracts/images';
import type { User, UserInput } from '@marquee/contracts/users';
import type { Database } from '../../db/database.ts';
import {
  linkedIdsOf,
  replaceLinks,
  userAdvertisers,
  userCampaignLocations,
  userLocations,
  userRoles,
} from '../../db/links.ts';
import type { UsersTable } from '../../db/schema.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf, likePattern } from '../../http/list.ts';

export type UserFilters = { is_active?: boolean; search?: string };

/** The columns account flows need beyond the API shape. */
export type UserSecrets = {
  id: number;
  username: string;
  full_name: string;
  email: string;
  is_active: boolean;
  password_hash: string;
  otp_secret: string | null;
  otp_pending_secret: string | null;
  otp_last_step: number | null;
  require_2fa: boolean;
  require_activation: boolean;
  is_activated: boolean;
};

const base = (db: Database, filters: UserFilters) => {
  let q = db.selectFrom('users').select([
    'users.id',
    'users.username',
    'users.full_name',
    'users.email',
    'users.is_active',
    'users.require_activation',
    'users.require_2fa',
    'users.otp_enabled',
    'users.is_activated',
    'users.date_joined',
    'users.last_login',
    // The active picture (at most one per user).
    (eb) =>
      eb
        .selectFrom('images')
        .select('images.id')
        .where('images.model', '=', 'user')
        .whereRef('images.object_id', '=', 'users.id')
        .where('images.is_active', '=', true)
        .limit(1)
        .as('image_id'),
  ]);
  if (filters.is_active !== undefined) q = q.where('users.is_active', '=', filters.is_active);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    q = q.where((eb) =>
      eb.or([
        eb('users.username', 'ilike', pattern),
        eb('users.full_name', 'ilike', pattern),
        eb('users.email', 'ilike', pattern),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

/** The user's link tables and the input field each one is edited through. */
const userLinks = [
  ['roles', userRoles],
  ['locations', userLocations],
  ['campaign_locations', userCampaignLocations],
  ['advertisers', userAdvertisers],
] as const;

async function withRoles(db: Database, rows: Row[]): Promise<User[]> {
  const ids = rows.map((r) => r.id);
  const [roles, locations, campaignLocations, advertisers] = await linkedIdsOf(
    db,
    userLinks.map(([, link]) => link),
    ids,
  );
  const roleIds = [...new Set([...(roles?.values() ?? [])].flat())];
  const roleNames = new Map(
    roleIds.length
      ? (await db.selectFrom('roles').select(['id', 'name']).where('id', 'in', roleIds).execute()).map((role) => [
          role.id,
          role.name,
        ])
      : [],
  );
  return rows.map(({ image_id, ...r }) => ({
    ...r,
    image: image_id === null ? null : imageUrl(image_id),
    date_joined: new Date(r.date_joined).toISOString(),
    last_login: r.last_login === null ? null : new Date(r.last_login).toISOString(),
    roles: roles?.get(r.id) ?? [],
    roles_data: (roles?.get(r.id) ?? []).map((id) => ({ id, name: roleNames.get(id) ?? '' })),
    locations: locations?.get(r.id) ?? [],
    campaign_locations: campaignLocations?.get(r.id) ?? [],
    advertisers: advertisers?.get(r.id) ?? [],
  }));
}

const fieldsOf = (input: Partial<UserInput>) => ({
  ...(input.username !== undefined ? { username: input.username } : {}),
  ...(input.full_name !== undefined ? { full_name: input.full_name } : {}),
  ...(input.email !== undefined ? { email: input.email } : {}),
  ...(input.require_activation !== undefined ? { require_activation: input.require_activation } : {}),
  ...(input.require_2fa !== undefined ? { require_2fa: input.require_2fa } : {}),
});

export const usersRepository: CrudRepository<User, UserInput, UserFilters> & {
  findByUsername(db: Database, username: string): Promise<{ id: number } | undefined>;
  existingRoleIds(db: Database, ids: number[]): Promise<Set<number>>;
  existingIds(db: Database, table: 'locations' | 'advertisers', ids: number[]): Promise<Set<number>>;
  secrets(db: Database, id: number): Promise<UserSecrets | undefined>;
  secretsByUsername(db: Database, username: string): Promise<UserSecrets | undefined>;
  setFields(db: Database, id: number, values: Updateable<UsersTable>): Promise<void>;
  endSessions(db: Database, id: number, except?: string | null): Promise<void>;
} = {
  async list(db, options) {
    return withRoles(db, await applyPage(base(db, options.filters), options).execute());
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('users.id', '=', id).executeTakeFirst();
    return row ? (await withRoles(db, [row]))[0] : undefined;
  },
  async create(db, input) {
    const { id } = await db
      .insertInto('users')
      // No password until the user activates the account (or resets the password).
      .values({ password_hash: '', require_activation: true, require_2fa: true, ...fieldsOf(input) } as {
        username: string;
        password_hash: string;
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [field, link] of userLinks) await replaceLinks(db, link, id, input[field] ?? []);
    return id;
  },
  async update(db, id, input) {
    const values = fieldsOf(input);
    if (Object.keys(values).length) await db.updateTable('users').set(values).where('id', '=', id).execute();
    for (const [field, link] of userLinks) {
      const value = input[field];
      if (value !== undefined) await replaceLinks(db, link, id, value);
    }
  },
  async setActive(db, id, active) {
    await db.updateTable('users').set({ is_active: active }).where('id', '=', id).execute();
  },
  findByUsername: (db, username) =>
    db
      .selectFrom('users')
      .select('id')
      .where(({ fn, eb }) => eb(fn('lower', ['username']), '=', username.toLowerCase()))
      .executeTakeFirst(),
  async existingRoleIds(db, ids) {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },
  async existingIds(db, table, ids) {
    if (!ids.length) return new Set();
    const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((r) => r.id));
  },
  secrets: (db, id) => secretsQuery(db).where('id', '=', id).executeTakeFirst(),
  secretsByUsername: (db, username) => secretsQuery(db).where('username', '=', username).executeTakeFirst(),
  async setFields(db, id, values) {
    await db.updateTable('users').set(values).where('id', '=', id).execute();
  },
  async endSessions(db, id, except) {
    let q = db.deleteFrom('sessions').where('user_id', '=', id);
    if (except) q = q.where('id_hash', '<>', except);
    await q.execute();
  },
};

const secretsQuery = (db: Database) =>
  db
    .selectFrom('users')
    .select([
      'id',
      'username',
      'full_name',
      'email',
      'is_active',
      'password_hash',
      'otp_secret',
      'otp_pending_secret',
      'otp_last_step',
      'require_2fa',
      'require_activation',
      'is_activated',
    ]);
