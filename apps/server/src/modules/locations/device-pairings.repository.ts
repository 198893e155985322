// SQL of pairing screens: a pending pairing per code shown, reserved by the staff member typing the
// code, then linked to the device made for it; its token is handed out once.
import type { Database } from '../../db/database.ts';

/** Ended pairings are kept a day (the poll then answers 410, not 404). */
export const ENDED_PAIRING_KEEP_MS = 86_400_000;

export const devicePairingsRepository = {
  /** Forgets pairings expired ENDED_PAIRING_KEEP_MS ago or more, and unclaimed expired ones at once
   * (their code is free again); gives how many. Run before a new code is drawn and by the maintenance
   * sweep, so codes nobody asks after do not stay behind. */
  async prune(db: Database, now: Date): Promise<number> {
    const result = await db
      .deleteFrom('device_pairings')
      .where((eb) =>
        eb.or([
          eb.and([eb('claimed_at', 'is', null), eb('expires_at', '<=', now)]),
          eb('expires_at', '<', new Date(now.getTime() - ENDED_PAIRING_KEEP_MS)),
        ]),
      )
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  },

  /** A new pending pairing; false when its code is shown by another pending pairing already. */
  async create(
    db: Database,
    row: { id: string; code: string; secret_hash: string; address: string; expires_at: Date },
  ): Promise<boolean> {
    const created = await db
      .insertInto('device_pairings')
      .values(row)
      .onConflict((oc) => oc.column('code').where('claimed_at', 'is', null).doNothing())
      .returning('id')
      .executeTakeFirst();
    return created !== undefined;
  },

  get: (db: Database, id: string) =>
    db
      .selectFrom('device_pairings')
      .leftJoin('devices', 'devices.id', 'device_pairings.device_id')
      .select([
        'device_pairings.id',
        'device_pairings.secret_hash',
        'device_pairings.expires_at',
        'device_pairings.claimed_at',
        'device_pairings.device_id',
        'device_pairings.token_issued_at',
        'devices.serial_number',
        'devices.location_id',
        'devices.zones',
      ])
      .where('device_pairings.id', '=', id)
      .executeTakeFirst(),

  /** Reserves the pending, unexpired pairing showing `code` for `user`; gives its id (undefined: no
   * such code now). Once reserved, nobody else can claim it. */
  async reserve(db: Database, { code, user, now }: { code: string; user: number; now: Date }) {
    const row = await db
      .updateTable('device_pairings')
      .set({ claimed_at: now, claimed_by: user })
      .where('code', '=', code)
      .where('claimed_at', 'is', null)
      .where('expires_at', '>', now)
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  /** Gives a reservation back (the device could not be made). */
  async release(db: Database, id: string): Promise<void> {
    await db
      .updateTable('device_pairings')
      .set({ claimed_at: null, claimed_by: null })
      .where('id', '=', id)
      .where('device_id', 'is', null)
      .execute();
  },

  /** Links the pairing to the device made for it; the screen may fetch its token until `until`. */
  async attach(db: Database, { id, device, until }: { id: string; device: number; until: Date }): Promise<void> {
    await db
      .updateTable('device_pairings')
      .set({ device_id: device, expires_at: until })
      .where('id', '=', id)
      .execute();
  },

  /** Marks the token handed out, once: false when it was already. */
  async issue(db: Database, id: string, now: Date): Promise<boolean> {
    const row = await db
      .updateTable('device_pairings')
      .set({ token_issued_at: now })
      .where('id', '=', id)
      .where('token_issued_at', 'is', null)
      .where('device_id', 'is not', null)
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async setToken(db: Database, device: number, tokenHash: string): Promise<void> {
    await db.updateTable('devices').set({ token_hash: tokenHash }).where('id', '=', device).execute();
  },
};
