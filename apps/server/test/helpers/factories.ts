// Factories for rows and signed-in API clients. Names are unique so tests sharing a database stay
// independent.
import crypto from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, SESSION_COOKIE } from '@marquee/contracts/auth';
import type { Paged } from '@marquee/contracts/common';
import { authEndpoint, userInfoEndpoint } from '@marquee/contracts/resources';
import type { Database } from '../../src/db/database.ts';
import { otpToken } from '../../src/lib/otp.ts';
import { hashPassword } from '../../src/lib/passwords.ts';
import { ADMIN_PASSWORD } from './backends.ts';

export type Response = LightMyRequestResponse;

let addresses = 0;
/** A client address of its own (per test file), so sign-in throttling per address never mixes tests. */
export const uniqAddress = () => {
  const n = ++addresses;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

let counter = 0;
/** A name no other test uses: `<prefix>-<n>-<random>`, letters and digits only after the prefix. */
export const uniq = (prefix = 'x') => `${prefix}-${++counter}-${crypto.randomBytes(4).toString('hex')}`;

/** Ids of permissions by codename; throws for an unknown codename so typos fail loudly. */
export async function permissionIds(db: Database, codenames: readonly string[]): Promise<number[]> {
  if (!codenames.length) return [];
  const rows = await db
    .selectFrom('permissions')
    .select(['id', 'codename'])
    .where('codename', 'in', codenames)
    .execute();
  const ids = new Map(rows.map((r) => [r.codename, r.id]));
  return codenames.map((c) => {
    const id = ids.get(c);
    if (id === undefined) throw new Error(`unknown permission ${c}`);
    return id;
  });
}

export async function createRole(
  db: Database,
  {
    name = uniq('role'),
    permissions = [],
    isSuperuser = false,
    canChangeAllAdvertisers = false,
  }: { name?: string; permissions?: string[]; isSuperuser?: boolean; canChangeAllAdvertisers?: boolean } = {},
): Promise<{ id: number; name: string }> {
  const { id } = await db
    .insertInto('roles')
    .values({ name, is_superuser: isSuperuser, can_change_all_advertisers: canChangeAllAdvertisers })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await permissionIds(db, permissions);
  if (ids.length) {
    await db
      .insertInto('role_permissions')
      .values(ids.map((permission_id) => ({ role_id: id, permission_id })))
      .execute();
  }
  return { id, name };
}

export type TestUser = { id: number; username: string; password: string; fullName: string; roleId: number | null };

/** A user holding one new role with `permissions` (codenames, stored as chosen). */
export async function createUser(
  db: Database,
  {
    username = uniq('user'),
    password = `pw-${crypto.randomBytes(6).toString('hex')}`,
    fullName = `Full ${username}`,
    permissions = [],
    withRole = true,
    isActive = true,
    otpSecret = null,
    email = '',
  }: {
    username?: string;
    password?: string;
    fullName?: string;
    permissions?: string[];
    withRole?: boolean;
    isActive?: boolean;
    otpSecret?: string | null;
    email?: string;
  } = {},
): Promise<TestUser> {
  const { id } = await db
    .insertInto('users')
    .values({
      username,
      password_hash: await hashPassword(password),
      full_name: fullName,
      is_active: isActive,
      otp_secret: otpSecret,
      otp_enabled: otpSecret !== null,
      email,
      is_activated: true,
      require_activation: false,
      require_2fa: false,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let roleId: number | null = null;
  if (withRole) {
    roleId = (await createRole(db, { permissions })).id;
    await db.insertInto('user_roles').values({ user_id: id, role_id: roleId }).execute();
  }
  return { id, username, password, fullName, roleId };
}

export type RequestOptions = {
  headers?: Record<string, string>;
  /** Send the X-CSRFToken header on unsafe methods (default true). */
  csrf?: boolean;
  remoteAddress?: string;
};

/** An API client over `app.inject` that keeps cookies and echoes the CSRF token; by default it
 * comes from an address of its own. */
export class Client {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly remoteAddress: string = uniqAddress(),
  ) {}

  async request(method: InjectOptions['method'], url: string, body?: unknown, options: RequestOptions = {}) {
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(String(method));
    if (unsafe && options.csrf !== false && !this.cookies.has(CSRF_COOKIE)) await this.get(userInfoEndpoint);
    const headers: Record<string, string> = { ...options.headers };
    if (unsafe && options.csrf !== false) headers[CSRF_HEADER] ??= this.cookies.get(CSRF_COOKIE)!;
    const res = await this.app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      ...(body === undefined ? {} : typeof body === 'string' ? { payload: body } : { payload: body as object }),
      remoteAddress: options.remoteAddress ?? this.remoteAddress,
    });
    this.keepCookies(res);
    return res;
  }

  keepCookies(res: Response) {
    for (const c of res.cookies) {
      const expired = c.expires !== undefined && new Date(c.expires).getTime() <= Date.now();
      if (!c.value || expired || c.maxAge === 0) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  get = (url: string, options?: RequestOptions) => this.request('GET', url, undefined, options);
  post = (url: string, body?: unknown, options?: RequestOptions) => this.request('POST', url, body ?? {}, options);
  put = (url: string, body?: unknown, options?: RequestOptions) => this.request('PUT', url, body ?? {}, options);
  patch = (url: string, body?: unknown, options?: RequestOptions) => this.request('PATCH', url, body ?? {}, options);
  delete = (url: string, options?: RequestOptions) => this.request('DELETE', url, undefined, options);

  get session() {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** GETs a list that must answer 200 and returns its page. */
  async page<T>(url: string): Promise<Paged<T>> {
    const res = await this.get(url);
    if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Paged<T>;
  }

  /** Signs in through the API (with CSRF); returns the response, whatever it is. */
  login(username: string, password: string, extra: Record<string, string> = {}, options?: RequestOptions) {
    return this.post(authEndpoint, { username, password, ...extra }, options);
  }
}

/** Signs `user` in and fails the test when that does not work. */
export async function signIn(app: FastifyInstance, username: string, password: string): Promise<Client> {
  const client = new Client(app);
  const res = await client.login(username, password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${res.statusCode} ${res.body}`);
  return client;
}

export type UserClient = Client & { user: TestUser };

/** A signed-in client of a new user whose role holds `permissions` (codenames). */
export async function asUser(
  ctx: { app: FastifyInstance; db: Database },
  permissions: string[],
  options: Parameters<typeof createUser>[1] = {},
): Promise<UserClient> {
  const user = await createUser(ctx.db, { ...options, permissions });
  const client = await signIn(ctx.app, user.username, user.password);
  return Object.assign(client, { user });
}

/** A signed-in client of a new user with one role of `permissions` that sees all advertisers or, with
 * `viewAll` false, only the `advertisers` the user is linked to (advertiser isolation). */
export async function asRoleUser(
  app: FastifyInstance,
  db: Database,
  permissions: string[],
  { viewAll, advertisers = [] }: { viewAll: boolean; advertisers?: number[] },
): Promise<UserClient & { roleId: number }> {
  const user = await createUser(db, { withRole: false });
  const role = await db
    .insertInto('roles')
    .values({ name: uniq('role'), can_view_all_advertisers: viewAll })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = await permissionIds(db, permissions);
  if (ids.length) {
    await db
      .insertInto('role_permissions')
      .values(ids.map((permission_id) => ({ role_id: role.id, permission_id })))
      .execute();
  }
  await db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
  if (advertisers.length) {
    await db
      .insertInto('advertiser_managers')
      .values(advertisers.map((advertiser_id) => ({ user_id: user.id, advertiser_id })))
      .execute();
  }
  return Object.assign(await signIn(app, user.username, user.password), { user, roleId: role.id });
}

/** The bootstrap administrator (superuser role). */
export const asAdmin = (app: FastifyInstance) => signIn(app, 'admin', ADMIN_PASSWORD);

/** A log entry with chosen values, for filter tests. */
export async function insertLogEntry(
  db: Database,
  values: { actionTime: Date; model?: string; objectRepr?: string; actionFlag?: number; userId?: number | null },
): Promise<number> {
  const row = await db
    .insertInto('log_entries')
    .values({
      action_time: values.actionTime,
      model: values.model ?? 'role',
      object_id: '1',
      object_repr: values.objectRepr ?? uniq('entry'),
      action_flag: values.actionFlag ?? 2,
      user_id: values.userId ?? null,
      before: null,
      after: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** A well-formed one-time token that is none of the tokens valid around now. */
export async function wrongToken(secret: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const valid = new Set(await Promise.all([-90, -60, -30, 0, 30, 60, 90].map((d) => otpToken(secret, now + d))));
  for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
    const token = String(n).padStart(6, '0');
    if (!valid.has(token)) return token;
  }
}
