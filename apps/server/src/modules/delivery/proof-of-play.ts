// Proof of play: one row per play of a campaign (which screen, which creative by checksum, when, how
// long, whether it counted), and an appendix of the rows its screens sent that the gateway rejected (with
// the reason), streamed a few thousand rows at a time (by key, no cursor held open) so a file of
// millions of plays takes no more memory than one of a hundred. The file's SHA-256 is computed as it
// is written and kept in a receipt (and the log), so an advertiser can check the copy they received.
// Raw plays are kept RAW_EVENT_RETENTION_DAYS: a file whose period reaches before them says so in its
// headers (the screen says so before the download).
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  deliveryTexts,
  type ProofOfPlayFormat,
  type ProofOfPlayQuery,
  type ProofOfPlayReceipt,
  type ProofOfPlayRejectedRow,
} from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';
import { rawEventsFrom, reachesPastRetention, retentionTexts } from '@marquee/contracts/retention';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { isoLocal, isoUtc, localEnd, localStart } from '../../db/local-time.ts';
import { notFound } from '../../http/errors.ts';
import { periodOf } from '../../http/paging.ts';
import { CAMPAIGN_MODEL } from '../campaigns/campaigns.repository.ts';
import type { CampaignsService } from '../campaigns/campaigns.service.ts';
import {
  rejectedPlaysRepository as rejectedPlays,
  type RejectedPageKey,
} from '../device-gateway/rejected-plays.repository.ts';
import { fileText, type PlayRow } from './proof-of-play.file.ts';

const STATISTICS = `list_${resources.eventStatistics.model_name}`;
/** Rows read at a time. */
const CHUNK = 5000;

export const proofTypes: Record<ProofOfPlayFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

type Period = { from?: string; to?: string };

/**
 * The plays of a campaign in a period, oldest first (the id breaks ties), as the file's columns, a page
 * of CHUNK after the key (`started_at`, `id`) of the last one sent. The local time carries its offset
 * (`2030-06-15T08:00:00.000+02:00`). Plays stored after the file began (ids above `last`) are left
 * out, so the file is the campaign's plays as they stood then (`id + 0`: a filter, never a reason for
 * the planner to walk the primary key instead of the campaign's plays in order).
 */
function playsPage(campaign: number, timeZone: string, { from, to }: Period, last: string, after: PageKey | null) {
  const started = sql.ref('e.started_at');
  return sql<PlayRow & { key_at: string }>`
    select e.id::text as play_id, e.play_id as device_play_id, d.serial_number as device_serial, l.sys_id as location_sys_id,
      l.name as location_name, e.zone::int as zone, c.sys_id as campaign_sys_id, vc.sys_id as clip_sys_id,
      coalesce(e.reported_checksum, case when e.checksum_ok then v.checksum end) as clip_checksum,
      ${isoUtc(started)} as started_at_utc, ${isoLocal(started, timeZone)} as started_at_local,
      e.duration_ms, e.completed, e.checksum_ok is not false as creative_ok, e.in_schedule,
      case when e.measured then e.viewers::int end as viewers,
      e.started_at::text as key_at
    from device_events e
    join locations l on l.id = e.location_id
    join campaigns c on c.id = e.campaign_id
    left join devices d on d.id = e.device_id
    left join videoclips vc on vc.id = e.videoclip_id
    left join videos v on v.id = vc.video_id
    where e.campaign_id = ${campaign} and e.id + 0 <= ${last}::bigint
      ${from ? sql`and e.started_at >= ${localStart(from, timeZone)}` : sql``}
      ${to ? sql`and e.started_at < ${localEnd(to, timeZone)}` : sql``}
      ${
        after
          ? // The first condition is the index range (campaign_id, started_at); the second breaks ties.
            sql`and e.started_at >= ${after.at}::timestamptz
              and (e.started_at, e.id) > (${after.at}::timestamptz, ${after.id}::bigint)`
          : sql``
      }
    order by e.started_at, e.id
    limit ${CHUNK}`;
}

type PageKey = { at: string; id: string };

/** Runs one page's query in a transaction of its own in which the planner may not sort. A page is the
 * next CHUNK entries of an index (the campaign's plays, or its rejected rows) in its order; without
 * fresh statistics (PGlite never gathers them by itself) the planner would rather sort every row after
 * the key to take the first CHUNK: a page would cost the whole rest of the file. No connection is held
 * between pages (PGlite has only one). */
const inIndexOrder = <T>(db: Database, read: (trx: Database) => Promise<T>) =>
  db.transaction().execute(async (trx) => {
    await sql`set local enable_sort = off`.execute(trx);
    return read(trx);
  });

/** What the file lists: the plays and rejected rows with ids up to these, those stored when it began. */
type Snapshot = { plays: string | null; rejected: string | null };

async function snapshotOf(db: Database): Promise<Snapshot> {
  const { rows } = await sql<{ last: string | null }>`select max(id)::text as last from device_events`.execute(db);
  return { plays: rows[0]?.last ?? null, rejected: await rejectedPlays.lastId(db) };
}

/** The plays, CHUNK rows at a time, each page its own short query by key along the campaign's plays. */
async function* playPages(
  db: Database,
  { campaign, timeZone, period, last }: { campaign: number; timeZone: string; period: Period; last: string | null },
): AsyncGenerator<PlayRow[]> {
  if (!last) return;
  let after: PageKey | null = null;
  for (;;) {
    const page = await inIndexOrder(
      db,
      async (trx) => (await playsPage(campaign, timeZone, period, last, after).execute(trx)).rows,
    );
    if (!page.length) return;
    const end = page.at(-1)!;
    after = { at: end.key_at, id: end.play_id };
    yield page.map(({ key_at: _key, ...row }) => row);
    if (page.length < CHUNK) return;
  }
}

