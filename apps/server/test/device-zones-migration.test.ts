// The migration that gives screens zones: every screen that existed before it shows all its location's
// zones, and so does its open device period, so the figures of the day it runs do not move; a screen
// registered later without zones gets them too.
import type { Kysely } from 'kysely';
import { expect, it } from 'vitest';
import { down, up } from '../src/db/migrations/2026-12-05T0025-device-zones-pairings.ts';
import { describeBackends } from './helpers/backends.ts';
import { createDevice, createLocation } from './helpers/location-factories.ts';

describeBackends('device zones migration', (ctx) => {
  it("gives existing screens and their open periods all their location's zones", async () => {
    const site = await createLocation(ctx.db, { zones: [1, 2, 4] });
    const bare = await createLocation(ctx.db, { zones: [] });
    const screen = await createDevice(ctx.db, site.id);
    const lonely = await createDevice(ctx.db, bare.id);
    await ctx.db
      .insertInto('device_periods')
      .values({ device_id: screen.id, location_id: site.id, active_from: new Date('2026-12-01T00:00:00Z') })
      .execute();

    // As before the migration (no zones anywhere), then the migration.
    await ctx.db.transaction().execute(async (trx) => {
      await down(trx as unknown as Kysely<unknown>);
      await up(trx as unknown as Kysely<unknown>);
    });
    const zonesOf = async (id: number) =>
      (await ctx.db.selectFrom('devices').select('zones').where('id', '=', id).executeTakeFirstOrThrow()).zones;
    expect(await zonesOf(screen.id)).toEqual([1, 2, 4]);
    expect(await zonesOf(lonely.id)).toEqual([]);
    const period = await ctx.db
      .selectFrom('device_periods')
      .select(['zones', 'active_to'])
      .where('device_id', '=', screen.id)
      .executeTakeFirstOrThrow();
    expect(period).toEqual({ zones: [1, 2, 4], active_to: null });
    // A screen registered without zones after it shows all of them (the trigger).
    const later = await createDevice(ctx.db, site.id);
    expect(await zonesOf(later.id)).toEqual([1, 2, 4]);
  });
});
