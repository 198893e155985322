// Demo people for a new database: one active user per demo role, sharing one password, with the links
// their job needs (the seller serves every demo advertiser and may send to every location, the
// location manager runs two locations, the agency people see one advertiser), so each role can be
// tried at once without creating users, activating them by mail or unticking two-factor.
import crypto from 'node:crypto';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { writeLogEntry } from '../audit/audit.ts';
import { hashPassword } from '../lib/passwords.ts';
import { subscribeToWholeNetwork } from '../modules/alerts/alerts.subscriptions.repository.ts';
import type { Database } from './database.ts';

/** Which links a demo person gets: every location or advertiser, or the first `n` by name. */
type Scope = 'all' | number;

export type DemoPerson = {
  username: string;
  full_name: string;
  /** The demo role (seedDemo's name). */
  role: string;
  /** Locations the person manages (may change, gets their alerts). */
  manages?: Scope;
  /** Locations the person may send campaigns to. */
  sendsTo?: Scope;
  /** Advertisers the person serves (their products and clips). */
  serves?: Scope;
  /** Hears of every alert of the network (message and mail). */
  watchesNetwork?: boolean;
};

export const DEMO_PEOPLE: readonly DemoPerson[] = [
  { username: 'seller', full_name: 'Sam Seller', role: 'Campaign manager', sendsTo: 'all', serves: 'all' },
  { username: 'approver', full_name: 'Alex Approver', role: 'Campaign approver' },
  { username: 'operator', full_name: 'Noor Operator', role: 'Network operator', watchesNetwork: true },
  { username: 'locations', full_name: 'Lee Locations', role: 'Location manager', manages: 2 },
  { username: 'reports', full_name: 'Robin Reports', role: 'Report reader' },
  { username: 'auditor', full_name: 'Ari Auditor', role: 'Auditor' },
  { username: 'agency', full_name: 'Ada Agency', role: 'Advertiser manager', serves: 1 },
  { username: 'viewer', full_name: 'Val Viewer', role: 'Advertiser viewer', serves: 1 },
];

/** A password for the demo people when DEMO_PASSWORD is not set: 16 URL-safe characters. */
export const generatedDemoPassword = () => crypto.randomBytes(12).toString('base64url');

/**
 * Creates the demo people (after seedDemo and the demo catalogue), all with `password`, active,
 * activated and without two-factor. Skips a username that exists. Gives the usernames created.
 */
export async function seedDemoPeople(db: Database, password: string): Promise<string[]> {
  const passwordHash = await hashPassword(password);
  const [roles, locations, advertisers] = await Promise.all([
    db.selectFrom('roles').select(['id', 'name']).execute(),
    db.selectFrom('locations').select('id').orderBy('name').execute(),
    db.selectFrom('advertisers').select('id').orderBy('name').execute(),
  ]);
  const roleIds = new Map(roles.map((r) => [r.name, r.id]));
  const pick = <T>(rows: T[], scope: Scope | undefined) =>
    scope === undefined ? [] : scope === 'all' ? rows : rows.slice(0, scope);
  const created: string[] = [];
  await db.transaction().execute(async (trx) => {
    for (const person of DEMO_PEOPLE) {
      const user = await trx
        .insertInto('users')
        .values({
          username: person.username,
          password_hash: passwordHash,
          full_name: person.full_name,
          email: `${person.username}@marquee.example`,
          require_activation: false,
          is_activated: true,
          require_2fa: false,
        })
        .onConflict((oc) => oc.column('username').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!user) continue;
      const role = roleIds.get(person.role);
      if (role !== undefined) await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role }).execute();
      const links = [
        ['location_managers', 'location_id', pick(locations, person.manages)],
        ['location_campaign_managers', 'location_id', pick(locations, person.sendsTo)],
        ['advertiser_managers', 'advertiser_id', pick(advertisers, person.serves)],
      ] as const;
      for (const [table, column, rows] of links) {
        if (!rows.length) continue;
        await trx
          .insertInto(table)
          .values(rows.map((row) => ({ user_id: user.id, [column]: row.id }) as never))
          .execute();
      }
      if (person.watchesNetwork) await subscribeToWholeNetwork(trx, user.id);
      await writeLogEntry(trx, {
        userId: null,
        model: 'user',
        objectId: user.id,
        objectRepr: person.username,
        actionFlag: ActionFlag.Addition,
        changeMessage: 'Demo data.',
      });
      created.push(person.username);
    }
  });
  return created;
}
