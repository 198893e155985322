// Factories for campaigns: a sendable location and a usable clip, campaign rows in any state written
// straight to the tables, users linked to locations and advertisers, and a valid campaign input.
import type { FastifyInstance } from 'fastify';
import type { CampaignInput } from '@marquee/contracts/campaigns';
import type { Database } from '../../src/db/database.ts';
import { createAdvertiser, createClip, createProduct, createVideoRow } from './advertiser-factories.ts';
import { createUser, signIn, uniq, type UserClient } from './factories.ts';
import { createDevice, createLocation } from './location-factories.ts';

/** The fixed clock of the campaign suites: 12:00 UTC on this day. */
export const TODAY = '2030-06-15';
export const NOW = new Date(`${TODAY}T12:00:00Z`);
export const clockConfig = { now: () => NOW };

/** yyyy-MM-dd `n` days after TODAY. */
export const day = (n: number) =>
  new Date(Date.parse(`${TODAY}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** An active location with an active device (campaigns can go there). */
export async function sendableLocation(db: Database, options: Parameters<typeof createLocation>[1] = {}) {
  const location = await createLocation(db, options);
  await createDevice(db, location.id);
  return location;
}

/** An active clip of a new advertiser's product. */
export async function usableClip(db: Database, { isActive = true }: { isActive?: boolean } = {}) {
  const advertiser = await createAdvertiser(db);
  const product = await createProduct(db, { advertiser: advertiser.id });
  const video = await createVideoRow(db);
  const clip = await createClip(db, { product: product.id, video: video.id });
  if (!isActive) await db.updateTable('videoclips').set({ is_active: false }).where('id', '=', clip.id).execute();
  return { ...clip, advertiser: advertiser.id };
}

/** A campaign row in any state (no checks), going to `locations`. */
export async function createCampaign(
  db: Database,
  {
    videoclip,
    locations,
    name = uniq('Campaign'),
    state = 0,
    start = TODAY,
    end = day(7),
    ordering = 0,
    createdBy = null,
    zones = [1],
  }: {
    videoclip: number;
    locations: number[];
    name?: string;
    state?: number;
    start?: string;
    end?: string;
    ordering?: number;
    createdBy?: number | null;
    zones?: number[];
  },
) {
  const { id } = await db
    .insertInto('campaigns')
    .values({
      name,
      videoclip_id: videoclip,
      start_date: start,
      end_date: end,
      state,
      ordering,
      p_zones: zones,
      created_by: createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (locations.length) {
    await db
      .insertInto('campaign_locations')
      .values(locations.map((location_id) => ({ campaign_id: id, location_id })))
      .execute();
  }
  return { id, name };
}

export const stateOf = async (db: Database, id: number) =>
  Number((await db.selectFrom('campaigns').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state);

/** A signed-in user with `permissions` who may send campaigns to `locations` and manages `advertisers`. */
export async function asCampaignUser(
  ctx: { app: FastifyInstance; db: Database },
  permissions: string[],
  { locations = [], advertisers = [] }: { locations?: number[]; advertisers?: number[] } = {},
): Promise<UserClient> {
  const user = await createUser(ctx.db, { permissions });
  if (locations.length) {
    await ctx.db
      .insertInto('location_campaign_managers')
      .values(locations.map((location_id) => ({ user_id: user.id, location_id })))
      .execute();
  }
  if (advertisers.length) {
    await ctx.db
      .insertInto('advertiser_managers')
      .values(advertisers.map((advertiser_id) => ({ user_id: user.id, advertiser_id })))
      .execute();
  }
  return Object.assign(await signIn(ctx.app, user.username, user.password), { user });
}

/** A campaign input that passes every rule. */
export const validInput = (
  videoclip: number,
  locations: number[],
  extra: Partial<CampaignInput> = {},
): CampaignInput => ({
  name: uniq('Campaign'),
  videoclip,
  start_date: TODAY,
  end_date: day(10),
  locations,
  p_zones: [1, 2],
  p_zones_overlay: [2],
  ...extra,
});

/** A campaign manager: may add and change campaigns at `location` with clips of `advertiser`. */
export const managerOf = (ctx: { app: FastifyInstance; db: Database }, location: number, advertiser: number) =>
  asCampaignUser(ctx, ['add_campaign', 'change_campaign'], { locations: [location], advertisers: [advertiser] });
