// The permission model: effective permissions of a user and the `_permissions` of lists and objects.
// Every permission decision on the server is made here; routes and services only ask.
import { details } from '@marquee/contracts/texts';
import type { Database } from '../db/database.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { sql, type RawBuilder } from 'kysely';
import { sessionCacheOf } from './session-cache.ts';
import {
  isLinked,
  linkDenials,
  mayViewImage,
  mayViewVideo,
  modelExtraPermissions,
  objectRules,
  operationRules,
  visibleAdvertisers,
  type ImageFacts,
  type LinkKind,
  type Operation,
  type VideoFacts,
} from './rules.ts';

export type SessionUser = { id: number; username: string; full_name: string };

/** Which objects the user is linked to (the "which" beside the roles' "what"). */
export type AuthLinks = {
  /** Locations the user manages (may change). */
  locations: ReadonlySet<number>;
  /** Locations the user may send campaigns to. */
  campaignLocations: ReadonlySet<number>;
  /** Advertisers the user manages (with their products and clips). */
  advertisers: ReadonlySet<number>;
  /** A role has can_change_all_advertisers (or is the superuser role). */
  allAdvertisers: boolean;
  /** A role has can_view_all_advertisers or can_change_all_advertisers (or is the superuser role):
   * otherwise the user sees only the data of the advertisers they are linked to. */
  viewAllAdvertisers: boolean;
};

/** Who is asking: the session's user, everything their roles grant (dependents included), and links. */
export type Auth = { user: SessionUser; permissions: ReadonlySet<string>; superuser: boolean; links: AuthLinks };

type Catalogue = { codenames: string[]; byId: Map<number, string>; dependents: Map<string, string[]> };

/** What roles give: permissions (implied ones included), superuser-ness and the all-advertisers flags
 * (`viewAllAdvertisers` is true with either flag). */
type Standing = {
  permissions: ReadonlySet<string>;
  superuser: boolean;
  allAdvertisers: boolean;
  viewAllAdvertisers: boolean;
};
const noStanding = (): Standing => ({
  permissions: new Set(),
  superuser: false,
  allAdvertisers: false,
  viewAllAdvertisers: false,
});

/** A role as the grant rules read it: its id (unless new) and what it gives. */
export type RoleShape = {
  id?: number;
  /** Ids of the directly chosen permissions. */
  permissions: readonly number[];
  can_change_all_advertisers: boolean;
  can_view_all_advertisers: boolean;
};

/** Whether the user holds everything `standing` gives. A superuser holds all; nobody else holds
 * superuser-ness, so no one else outranks a superuser account, whatever permissions they were given. */
function covers(auth: Auth, standing: Standing): boolean {
  if (auth.superuser) return true;
  if (standing.superuser) return false;
  if (standing.allAdvertisers && !auth.links.allAdvertisers) return false;
  if (standing.viewAllAdvertisers && !auth.links.viewAllAdvertisers) return false;
  return [...standing.permissions].every((p) => auth.permissions.has(p));
}

export type Access = ReturnType<typeof createAccess>;

