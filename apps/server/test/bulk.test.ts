// Bulk actions (`POST {endpoint}bulk/{action}/`): every id runs through the single-object action on its
// own — its permission and object checks, its transaction, its log entry — and answers one result per
// id; a refused row does not stop the others.
import { expect, it } from 'vitest';
import { BULK_MAX_IDS, bulkTexts, type BulkResponse } from '@marquee/contracts/bulk';
import { campaignTexts } from '@marquee/contracts/campaigns';
import { MAX_ID } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { createAdvertiser, createProduct } from './helpers/advertiser-factories.ts';
import { describeBackends } from './helpers/backends.ts';
import {
  asCampaignUser,
  clockConfig,
  createCampaign,
  sendableLocation,
  stateOf,
  usableClip,
} from './helpers/campaign-factories.ts';
import { asAdmin, Client, createUser, permissionIds, signIn, uniq } from './helpers/factories.ts';
import { clipOf, deliverySite } from './helpers/delivery-factories.ts';
import { createLocation, logOf } from './helpers/location-factories.ts';

const campaigns = resources.campaigns.endpoint;
/** An id no row has (the sequences of a test database stay far below it). */
const MISSING = MAX_ID - 1;

describeBackends(
  'bulk actions',
  (ctx) => {
    const activeOf = async (table: 'locations' | 'products' | 'users', id: number) =>
      (await ctx.db.selectFrom(table).select('is_active').where('id', '=', id).executeTakeFirstOrThrow()).is_active;

    /** Campaigns at three locations; the manager may send campaigns to the first two only. */
    async function campaignSetup() {
      const locations = [
        await sendableLocation(ctx.db),
        await sendableLocation(ctx.db),
        await sendableLocation(ctx.db),
      ];
      const clip = await usableClip(ctx.db);
      const manager = await asCampaignUser(ctx, ['view_campaign', 'change_campaign'], {
        locations: [locations[0]!.id, locations[1]!.id],
        advertisers: [clip.advertiser],
      });
      const make = (location: number, state = 1) =>
        createCampaign(ctx.db, { videoclip: clip.id, locations: [location], state });
      return { locations, clip, manager, make };
    }

    const post = async (client: Client, url: string, body: unknown) => {
      const res = await client.post(url, body);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<BulkResponse>().results;
    };

    it('deactivates several campaigns, one log entry each', async () => {
      const { locations, manager, make } = await campaignSetup();
      const rows = [await make(locations[0]!.id, 1), await make(locations[1]!.id, 3), await make(locations[0]!.id, 0)];
      const results = await post(manager, `${campaigns}bulk/deactivate/`, { ids: rows.map((r) => r.id) });
      expect(results).toEqual(rows.map(({ id }) => ({ id, status: 200 })));
      for (const { id } of rows) {
        expect(await stateOf(ctx.db, id)).toBe(99);
        expect(await logOf(ctx.db, 'campaign', id)).toEqual([
          { action_flag: 2, change_message: 'Deactivated.', user_id: manager.user.id },
        ]);
      }
    });

    it('answers each row as alone: a location not sendable to is 403, an unknown id 404, a closed one 400', async () => {
      const { locations, manager, make } = await campaignSetup();
      const [a, b, elsewhere, closed] = [
        await make(locations[0]!.id),
        await make(locations[1]!.id),
        await make(locations[2]!.id),
        await make(locations[0]!.id, 99),
      ];
      const ids = [a!.id, elsewhere!.id, MISSING, b!.id, closed!.id];
      const results = await post(manager, `${campaigns}bulk/deactivate/`, { ids });
      expect(results).toEqual([
        { id: a!.id, status: 200 },
        { id: elsewhere!.id, status: 403, detail: details.notCampaignManager },
        { id: MISSING, status: 404, detail: details.notFound },
        { id: b!.id, status: 200 },
        { id: closed!.id, status: 400, errors: { non_field_errors: [campaignTexts.alreadyClosed] } },
      ]);
      expect(await stateOf(ctx.db, a!.id)).toBe(99);
      expect(await stateOf(ctx.db, b!.id)).toBe(99);
      expect(await stateOf(ctx.db, elsewhere!.id)).toBe(1);
      expect(await logOf(ctx.db, 'campaign', elsewhere!.id)).toEqual([]);
      expect(await logOf(ctx.db, 'campaign', closed!.id)).toEqual([]);
    });

    it('approves New campaigns and refuses the others with the single call’s text', async () => {
      const { locations, make } = await campaignSetup();
      const approver = await asCampaignUser(ctx, ['view_campaign', 'approve_campaign']);
      const fresh = await make(locations[2]!.id, 0);
      const approved = await make(locations[2]!.id, 1);
      const results = await post(approver, `${campaigns}bulk/approve/`, { ids: [fresh.id, approved.id] });
      expect(results).toEqual([
        { id: fresh.id, status: 200 },
        { id: approved.id, status: 400, errors: { non_field_errors: [campaignTexts.onlyNewApproved] } },
      ]);
      expect(await stateOf(ctx.db, fresh.id)).toBe(1);
    });

    it('approves the campaigns that fit and refuses the one that does not, each on its own', async () => {
      // A 30 s loop: 10 s and 10 s fit together, a 25 s clip beside the first finds 20 s free.
      const site = await deliverySite(ctx.db, { loop: 30 });
      const approver = await asAdmin(ctx.app);
      const ten = await clipOf(ctx.db, 10);
      const long = await clipOf(ctx.db, 25);
      const make = (clip: number) => createCampaign(ctx.db, { videoclip: clip, locations: [site.id] });
      const [first, misfit, second] = [await make(ten.id), await make(long.id), await make(ten.id)];
      const results = await post(approver, `${campaigns}bulk/approve/`, { ids: [first.id, misfit.id, second.id] });
      expect(results.map((r) => [r.id, r.status])).toEqual([
        [first.id, 200],
        [misfit.id, 400],
        [second.id, 200],
      ]);
      const refusal = results[1]!.errors?.non_field_errors;
      expect(refusal).toHaveLength(1);
      expect(refusal![0]).toMatch(/20 s free.*25 s/);
      expect([
        await stateOf(ctx.db, first.id),
        await stateOf(ctx.db, misfit.id),
        await stateOf(ctx.db, second.id),
      ]).toEqual([1, 0, 1]);
    });

    it('acts once on a repeated id', async () => {
      const { locations, manager, make } = await campaignSetup();
      const { id } = await make(locations[0]!.id);
      expect(await post(manager, `${campaigns}bulk/deactivate/`, { ids: [id, id] })).toEqual([{ id, status: 200 }]);
      expect(await logOf(ctx.db, 'campaign', id)).toHaveLength(1);
    });

    it('refuses an empty, too long or malformed list with 400 and changes nothing', async () => {
      const { locations, manager, make } = await campaignSetup();
      const { id } = await make(locations[0]!.id);
      const url = `${campaigns}bulk/deactivate/`;
      const tooMany = Array.from({ length: BULK_MAX_IDS + 1 }, (_, i) => (i === 0 ? id : MISSING - i));
      const cases: [unknown, Record<string, string[]> | undefined][] = [
        [{ ids: [] }, { ids: [bulkTexts.noIds] }],
        [{ ids: tooMany }, { ids: [bulkTexts.tooManyIds] }],
        [{ ids: [id, 1.5] }, undefined],
        [{ ids: [id, 'x'] }, undefined],
        [{ ids: [id, -3] }, undefined],
        [{ ids: [id, MAX_ID + 1] }, undefined],
        [{ ids: String(id) }, undefined],
        [{}, undefined],
      ];
      for (const [body, errors] of cases) {
        const res = await manager.post(url, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(400);
        expect(Object.keys(res.json<object>()), JSON.stringify(body)).toEqual(['ids']);
        if (errors) expect(res.json()).toEqual(errors);
      }
      expect(await stateOf(ctx.db, id)).toBe(1);
    });

    it('requires a session', async () => {
      const { locations, make } = await campaignSetup();
      const { id } = await make(locations[0]!.id);
      const res = await new Client(ctx.app).post(`${campaigns}bulk/deactivate/`, { ids: [id] });
      expect(res.statusCode).toBe(401);
      expect(await stateOf(ctx.db, id)).toBe(1);
    });

    it('gives every row 403 to a user without the permission, unknown ids included', async () => {
      const { locations, make } = await campaignSetup();
      const reader = await asCampaignUser(ctx, ['view_campaign'], { locations: [locations[0]!.id] });
      const { id } = await make(locations[0]!.id);
      const results = await post(reader, `${campaigns}bulk/deactivate/`, { ids: [id, MISSING] });
      expect(results).toEqual([
        { id, status: 403, detail: details.permissionDenied },
        { id: MISSING, status: 403, detail: details.permissionDenied },
      ]);
      expect(await stateOf(ctx.db, id)).toBe(1);
    });

    it('disables and enables locations through the crud machinery, one log entry each', async () => {
      const admin = await asAdmin(ctx.app);
      const rows = [await createLocation(ctx.db), await createLocation(ctx.db)];
      const ids = rows.map((r) => r.id);
      expect(await post(admin, `${resources.locations.endpoint}bulk/deactivate/`, { ids })).toEqual(
        ids.map((id) => ({ id, status: 200 })),
      );
      for (const id of ids) expect(await activeOf('locations', id)).toBe(false);
      expect(await post(admin, `${resources.locations.endpoint}bulk/enable/`, { ids })).toEqual(
        ids.map((id) => ({ id, status: 200 })),
      );
      for (const id of ids) {
        expect(await activeOf('locations', id)).toBe(true);
        expect((await logOf(ctx.db, 'location', id)).map((e) => e.change_message)).toEqual(['Disabled.', 'Enabled.']);
      }
    });

    it("answers 404 for another advertiser's product to a user restricted to their own", async () => {
      const own = await createAdvertiser(ctx.db);
      const other = await createAdvertiser(ctx.db);
      const mine = await createProduct(ctx.db, { advertiser: own.id });
      const theirs = await createProduct(ctx.db, { advertiser: other.id });
      const user = await createUser(ctx.db, { withRole: false });
      const role = await ctx.db
        .insertInto('roles')
        .values({ name: uniq('role'), can_view_all_advertisers: false })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ctx.db
        .insertInto('role_permissions')
        .values(
          (await permissionIds(ctx.db, ['view_product', 'change_product'])).map((permission_id) => ({
            role_id: role.id,
            permission_id,
          })),
        )
        .execute();
      await ctx.db.insertInto('user_roles').values({ user_id: user.id, role_id: role.id }).execute();
      await ctx.db.insertInto('advertiser_managers').values({ user_id: user.id, advertiser_id: own.id }).execute();
      const client = await signIn(ctx.app, user.username, user.password);
      const results = await post(client, `${resources.products.endpoint}bulk/deactivate/`, {
        ids: [mine.id, theirs.id],
      });
      expect(results).toEqual([
        { id: mine.id, status: 200 },
        { id: theirs.id, status: 404, detail: details.notFound },
      ]);
      expect(await activeOf('products', mine.id)).toBe(false);
      expect(await activeOf('products', theirs.id)).toBe(true);
    });

    it('disables users (never oneself) and ends their sessions, then enables them', async () => {
      const admin = await asAdmin(ctx.app);
      const self = (
        await ctx.db.selectFrom('users').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()
      ).id;
      const a = await createUser(ctx.db);
      const b = await createUser(ctx.db);
      const session = await signIn(ctx.app, a.username, a.password);
      const url = resources.users.endpoint;
      expect(await post(admin, `${url}bulk/disable/`, { ids: [a.id, self, b.id] })).toEqual([
        { id: a.id, status: 200 },
        { id: self, status: 403, detail: details.cannotDisableSelf },
        { id: b.id, status: 200 },
      ]);
      expect(await activeOf('users', a.id)).toBe(false);
      expect(await activeOf('users', self)).toBe(true);
      expect((await session.get(resources.users.endpoint)).statusCode).toBe(401);
      expect(await post(admin, `${url}bulk/enable/`, { ids: [a.id, b.id] })).toEqual([
        { id: a.id, status: 200 },
        { id: b.id, status: 200 },
      ]);
      expect(await activeOf('users', b.id)).toBe(true);
      expect((await logOf(ctx.db, 'user', b.id)).map((e) => e.change_message)).toEqual(['Disabled.', 'Enabled.']);
    });
  },
  { config: clockConfig },
);