/** The appendix: the campaign's rejected rows received in the period, CHUNK at a time by key. */
async function* rejectedPages(
  db: Database,
  { campaign, timeZone, period, last }: { campaign: number; timeZone: string; period: Period; last: string | null },
): AsyncGenerator<ProofOfPlayRejectedRow[]> {
  if (!last) return;
  let after: RejectedPageKey | null = null;
  for (;;) {
    const page = await inIndexOrder(db, (trx) =>
      rejectedPlays.campaignPage(trx, { campaign, timeZone, ...period, last, after, limit: CHUNK }),
    );
    if (page.rows.length) yield page.rows;
    if (!page.next) return;
    after = page.next;
  }
}

const presentReceipt = (r: {
  id: string;
  campaign_id: number;
  format: string;
  date_from: string | null;
  date_to: string | null;
  rows: string | null;
  bytes: string | null;
  sha256: string | null;
  created_at: Date;
  created_by: number | null;
}): ProofOfPlayReceipt => ({
  id: r.id,
  campaign: r.campaign_id,
  format: r.format === 'json' ? 'json' : 'csv',
  date__gte: r.date_from,
  date__lte: r.date_to,
  rows: r.rows === null ? null : Number(r.rows),
  bytes: r.bytes === null ? null : Number(r.bytes),
  sha256: r.sha256,
  created_at: new Date(r.created_at).toISOString(),
  created_by: r.created_by,
});

export function createProofOfPlayService({
  db,
  access,
  config,
  campaigns,
}: {
  db: Database;
  access: Access;
  config: Pick<Config, 'timeZone' | 'now' | 'rawEventRetentionDays'>;
  campaigns: CampaignsService;
}) {
  const receipts = () =>
    db
      .selectFrom('proof_of_play_receipts')
      .select([
        'id',
        'campaign_id',
        'format',
        sql<string | null>`to_char(date_from, 'YYYY-MM-DD')`.as('date_from'),
        sql<string | null>`to_char(date_to, 'YYYY-MM-DD')`.as('date_to'),
        'rows',
        'bytes',
        'sha256',
        'created_at',
        'created_by',
      ]);

  async function visible(auth: Auth, id: number) {
    access.require(auth, STATISTICS);
    return campaigns.loadVisible(auth, id);
  }

  return {
    /** The file as a stream, with the id of its receipt (its SHA-256 is there once the last byte went),
     * the first day of kept raw plays (null: all are kept) and, when the period (or without one, the
     * campaign's run) reaches before it, the notice saying that earlier plays are past retention. */
    async file(auth: Auth, id: number, q: ProofOfPlayQuery) {
      const campaign = await visible(auth, id);
      const days = config.rawEventRetentionDays;
      const rawFrom = rawEventsFrom(config.now(), days, config.timeZone);
      const retentionNotice =
        rawFrom !== null && days !== null && reachesPastRetention(q.date__gte ?? campaign.start_date, rawFrom)
          ? retentionTexts.proofOfPlay(rawFrom, days)
          : null;
      const period = periodOf(q);
      const format = q.format ?? 'csv';
      const receiptId = crypto.randomUUID();
      await db
        .insertInto('proof_of_play_receipts')
        .values({
          id: receiptId,
          campaign_id: id,
          format,
          date_from: q.date__gte ?? null,
          date_to: q.date__lte ?? null,
          created_by: auth.user.id,
        })
        .execute();
      async function* bytes(): AsyncGenerator<Buffer> {
        const last = await snapshotOf(db);
        const of = { campaign: id, timeZone: config.timeZone, period };
        const hash = crypto.createHash('sha256');
        let size = 0;
        let rows = 0;
        async function* counted() {
          for await (const page of playPages(db, { ...of, last: last.plays })) {
            rows += page.length;
            yield page;
          }
        }
        const rejected = rejectedPages(db, { ...of, last: last.rejected });
        for await (const text of fileText(format, { plays: counted(), rejected })) {
          const chunk = Buffer.from(text, 'utf8');
          hash.update(chunk);
          size += chunk.length;
          yield chunk;
        }
        const sha256 = hash.digest('hex');
        await db.transaction().execute(async (trx) => {
          await trx
            .updateTable('proof_of_play_receipts')
            .set({ rows, bytes: size, sha256 })
            .where('id', '=', receiptId)
            .execute();
          await writeLogEntry(trx, {
            userId: auth.user.id,
            model: CAMPAIGN_MODEL,
            objectId: id,
            objectRepr: campaign.name,
            actionFlag: ActionFlag.Information,
            changeMessage: deliveryTexts.exported(rows, sha256),
          });
        });
      }
      return {
        receiptId,
        rawEventsFrom: rawFrom,
        retentionNotice,
        filename: `proof-of-play-${campaign.sys_id}.${format}`,
        contentType: proofTypes[format],
        stream: Readable.from(bytes(), { objectMode: false }),
      };
    },

    /** The campaign's proof-of-play receipts, newest first. */
    async receipts(auth: Auth, id: number): Promise<ProofOfPlayReceipt[]> {
      await visible(auth, id);
      const rows = await receipts().where('campaign_id', '=', id).orderBy('created_at', 'desc').limit(100).execute();
      return rows.map(presentReceipt);
    },

    async receipt(auth: Auth, id: number, receiptId: string): Promise<ProofOfPlayReceipt> {
      await visible(auth, id);
      const row = await receipts().where('campaign_id', '=', id).where('id', '=', receiptId).executeTakeFirst();
      if (!row) throw notFound();
      return presentReceipt(row);
    },
  };
}

export type ProofOfPlayService = ReturnType<typeof createProofOfPlayService>;