export function createAccess(db: Database) {
  let catalogue: Promise<Catalogue> | undefined;

  const loadCatalogue = async (): Promise<Catalogue> => {
    const perms = await db.selectFrom('permissions').select(['id', 'codename']).execute();
    const edges = await db.selectFrom('permission_dependencies').select(['permission_id', 'dependent_id']).execute();
    const byId = new Map(perms.map((p) => [p.id, p.codename]));
    const dependents = new Map<string, string[]>();
    for (const e of edges) {
      const from = byId.get(e.permission_id)!;
      dependents.set(from, [...(dependents.get(from) ?? []), byId.get(e.dependent_id)!]);
    }
    return { codenames: perms.map((p) => p.codename), byId, dependents };
  };
  const getCatalogue = () => (catalogue ??= loadCatalogue());

  type RoleRow = {
    id: number;
    is_superuser: boolean;
    can_change_all_advertisers: boolean;
    can_view_all_advertisers: boolean;
  };

  type AuthRow = {
    roles: RoleRow[] | null;
    codenames: string[];
    locations: number[];
    campaign_locations: number[];
    advertisers: number[];
  };

  /** The columns an Auth is made of for the user whose id is `userId` (a value or a column): the roles,
   * the permissions they were given directly, and the links to locations and advertisers. */
  const authColumns = (userId: RawBuilder<number> | number) => sql`
    (select json_agg(json_build_object('id', r.id, 'is_superuser', r.is_superuser,
        'can_change_all_advertisers', r.can_change_all_advertisers,
        'can_view_all_advertisers', r.can_view_all_advertisers))
      from user_roles ur join roles r on r.id = ur.role_id
      where ur.user_id = ${userId}) as roles,
    array(select distinct p.codename
      from user_roles ur
      join role_permissions rp on rp.role_id = ur.role_id
      join permissions p on p.id = rp.permission_id
      where ur.user_id = ${userId}) as codenames,
    array(select location_id from location_managers where user_id = ${userId}) as locations,
    array(select location_id from location_campaign_managers where user_id = ${userId}) as campaign_locations,
    array(select advertiser_id from advertiser_managers where user_id = ${userId}) as advertisers`;

  /** Effective permissions (those of the roles plus all they imply; superuser roles hold all) and links
   * from what `authColumns` gave. */
  async function authFrom(user: SessionUser, row: AuthRow | undefined): Promise<Auth> {
    const roles = row?.roles ?? [];
    const ids = (values: unknown[] | undefined) => new Set((values ?? []).map(Number));
    const superuser = roles.some((r) => r.is_superuser);
    const { codenames } = await getCatalogue();
    const permissions = superuser ? new Set(codenames) : await withImplied(row?.codenames ?? []);
    const allAdvertisers = superuser || roles.some((r) => r.can_change_all_advertisers);
    return {
      user,
      permissions,
      superuser,
      links: {
        locations: ids(row?.locations),
        campaignLocations: ids(row?.campaign_locations),
        advertisers: ids(row?.advertisers),
        allAdvertisers,
        viewAllAdvertisers: allAdvertisers || roles.some((r) => r.can_view_all_advertisers),
      },
    };
  }

  /** Everything the server needs to decide for `user`, in one round trip. */
  async function authOf(user: SessionUser): Promise<Auth> {
    const { rows } = await sql<AuthRow>`select ${authColumns(user.id)}`.execute(db);
    return authFrom(user, rows[0]);
  }

  type SessionAnswer = {
    require_2fa: boolean;
    otp_enabled: boolean;
    expires_at: Date | string;
    auth: Auth;
  };
  const sessions = sessionCacheOf<SessionAnswer>(db);

  /**
   * The session whose id hashes to `hash`, unexpired at `now`, of an active user: the user, what the
   * session check needs of them, and their Auth. Every request asks it: the answer is kept while it
   * cannot be stale (session-cache.ts), otherwise it takes one round trip (on PGlite every query also
   * waits its turn on the one connection). The answer is shared by requests: never change it.
   */
  function sessionAuth(hash: string, now: Date): Promise<SessionAnswer | undefined> {
    if (!sessions) return loadSession(hash, now);
    const kept = sessions.get(hash, now);
    return kept ? Promise.resolve(kept) : sessions.fetch(hash, () => loadSession(hash, now));
  }

  /** Forgets the sessions this process keeps (after a request that may have changed who may do what). */
  const forgetSessions = () => sessions?.forgetAll();

  /** Makes the session `hash` last until `expiresAt` (in the database and in what this process keeps).
   * Only a later expiry: no kept answer elsewhere becomes wrong, so nothing else is forgotten (the
   * statement goes around the plugin, and the trigger announces only shortened sessions). */
  async function renewSession(hash: string, expiresAt: Date): Promise<void> {
    await db
      .withoutPlugins()
      .updateTable('sessions')
      .set({ expires_at: expiresAt })
      .where('id_hash', '=', hash)
      .execute();
    sessions?.renewed(hash, expiresAt);
  }

  async function loadSession(hash: string, now: Date): Promise<SessionAnswer | undefined> {
    const { rows } = await sql<
      SessionUser & { require_2fa: boolean; otp_enabled: boolean; expires_at: Date | string } & AuthRow
    >`
      select u.id, u.username, u.full_name, u.require_2fa, u.otp_enabled, s.expires_at, ${authColumns(sql`u.id`)}
      from sessions s join users u on u.id = s.user_id
      where s.id_hash = ${hash} and s.expires_at > ${now} and u.is_active`.execute(db);
    const row = rows[0];
    if (!row) return undefined;
    const user: SessionUser = { id: row.id, username: row.username, full_name: row.full_name };
    return {
      require_2fa: row.require_2fa,
      otp_enabled: row.otp_enabled,
      expires_at: row.expires_at,
      auth: await authFrom(user, row),
    };
  }

  /** What a set of roles gives: every permission (implied ones included; all for a superuser role),
   * whether one is a superuser role, and the all-advertisers flags. */
  async function standingOfRoles(roleIds: number[]): Promise<Standing> {
    if (!roleIds.length) return noStanding();
    const roles = await db
      .selectFrom('roles')
      .select(['id', 'is_superuser', 'can_change_all_advertisers', 'can_view_all_advertisers'])
      .where('id', 'in', roleIds)
      .execute();
    const superuser = roles.some((r) => r.is_superuser);
    const allAdvertisers = superuser || roles.some((r) => r.can_change_all_advertisers);
    const flags = {
      superuser,
      allAdvertisers,
      viewAllAdvertisers: allAdvertisers || roles.some((r) => r.can_view_all_advertisers),
    };
    if (superuser) return { ...flags, permissions: new Set((await getCatalogue()).codenames) };
    if (!roles.length) return { ...flags, permissions: new Set() };
    const direct = await db
      .selectFrom('role_permissions')
      .innerJoin('permissions', 'permissions.id', 'role_permissions.permission_id')
      .select('permissions.codename')
      .where(
        'role_permissions.role_id',
        'in',
        roles.map((r) => r.id),
      )
      .execute();
    return { ...flags, permissions: await withImplied(direct.map((d) => d.codename)) };
  }

  /** What one role gives as it stands or is about to be saved (its directly chosen permission ids;
   * unknown ids give nothing, they are the validation's 400). */
  async function standingOfRole(role: RoleShape | null): Promise<Standing> {
    if (!role) return noStanding();
    const { byId } = await getCatalogue();
    const codenames = role.permissions.flatMap((id) => byId.get(id) ?? []);
    const allAdvertisers = role.can_change_all_advertisers;
    return {
      permissions: await withImplied(codenames),
      superuser: false,
      allAdvertisers,
      viewAllAdvertisers: allAdvertisers || role.can_view_all_advertisers,
    };
  }

  /** `direct` and every permission they imply. */
  async function withImplied(direct: readonly string[]): Promise<Set<string>> {
    const { dependents } = await getCatalogue();
    const result = new Set<string>();
    const stack = [...direct];
    while (stack.length) {
      const c = stack.pop()!;
      if (result.has(c)) continue;
      result.add(c);
      stack.push(...(dependents.get(c) ?? []));
    }
    return result;
  }

  /** The user's permissions on a model, for a list's `_permissions`. */
  function modelPermissions(auth: Auth, model: string): string[] {
    const extra = modelExtraPermissions[model] ?? [];
    return [...auth.permissions].filter((p) => p.slice(p.indexOf('_') + 1) === model || extra.includes(p)).sort();
  }

  /** Whether the user may know of the object at all (advertiser isolation); objects they may not see
   * answer 404, as if they did not exist. */
  function isVisible(auth: Auth, model: string, object: unknown): boolean {
    return objectRules[model]?.visible?.(auth, object) ?? true;
  }

  /** Throws 404 unless the user may see the object. */
  function requireVisible(auth: Auth, model: string, object: unknown): void {
    if (!isVisible(auth, model, object)) throw notFound(details.notFound);
  }

  /** Throws 404 unless the user may fetch the bytes of the image (see `mayViewImage`). */
  function requireImage(auth: Auth, image: ImageFacts): void {
    if (!mayViewImage(auth, image)) throw notFound(details.notFound);
  }

  /** Throws 404 unless the user may fetch the video, or its thumbnail or preview (`still`). */
  function requireVideo(auth: Auth, video: VideoFacts, part: 'video' | 'still'): void {
    if (!mayViewVideo(auth, video, part)) throw notFound(details.notFound);
  }

  /** The user's permissions on one object: model permissions narrowed by the model's object rules,
   * plus what the rules grant on that object (none on an object the user may not see). */
  function objectPermissions(auth: Auth, model: string, object: unknown): string[] {
    if (!isVisible(auth, model, object)) return [];
    const rule = objectRules[model];
    const held = modelPermissions(auth, model).filter(
      (p) => !rule || rule.allows(auth, p.slice(0, p.indexOf('_')), object),
    );
    const granted = (rule?.grants?.(auth, object) ?? []).map((action) => `${action}_${model}`);
    return [...new Set([...held, ...granted])].sort();
  }

  /** Throws 403 unless the user holds `permission` (on `object`, when given). */
  function require(auth: Auth, permission: string, object?: { model: string; value: unknown }): void {
    if (!object) {
      if (!auth.permissions.has(permission)) throw forbidden(details.permissionDenied);
      return;
    }
    if (!objectPermissions(auth, object.model, object.value).includes(permission)) {
      const denial = auth.permissions.has(permission) ? objectRules[object.model]?.denial : undefined;
      throw forbidden(denial ?? details.permissionDenied);
    }
  }

  /** Throws 403 unless the user is linked to the object (`location`: manages it; `campaignLocation`:
   * may send campaigns to it; `advertiser`: manages it or may change all advertisers). */
  function requireLink(auth: Auth, kind: LinkKind, id: number): void {
    if (!isLinked(auth, kind, id)) throw forbidden(linkDenials[kind]);
  }

  /** Throws 403 unless an operation rule allows the user this operation on `object`. */
  function requireOperation(auth: Auth, operation: Operation, object: unknown): void {
    const rule = operationRules[operation];
    if (!rule.allows(auth, object)) throw forbidden(rule.denial);
  }

  /** True when the user holds everything the roles give: every permission, each all-advertisers flag
   * and superuser-ness (no granting beyond one's own). */
  async function canGrantRoles(auth: Auth, roleIds: number[]): Promise<boolean> {
    if (!roleIds.length) return true;
    return covers(auth, await standingOfRoles(roleIds));
  }

  /** Acting on another account (edit, disable, reactivate, drop its token, its picture) needs everything
   * that account holds (canGrantRoles): otherwise a user manager could take over an administrator (new
   * email → reset). */
  async function requireOutranks(auth: Auth, target: { id: number; roles: number[] }): Promise<void> {
    if (target.id === auth.user.id) return;
    if (!(await canGrantRoles(auth, target.roles))) throw forbidden(details.strongerUser);
  }

  /**
   * Throws 403 unless the user may change a role from `before` to `after` (`before` null: a new role;
   * `after` null: a deleted one). Roles are bounded by holding, as grants to users are: a permission or an
   * all-advertisers flag (can_view_all_advertisers where it lifts isolation) is given or taken away only
   * by someone who holds it, and nobody widens a role they hold (whoever holds it would gain). The
   * superuser holds everything and has nobody above it.
   */
  async function requireRoleChange(
    auth: Auth,
    { before, after }: { before: RoleShape | null; after: RoleShape | null },
  ): Promise<void> {
    if (auth.superuser) return;
    const [was, will] = await Promise.all([standingOfRole(before), standingOfRole(after)]);
    const gained = [...will.permissions].filter((p) => !was.permissions.has(p));
    const lost = [...was.permissions].filter((p) => !will.permissions.has(p));
    const widens =
      gained.length > 0 ||
      (will.allAdvertisers && !was.allAdvertisers) ||
      (will.viewAllAdvertisers && !was.viewAllAdvertisers);
    if (widens && before?.id !== undefined) {
      const held = await db
        .selectFrom('user_roles')
        .select('role_id')
        .where('user_id', '=', auth.user.id)
        .where('role_id', '=', before.id)
        .executeTakeFirst();
      if (held) throw forbidden(details.ownRoleLocked);
    }
    const beyond =
      [...gained, ...lost].some((p) => !auth.permissions.has(p)) ||
      (will.allAdvertisers !== was.allAdvertisers && !auth.links.allAdvertisers) ||
      (will.viewAllAdvertisers !== was.viewAllAdvertisers && !auth.links.viewAllAdvertisers);
    if (beyond) throw forbidden(details.roleBeyondOwn);
  }

  return {
    authOf,
    sessionAuth,
    forgetSessions,
    renewSession,
    requireLink,
    requireOutranks,
    requireRoleChange,
    modelPermissions,
    objectPermissions,
    isVisible,
    requireVisible,
    requireImage,
    requireVideo,
    visibleAdvertisers,
    require,
    requireOperation,
    canGrantRoles,
    /** Forget the cached catalogue (after a migration changed it). */
    reset: () => (catalogue = undefined),
  };
}
