// SQL of device commands and screenshots: commands staff queue for a screen (handed out once, in order,
// by the heartbeat that finds them; acknowledged by a later one) and the one screenshot kept per screen.
import { sql } from 'kysely';
import type { DeviceCommand, DeviceCommandKind, GatewayCommand } from '@marquee/contracts/device-commands';
import type { Database } from '../../db/database.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const deviceCommandsRepository = {
  async issue(
    db: Database,
    { device, kind, by, at }: { device: number; kind: DeviceCommandKind; by: number; at: Date },
  ): Promise<number> {
    const { id } = await db
      .insertInto('device_commands')
      .values({ device_id: device, kind, issued_by: by, issued_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  /** The device's latest commands, newest first. */
  async recent(db: Database, device: number, limit: number): Promise<DeviceCommand[]> {
    const rows = await db
      .selectFrom('device_commands as c')
      .leftJoin('users as u', 'u.id', 'c.issued_by')
      .select([
        'c.id',
        'c.device_id',
        'c.kind',
        'c.issued_by',
        sql<string | null>`coalesce(nullif(u.full_name, ''), u.username)`.as('issued_by_name'),
        'c.issued_at',
        'c.delivered_at',
        'c.done_at',
      ])
      .where('c.device_id', '=', device)
      .orderBy('c.issued_at', 'desc')
      .orderBy('c.id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(({ device_id, ...r }) => ({
      ...r,
      device: device_id,
      kind: r.kind as DeviceCommandKind,
      issued_at: new Date(r.issued_at).toISOString(),
      delivered_at: iso(r.delivered_at),
      done_at: iso(r.done_at),
    }));
  },

  /** Hands out the device's queued commands (at most `limit`, oldest first) and marks them delivered:
   * the update takes only rows still undelivered, so two heartbeats at once never both get one. */
  async handOut(db: Database, device: number, at: Date, limit: number): Promise<GatewayCommand[]> {
    const rows = await db
      .updateTable('device_commands')
      .set({ delivered_at: at })
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('device_commands')
          .select('id')
          .where('device_id', '=', device)
          .where('delivered_at', 'is', null)
          .orderBy('id')
          .limit(limit),
      )
      .where('delivered_at', 'is', null)
      .returning(['id', 'kind', 'issued_at'])
      .execute();
    return rows
      .sort((a, b) => a.id - b.id)
      .map((r) => ({ id: r.id, kind: r.kind as DeviceCommandKind, issued_at: new Date(r.issued_at).toISOString() }));
  },

  /** Marks the device's handed-out commands among `ids` done; gives those done now (an id of another
   * device, one never handed out or one acknowledged before is left alone). */
  async markDone(db: Database, device: number, ids: readonly number[], at: Date) {
    if (!ids.length) return [];
    return db
      .updateTable('device_commands')
      .set({ done_at: at })
      .where('device_id', '=', device)
      .where('id', 'in', [...new Set(ids)])
      .where('delivered_at', 'is not', null)
      .where('done_at', 'is', null)
      .returning(['id', 'kind'])
      .execute();
  },
};

export const deviceScreenshotsRepository = {
  get: (db: Database, device: number) =>
    db
      .selectFrom('device_screenshots')
      .select(['storage_key', 'size', 'taken_at'])
      .where('device_id', '=', device)
      .executeTakeFirst(),

  /** Keeps this screenshot as the device's one; gives the storage key of the one it replaces. */
  async replace(
    db: Database,
    { device, key, size, at }: { device: number; key: string; size: number; at: Date },
  ): Promise<string | undefined> {
    const before = await db
      .selectFrom('device_screenshots')
      .select('storage_key')
      .where('device_id', '=', device)
      .forUpdate()
      .executeTakeFirst();
    await db
      .insertInto('device_screenshots')
      .values({ device_id: device, storage_key: key, size, taken_at: at })
      .onConflict((oc) => oc.column('device_id').doUpdateSet({ storage_key: key, size, taken_at: at }))
      .execute();
    return before?.storage_key;
  },
};
