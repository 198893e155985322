// First start: the superuser role and the `admin` user; optional demo data.
import crypto from 'node:crypto';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { writeLogEntry } from '../audit/audit.ts';
import { hashPassword } from '../lib/passwords.ts';
import { subscribeToWholeNetwork } from '../modules/alerts/alerts.subscriptions.repository.ts';
import type { Database } from './database.ts';

export const SUPERUSER_ROLE = 'Superuser';

/** Creates `admin` when there are no users. Returns the password when it was generated. */
export async function ensureAdmin(
  db: Database,
  password: string | undefined,
): Promise<{ created: boolean; generated?: string }> {
  const existing = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (existing) return { created: false };
  const generated = password ? undefined : crypto.randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password ?? generated!);
  await db.transaction().execute(async (trx) => {
    const role = await trx
      .insertInto('roles')
      .values({ name: SUPERUSER_ROLE, is_superuser: true, can_change_all_advertisers: true })
      .onConflict((oc) => oc.column('name').doUpdateSet({ is_superuser: true }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const user = await trx
      .insertInto('users')
      .values({
        username: 'admin',
        password_hash: passwordHash,
        full_name: 'Administrator',
        require_activation: false,
        is_activated: true,
        // The initial admin signs in without a token and is asked to enrol one.
        require_2fa: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
    await subscribeToWholeNetwork(trx, user.id);
    await writeLogEntry(trx, {
      userId: null,
      model: 'user',
      objectId: user.id,
      objectRepr: 'admin',
      actionFlag: ActionFlag.Addition,
      changeMessage: 'Initial administrator created.',
    });
  });
  return { created: true, generated };
}

/** Demo roles for a new database, so the screens have something to show. */
export async function seedDemo(db: Database): Promise<void> {
  const demo: { name: string; codenames: string[]; ownAdvertisersOnly?: boolean }[] = [
    { name: 'Auditor', codenames: ['list_logentry', 'view_logentry', 'list_role'] },
    { name: 'Campaign manager', codenames: ['add_campaign', 'change_campaign', 'list_location'] },
    { name: 'Campaign approver', codenames: ['approve_campaign', 'list_campaign'] },
    { name: 'Report reader', codenames: ['view_eventstatistic', 'view_campaign', 'list_location'] },
    {
      name: 'Location manager',
      codenames: [
        'change_location',
        'add_device',
        'change_device',
        'add_locationzone',
        'change_locationzone',
        'change_alert',
      ],
    },
    {
      // Watches the network: screens, alerts, approvals and delivery (the operations home).
      name: 'Network operator',
      codenames: ['change_alert', 'list_device', 'list_location', 'approve_campaign', 'view_eventstatistic'],
    },
    {
      // Manages the advertisers they are linked to and sees no others (agency staff).
      name: 'Advertiser manager',
      codenames: ['change_advertiser', 'add_product', 'change_product', 'add_videoclip', 'change_videoclip'],
      ownAdvertisersOnly: true,
    },
    {
      // Agency or advertiser staff: read-only, and only the advertisers they are linked to.
      name: 'Advertiser viewer',
      codenames: ['view_advertiser', 'view_product', 'view_videoclip', 'view_campaign', 'view_eventstatistic'],
      ownAdvertisersOnly: true,
    },
  ];
  const perms = await db.selectFrom('permissions').select(['id', 'codename']).execute();
  const ids = new Map(perms.map((p) => [p.codename, p.id]));
  await db.transaction().execute(async (trx) => {
    for (const { name, codenames, ownAdvertisersOnly = false } of demo) {
      const role = await trx
        .insertInto('roles')
        .values({ name, can_view_all_advertisers: !ownAdvertisersOnly })
        .onConflict((oc) => oc.column('name').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!role) continue;
      await trx
        .insertInto('role_permissions')
        .values(codenames.map((c) => ({ role_id: role.id, permission_id: ids.get(c)! })))
        .execute();
      await writeLogEntry(trx, {
        userId: null,
        model: 'role',
        objectId: role.id,
        objectRepr: name,
        actionFlag: ActionFlag.Addition,
        changeMessage: 'Demo data.',
      });
    }
  });
}
