// Rows of device batches that were not stored (rejected_plays): written with their batch, listed for the
// screen page and the proof of play's appendix, and aged out with the raw plays.
import { sql } from 'kysely';
import type { RejectedPlay, RejectedRow } from '@marquee/contracts/device-gateway';
import type { Database } from '../../db/database.ts';

/** A rejected row as the gateway keeps it: what it answered the device, the row as sent and the
 * campaign it named (when it named a whole number). */
export type RejectedRowRecord = RejectedRow & { event: unknown; campaign: number | null };

/** The base query of the lists: each row with its device's serial. */
const listed = (db: Database) =>
  db
    .selectFrom('rejected_plays as r')
    .leftJoin('devices as d', 'd.id', 'r.device_id')
    .select([
      'r.id',
      'r.device_id',
      'd.serial_number',
      'r.location_id',
      'r.campaign_id',
      'r.batch_id',
      'r.row_index',
      'r.play_id',
      'r.event',
      'r.field',
      'r.reason',
      'r.received_at',
    ]);

type ListedRow = Awaited<ReturnType<ReturnType<typeof listed>['execute']>>[number];

export const presentRejectedPlay = (r: ListedRow): RejectedPlay => ({
  id: Number(r.id),
  device: r.device_id,
  device_serial: r.serial_number ?? null,
  location: r.location_id,
  campaign: r.campaign_id,
  batch_id: r.batch_id,
  index: Number(r.row_index),
  play_id: r.play_id,
  event: (typeof r.event === 'string' ? JSON.parse(r.event) : r.event) as Record<string, unknown>,
  field: r.field,
  reason: r.reason,
  received_at: new Date(r.received_at).toISOString(),
});

export const rejectedPlaysRepository = {
  /** Keeps a batch's rejected rows; a batch kept before (sent again) adds none. */
  async insert(
    db: Database,
    {
      device,
      location,
      batchId,
      rows,
    }: { device: number; location: number; batchId: string; rows: RejectedRowRecord[] },
  ): Promise<void> {
    if (!rows.length) return;
    await db
      .insertInto('rejected_plays')
      .values(
        rows.map((r) => ({
          device_id: device,
          location_id: location,
          batch_id: batchId,
          row_index: r.index,
          play_id: r.play_id,
          campaign_id: r.campaign,
          event: JSON.stringify(r.event),
          field: r.field,
          reason: r.reason,
        })),
      )
      .onConflict((oc) => oc.columns(['device_id', 'batch_id', 'row_index']).doNothing())
      .execute();
  },

  /** The rows of a batch rejected when it was first received, in batch order (the answer to a batch
   * sent again). */
  ofBatch: async (db: Database, device: number, batchId: string): Promise<RejectedRow[]> =>
    (
      await db
        .selectFrom('rejected_plays')
        .select(['row_index', 'play_id', 'field', 'reason'])
        .where('device_id', '=', device)
        .where('batch_id', '=', batchId)
        .orderBy('row_index')
        .execute()
    ).map((r) => ({ index: Number(r.row_index), play_id: r.play_id, field: r.field, reason: r.reason })),

  /** A page of a device's rejected plays, latest first, and how many it has. */
  async ofDevice(db: Database, device: number, { offset, limit }: { offset: number; limit: number | null }) {
    let q = listed(db).where('r.device_id', '=', device).orderBy('r.received_at', 'desc').orderBy('r.id', 'desc');
    if (limit !== null) q = q.limit(limit).offset(offset);
    const [rows, total] = await Promise.all([
      q.execute(),
      db
        .selectFrom('rejected_plays')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('device_id', '=', device)
        .executeTakeFirstOrThrow(),
    ]);
    return { rows: rows.map(presentRejectedPlay), count: Number(total.n) };
  },

  /** The rejected rows that named a campaign, received in [from, to) when given, oldest first (the
   * proof of play's appendix; a campaign's are few: the gateway rejects them as exceptions). */
  ofCampaign: async (db: Database, campaign: number, { from, to }: { from?: string; to?: string } = {}) => {
    let q = listed(db).where('r.campaign_id', '=', campaign);
    if (from) q = q.where('r.received_at', '>=', new Date(from));
    if (to) q = q.where('r.received_at', '<', new Date(to));
    return (await q.orderBy('r.received_at').orderBy('r.id').execute()).map(presentRejectedPlay);
  },

  /** Deletes the rows received before `before` (aged out with the raw plays); gives how many. */
  async deleteBefore(db: Database, before: Date): Promise<number> {
    const result = await db.deleteFrom('rejected_plays').where('received_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
