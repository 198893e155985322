// The demo people of a new database: one active user per demo role, signing in with the shared demo
// password without activation or two-factor, each with the links the job needs; seeding again adds
// nobody. And the start banner's words.
import { expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { seedDemo } from '../src/db/bootstrap.ts';
import { seedDemoCatalogue } from '../src/db/demo-catalogue.ts';
import { DEMO_PEOPLE, seedDemoPeople } from '../src/db/demo-people.ts';
import { startBanner } from '../src/lib/banner.ts';
import { describeBackends } from './helpers/backends.ts';
import { signIn } from './helpers/factories.ts';

const PASSWORD = 'demo-people-password';

describeBackends('demo people', (ctx) => {
  it('creates one user per demo role who signs in at once and can do the job', async () => {
    await seedDemo(ctx.db);
    await seedDemoCatalogue(ctx.db, ctx.config.zones, ctx.config.inventory);
    const created = await seedDemoPeople(ctx.db, PASSWORD);
    expect(created).toEqual(DEMO_PEOPLE.map((p) => p.username));
    expect(await seedDemoPeople(ctx.db, PASSWORD)).toEqual([]);

    const roles = await ctx.db
      .selectFrom('users')
      .innerJoin('user_roles', 'user_roles.user_id', 'users.id')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select(['users.username', 'roles.name', 'users.is_active', 'users.require_2fa'])
      .where('users.username', 'in', created)
      .execute();
    expect(new Map(roles.map((r) => [r.username, r.name]))).toEqual(
      new Map(DEMO_PEOPLE.map((p) => [p.username, p.role])),
    );
    expect(roles.every((r) => r.is_active && !r.require_2fa)).toBe(true);

    for (const { username } of DEMO_PEOPLE) await signIn(ctx.app, username, PASSWORD);

    // The seller may send to every demo location and use every demo advertiser's clips.
    const seller = await signIn(ctx.app, 'seller', PASSWORD);
    const sendable = await seller.page<{ id: number }>(
      `${resources.locations.endpoint}?page_size=0&can_send_campaign=true&is_active=true`,
    );
    const active = await ctx.db.selectFrom('locations').select('id').where('is_active', '=', true).execute();
    expect(sendable.results.map((l) => l.id).sort()).toEqual(active.map((l) => l.id).sort());
    const links = async (table: 'advertiser_managers' | 'location_managers', username: string) =>
      (
        await ctx.db
          .selectFrom(table)
          .innerJoin('users', 'users.id', `${table}.user_id`)
          .select('users.id')
          .where('users.username', '=', username)
          .execute()
      ).length;
    const advertisers = (await ctx.db.selectFrom('advertisers').select('id').execute()).length;
    expect(await links('advertiser_managers', 'seller')).toBe(advertisers);
    expect(await links('location_managers', 'locations')).toBe(2);
    expect(await links('advertiser_managers', 'agency')).toBe(1);
  });
});

it('says where the product listens, who signs in and where mail goes', () => {
  const all = startBanner({
    version: '1.0',
    host: '0.0.0.0',
    port: 8000,
    outboxDir: '/data/outbox',
    admin: { password: 'secret-admin' },
    demo: { usernames: ['seller', 'approver'], password: 'secret-demo' },
    addresses: ['192.168.1.20'],
  }).join('\n');
  expect(all).toContain('open http://localhost:8000/');
  expect(all).toContain('http://192.168.1.20:8000/');
  expect(all).toContain('HOST=127.0.0.1 keeps a trial to this machine');
  expect(all).toContain('"admin" with the password secret-admin');
  expect(all).toContain('seller, approver; their password is secret-demo');
  expect(all).toContain('/data/outbox');
  expect(all).toContain('npm run serve');

  const local = startBanner({ version: '1.0', host: '127.0.0.1', port: 8123, outboxDir: null }).join('\n');
  expect(local).toContain('Listening on 127.0.0.1 only');
  expect(local).not.toContain('admin');
  expect(local).not.toContain('Mail:');
});
