// Rows of device batches that were not stored (rejected_plays): written with their batch, listed for the
// screen page and the proof of play's appendix, and aged out with the raw plays.
import { sql } from 'kysely';
import type { ProofOfPlayRejectedRow } from '@marquee/contracts/delivery';
import type { RejectedPlay, RejectedRow } from '@marquee/contracts/device-gateway';
import type { Database } from '../../db/database.ts';
import { isoLocal, isoUtc, localEnd, localStart } from '../../db/local-time.ts';

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

/** Where a page of a campaign's rejected rows ends: its last row's received time and id. */
export type RejectedPageKey = { at: string; id: string };

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
      receivedAt,
      rows,
    }: { device: number; location: number; batchId: string; receivedAt: Date; rows: RejectedRowRecord[] },
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
          received_at: receivedAt,
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

  /** The id of the latest rejected row (null: none): a file lists the rows up to it, as they stood
   * when it began. */
  async lastId(db: Database): Promise<string | null> {
    const { rows } = await sql<{ last: string | null }>`select max(id)::text as last from rejected_plays`.execute(db);
    return rows[0]?.last ?? null;
  },

  /**
   * The proof of play's appendix, a page at a time: the rejected rows that named `campaign`, received
   * in the local days `from`–`to` of `timeZone` (each bound when given), with ids up to `last`, oldest
   * first, after the key (received time, id) of the page before. Times as text in UTC and in local time
   * with its offset; the zone and start as the device sent them.
   */
  async campaignPage(
    db: Database,
    {
      campaign,
      timeZone,
      from,
      to,
      last,
      after,
      limit,
    }: {
      campaign: number;
      timeZone: string;
      from?: string;
      to?: string;
      last: string;
      after: RejectedPageKey | null;
      limit: number;
    },
  ) {
    const received = sql.ref('r.received_at');
    const { rows } = await sql<ProofOfPlayRejectedRow & { key_at: string; key_id: string }>`
      select ${isoUtc(received)} as received_at_utc, ${isoLocal(received, timeZone)} as received_at_local,
        d.serial_number as device_serial, l.sys_id as location_sys_id, l.name as location_name,
        r.event->>'zone' as zone, r.event->>'started_at' as started_at_reported, r.play_id::text as play_id,
        r.field, r.reason, r.received_at::text as key_at, r.id::text as key_id
      from rejected_plays r
      join locations l on l.id = r.location_id
      left join devices d on d.id = r.device_id
      where r.campaign_id = ${campaign} and r.id + 0 <= ${last}::bigint
        ${from ? sql`and r.received_at >= ${localStart(from, timeZone)}` : sql``}
        ${to ? sql`and r.received_at < ${localEnd(to, timeZone)}` : sql``}
        ${
          after
            ? sql`and r.received_at >= ${after.at}::timestamptz
                and (r.received_at, r.id) > (${after.at}::timestamptz, ${after.id}::bigint)`
            : sql``
        }
      order by r.received_at, r.id
      limit ${limit}`.execute(db);
    const end = rows.at(-1);
    return {
      rows: rows.map(({ key_at: _at, key_id: _id, ...row }) => row),
      next: end && rows.length === limit ? { at: end.key_at, id: end.key_id } : null,
    };
  },

  /** Deletes the rows received before `before` (aged out with the raw plays); gives how many. */
  async deleteBefore(db: Database, before: Date): Promise<number> {
    const result = await db.deleteFrom('rejected_plays').where('received_at', '<', before).executeTakeFirst();
    return Number(result.numDeletedRows);
  },
};
