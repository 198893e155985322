// Demo catalogue for a new database: locations with zones and devices (one without devices, which
// campaigns cannot target), advertisers with products. Written straight to the tables, as the
// services would write them, with a log entry per object.
import crypto from 'node:crypto';
import { slugify } from '@marquee/contracts/files';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { writeLogEntry } from '../audit/audit.ts';
import type { InventorySettings } from '../config.ts';
import type { Database } from './database.ts';

type DemoLocation = {
  name: string;
  address: string;
  devices: { serial: string; type: string }[];
  /** Loop length (s), opening hours and OpenOOH venue type; the settings' defaults when left out. */
  loop_seconds?: number;
  open_time?: string;
  close_time?: string;
  venue_type?: number;
  /** Modelled impressions per play where the screens count no viewers. */
  impressions_per_play?: number;
};

const LOCATIONS: DemoLocation[] = [
  {
    name: 'Central Station Hall',
    address: '1 Station Square',
    devices: [
      { serial: 'CS-HALL-01', type: 'videowall' },
      { serial: 'CS-HALL-02', type: 'screen' },
    ],
    // Trains run past midnight: 05:00 to 01:00, a short loop for the busy hall.
    loop_seconds: 30,
    open_time: '05:00',
    close_time: '01:00',
    venue_type: 10604,
  },
  {
    name: 'Airport Gate B',
    address: 'Terminal 2, Gate B',
    devices: [{ serial: 'APT-B-01', type: 'screen' }],
    loop_seconds: 120,
    open_time: '00:00',
    close_time: '24:00',
    venue_type: 10105,
  },
  {
    name: 'Riverside Mall',
    address: '200 River Road',
    devices: [
      { serial: 'RM-ATRIUM-01', type: 'totem' },
      { serial: 'RM-FOOD-01', type: 'screen' },
    ],
    open_time: '09:00',
    close_time: '21:00',
    venue_type: 20501,
    impressions_per_play: 4.8,
  },
  {
    name: 'University Library',
    address: '5 College Lane',
    devices: [{ serial: 'UL-LOBBY-01', type: 'tablet' }],
    venue_type: 60202,
    // Its tablet has no camera (the demo history sends no viewers from it): audience is modelled.
    impressions_per_play: 3.5,
  },
  // No devices yet: shows that such a location cannot be chosen for a campaign.
  { name: 'Harbour Ferry Terminal', address: 'Pier 3', devices: [], venue_type: 10703 },
];

const ADVERTISERS: { name: string; products: string[] }[] = [
  { name: 'Northwind Coffee', products: ['Morning Blend', 'Cold Brew'] },
  { name: 'Blue Peak Outdoor', products: ['Trail Jacket', 'Summit Tent'] },
  { name: 'Lumen Mobile', products: ['Lumen X phone'] },
];

const ZONE_NAMES = ['Main screen', 'Left banner', 'Right banner', 'Ticker'];

const demoLog = (trx: Database, model: string, objectId: number, objectRepr: string) =>
  writeLogEntry(trx, {
    userId: null,
    model,
    objectId,
    objectRepr,
    actionFlag: ActionFlag.Addition,
    changeMessage: 'Demo data.',
  });

/** `inventory`: the loop and opening hours of demo locations that do not set their own. */
export async function seedDemoCatalogue(db: Database, zones: number[], inventory: InventorySettings): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { name, address, devices, ...loop } of LOCATIONS) {
      const location = await trx
        .insertInto('locations')
        .values({
          name,
          address,
          loop_seconds: inventory.loopSeconds,
          ...inventory.openingHours,
          ...loop,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('location_zones')
        .values(
          zones.map((n) => ({ location_id: location.id, zone_number: n, name: ZONE_NAMES[n - 1] ?? `Zone ${n}` })),
        )
        .execute();
      for (const device of devices) {
        await trx
          .insertInto('devices')
          .values({
            location_id: location.id,
            serial_number: device.serial,
            device_type: device.type,
            // Demo devices have no usable token: a real device is registered on the location screen.
            token_hash: crypto.createHash('sha256').update(crypto.randomBytes(32)).digest('hex'),
          })
          .execute();
      }
      await demoLog(trx, 'location', location.id, name);
    }
    for (const { name, products } of ADVERTISERS) {
      const advertiser = await trx
        .insertInto('advertisers')
        .values({ name, slug: slugify(name) })
        .returning('id')
        .executeTakeFirstOrThrow();
      await demoLog(trx, 'advertiser', advertiser.id, name);
      for (const product of products) {
        const row = await trx
          .insertInto('products')
          .values({ name: product, slug: slugify(product), advertiser_id: advertiser.id })
          .returning('id')
          .executeTakeFirstOrThrow();
        await demoLog(trx, 'product', row.id, product);
      }
    }
  });
}
