// A device's batches of plays: admitted while the gateway has room (503 with Retry-After when it has
// none), checked row by row (a row that cannot be accepted is rejected and kept apart, the others
// stored), each play counted once, with the state changes plays and viewers cause.
import { CampaignState, PLAYING_STATES, canTransition, type CampaignAction } from '@marquee/contracts/campaigns';
import { inSchedule, isCompletedPlay, playSpans, type Span } from '@marquee/contracts/delivery';
import {
  MAX_BATCH_MONTHS,
  MAX_CLOCK_SKEW_MS,
  MAX_RETRY_AFTER_SECONDS,
  gatewayTexts,
  type EventsBatch,
  type EventsResponse,
  type RejectedRow,
} from '@marquee/contracts/device-gateway';
import { zonedInstant } from '@marquee/contracts/time-zones';
import { HttpError } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import { createTurns } from '../../lib/turns.ts';
import { openDevicePeriod } from '../locations/device-periods.repository.ts';
import { ensureEventPartitions } from './event-partitions.ts';
import { rejectedPlaysRepository as rejectedPlays } from './rejected-plays.repository.ts';
import { gatewayRepository as repo, type EventRow, type GatewayDevice } from './device-gateway.repository.ts';
import { heard, moveBy, type GatewayDeps } from './device-gateway.shared.ts';

/** Events may name campaigns a device plays, and finished ones it played before they closed. */
const EVENT_STATES: number[] = [...PLAYING_STATES, CampaignState.Finished];

/** An instant as ISO 8601 in UTC to the millisecond (the form that sorts as text): the device's own
 * text when it is in that form already, as a simulator's or a player's usually is (parsing a thousand
 * instants again was a tenth of a batch's time in JavaScript). */
const UTC_TEXT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const utcText = (instant: string) => (UTC_TEXT.test(instant) ? instant : new Date(instant).toISOString());

/** One instant per UTC month of the rows (whose instants are UTC texts): what the partitions need. */
const monthsOfRows = (rows: EventRow[]) =>
  [...new Set(rows.map((r) => r.started_at.slice(0, 7)))].map((m) => `${m}-01T00:00:00.000Z`);

/** What an event needs of its campaign: its clip's id, length (s) and checksum, and the spans of the
 * day it may play at the device's location (its window within the opening hours). */
export type GatewayClip = { videoclip_id: number; duration: number; checksum: string; spans: readonly Span[] };

/** The event as stored: its audience, and whether it completed the clip, played the right file and
 * started inside the campaign's schedule (the benches replay batches through it). */
export const storedEvent = (event: EventsBatch['events'][number], clip: GatewayClip, timeZone: string): EventRow => {
  const audience: Record<string, number> = {};
  const viewers = event.viewers ?? [];
  for (const v of viewers) {
    const key = `${v.gender}:${v.age_group}`;
    audience[key] = (audience[key] ?? 0) + 1;
  }
  const checksum_ok = event.clip_checksum === undefined ? null : event.clip_checksum === clip.checksum;
  const started_at = utcText(event.started_at);
  return {
    campaign_id: event.campaign,
    videoclip_id: clip.videoclip_id,
    zone: event.zone,
    started_at,
    duration_ms: event.duration_ms,
    viewers: viewers.length,
    audience: viewers.length ? audience : null,
    completed: isCompletedPlay(event.duration_ms, clip.duration),
    checksum_ok,
    reported_checksum: checksum_ok === false ? event.clip_checksum! : null,
    measured: event.viewers !== undefined,
    in_schedule: inSchedule(Date.parse(started_at), clip.spans, timeZone),
    // One form per id (a uuid's hex digits may come in either case), as the column gives them back.
    play_id: event.play_id?.toLowerCase() ?? null,
  };
};

/** PostgreSQL's deadlock and serialization failures: the whole transaction was rolled back. */
const RETRYABLE = new Set(['40P01', '40001']);

/**
 * Runs a transaction again (up to three times in all) when PostgreSQL rolled it back for a deadlock:
 * concurrent batches lock rollup rows and the kept delivery figures of their campaigns, and a rare
 * crossing of two of them is resolved by the database aborting one. Nothing of it was stored, so
 * running it again is safe; the device would otherwise send the batch again itself after a 500.
 */
export async function retryOnDeadlock<T>(work: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const code = (err as { code?: string } | null)?.code;
      if (attempt >= attempts || !code || !RETRYABLE.has(code)) throw err;
    }
  }
}

export function createGatewayEventsService({ db, config, metrics }: Pick<GatewayDeps, 'db' | 'config' | 'metrics'>) {
  const today = () => dayIn(config.now(), config.timeZone);
  const ageGroups = new Set(config.campaigns.ageGroups.map((g) => g.id));
  /** Batches are written INGEST_CONCURRENCY at a time, the others waiting in order (see config.ts). */
  const writing = createTurns(config.ingestConcurrency, ({ running, waiting }) => {
    metrics?.deviceBatchesWriting.set(running);
    metrics?.deviceBatchesWaiting.set(waiting);
  });
  /** Batches in the gateway now, from their admission (before their body is read) to their answer:
   * being read and checked, waiting for their turn, or being written. */
  let admitted = 0;
  const admissionLimit = config.ingestConcurrency + config.ingestQueueLimit;
  /** 503 for a batch that finds the gateway full. The device keeps the batch and sends it again, under
   * the same id, after Retry-After: half the time the server likely needs to write the batches in it
   * now (at least a second, at most a minute), so that refused devices come back, with their jitter,
   * while the rest are still being written: the server is neither left idle nor swamped again at once. */
  const busy = () => {
    metrics?.deviceBatchesRefused.inc();
    const drainMs = (admitted * writing.meanMs()) / config.ingestConcurrency;
    const seconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(drainMs / 2000)));
    return new HttpError(503, { detail: gatewayTexts.busy }, { 'retry-after': String(seconds) });
  };

  /** The rows of a batch that cannot be stored, each with the first thing wrong with it (by field, within
   * the event), and the clip and the state of each campaign named. A row must name a campaign the
   * location plays (or played: a finished one, until it closed), in one of its zones that the screen shows; its time must
   * lie in its campaign's run (from the start of its start date to the end of its end date, in
   * TIME_ZONE), within MAX_EVENT_AGE_DAYS before now and MAX_CLOCK_SKEW_MS after, and the batch's stored
   * plays in at most MAX_BATCH_MONTHS UTC months (each a partition, made for the batch if missing); its
   * viewers must name configured age groups. */
  async function check(device: GatewayDevice, batch: EventsBatch) {
    const ids = [...new Set(batch.events.map((e) => e.campaign))];
    const campaigns = new Map((await repo.campaignsAt(db, device.location_id, ids)).map((c) => [c.id, c]));
    const now = today();
    const clock = config.now().getTime();
    const latest = new Date(clock + MAX_CLOCK_SKEW_MS).toISOString();
    const earliest = new Date(clock - config.maxEventAgeDays * 86_400_000).toISOString();
    /** The zones the screen shows: a play elsewhere is refused (its row). */
    const shown = device.zones;
    /** Each campaign's run as UTC texts [from, to), to compare with the events' (also UTC texts). */
    const runs = new Map(
      [...campaigns.values()].map((c) => [
        c.id,
        {
          from: new Date(zonedInstant(c.start_date, 0, config.timeZone)).toISOString(),
          to: new Date(zonedInstant(c.end_date, 24 * 60, config.timeZone)).toISOString(),
          /** Taken off the air (deactivated) then: later plays are not its to count. */
          closed: c.closed_at === null ? null : new Date(c.closed_at).toISOString(),
        },
      ]),
    );
    /** What is wrong with a play at `at` (a UTC text) of campaign `c`, if anything. */
    const whenProblem = (at: string, c: { id: number; start_date: string; end_date: string }) => {
      // A year past 9999 (9999-12-31T23:30-01:00) is written +010000-…, one before 0 as -000001-….
      if (at.length !== 24)
        return at.startsWith('+') ? gatewayTexts.inFuture : gatewayTexts.tooOld(config.maxEventAgeDays);
      if (at > latest) return gatewayTexts.inFuture;
      if (at < earliest) return gatewayTexts.tooOld(config.maxEventAgeDays);
      const run = runs.get(c.id)!;
      if (at < run.from) return gatewayTexts.beforeStart(c.start_date);
      if (at >= run.to) return gatewayTexts.afterEnd(c.end_date);
      if (run.closed !== null && at >= run.closed) return gatewayTexts.afterClose;
      return undefined;
    };
    /** The UTC months of the batch's acceptable plays so far. */
    const months = new Set<string>();
    const rejected: RejectedRow[] = [];
    const accepted: number[] = [];
    batch.events.forEach((event, index) => {
      const reject = (field: string, reason: string) =>
        rejected.push({ index, play_id: event.play_id ?? null, field, reason });
      const c = campaigns.get(event.campaign);
      const known =
        c &&
        EVENT_STATES.includes(Number(c.state)) &&
        (Number(c.state) !== CampaignState.Finished || c.start_date <= now);
      if (!known) return reject('campaign', gatewayTexts.unknownCampaign);
      if (!c.p_zones.includes(event.zone) || !(c.location_zones ?? []).map(Number).includes(event.zone))
        return reject('zone', gatewayTexts.zoneNotPlayed);
      if (!shown.includes(event.zone)) return reject('zone', gatewayTexts.zoneNotShown);
      const at = utcText(event.started_at);
      const timeError = whenProblem(at, c);
      if (timeError) return reject('started_at', timeError);
      const month = at.slice(0, 7);
      if (!months.has(month) && months.size >= MAX_BATCH_MONTHS)
        return reject('started_at', gatewayTexts.tooManyMonths(MAX_BATCH_MONTHS));
      const viewers = event.viewers ?? [];
      for (let j = 0; j < viewers.length; j++) {
        if (!ageGroups.has(viewers[j]!.age_group))
          return reject(`viewers.${j}.age_group`, gatewayTexts.unknownAgeGroup);
      }
      months.add(month);
      accepted.push(index);
    });
    const clips = new Map<number, GatewayClip>(
      [...campaigns.values()].map((c) => [
        c.id,
        {
          videoclip_id: c.videoclip_id,
          duration: Number(c.duration),
          checksum: c.checksum,
          spans: playSpans(device, c),
        },
      ]),
    );
    const states = new Map([...campaigns.values()].map((c) => [c.id, Number(c.state)]));
    return { rejected, accepted, clips, states, earliest };
  }

  return {
    /** Admits a device's batch, before its body is read: 503 (busy) while INGEST_CONCURRENCY +
     * INGEST_QUEUE_LIMIT batches are in the gateway. Gives what lets it out again, to call once it is
     * answered or its connection closed (once; a second call does nothing). */
    admit(): () => void {
      if (admitted >= admissionLimit) throw busy();
      metrics?.deviceBatchesInGateway.set(++admitted);
      let out = false;
      return () => {
        if (out) return;
        out = true;
        metrics?.deviceBatchesInGateway.set(--admitted);
      };
    },

    /** Stores every acceptable row of a batch (events, rollups, state changes in one transaction) and
     * keeps the others in rejected_plays, answering each by its index, play id and reason. A batch id
     * the device sent before is answered as a duplicate (with the rows rejected then) and not counted
     * again, and so is every play stored before under any batch id: by its `play_id` when it has one,
     * or by device, start, campaign and zone. */
    async events(device: GatewayDevice, batch: EventsBatch): Promise<EventsResponse> {
      const { rejected, accepted, clips, states, earliest } = await check(device, batch);
      // A row repeating an earlier one's play id or natural key is left out by appendEvents.
      const rows: EventRow[] = accepted.map((index) => {
        const event = batch.events[index]!;
        return storedEvent(event, clips.get(event.campaign)!, config.timeZone);
      });
      // Before the batch's transaction: a month without a partition (history sent late) gets one.
      if (rows.length) await ensureEventPartitions(db, monthsOfRows(rows), config);
      const total = batch.events.length;
      const result = await writing.run(() =>
        retryOnDeadlock(() =>
          db.transaction().execute(async (trx): Promise<EventsResponse> => {
            const claimed = await repo.claimBatch(trx, {
              device: device.id,
              batchId: batch.batch_id,
              events: total,
            });
            if (!claimed) {
              const before = await rejectedPlays.ofBatch(trx, device.id, batch.batch_id);
              // A batch id sent again with other rows (a player's fault) is still answered as the first.
              return { accepted: 0, duplicate: true, duplicates: Math.max(0, total - before.length), rejected: before };
            }
            const now = config.now();
            // First of the rows the batch writes: the device's own row. Batches of one device then queue
            // here, before either has moved a campaign or a period (whose triggers touch the kept
            // delivery figures that appendEvents also writes); taken later, two such batches crossed and
            // deadlocked under load.
            await repo.markSeen(trx, device.id, now);
            await rejectedPlays.insert(trx, {
              device: device.id,
              location: device.location_id,
              batchId: batch.batch_id,
              receivedAt: now,
              rows: rejected.map((r) => {
                const event = batch.events[r.index]!;
                return { ...r, event, campaign: event.campaign };
              }),
            });
            // Plays are a sign of life: a player that sends them but no heartbeat is not "never reported".
            if (!rows.length) {
              if (device.offline_since !== null || device.health_state === 'never')
                await heard(trx, config, device, now);
              return { accepted: 0, duplicate: false, duplicates: total - rejected.length, rejected };
            }
            const first = rows.reduce((min, r) => (r.started_at < min ? r.started_at : min), rows[0]!.started_at);
            if (device.active_from === null) await openDevicePeriod(trx, device.id, device.location_id, first);
            else if (first < new Date(device.active_from).toISOString())
              await repo.extendPeriodBack(trx, device.id, first);
            // Only campaigns the check saw in a state the move starts from: once they are Viewed, as most
            // are, a batch makes no update (two round trips fewer). The update checks the state again. A
            // campaign edited and approved again between the check and here moves with the next batch.
            const movable = (action: CampaignAction, ids: number[]) =>
              ids.filter((id) => canTransition(action, states.get(id)!));
            const played = movable('played', [...new Set(rows.map((r) => r.campaign_id))]);
            const viewed = movable('viewed', [...new Set(rows.filter((r) => r.viewers > 0).map((r) => r.campaign_id))]);
            await moveBy(trx, 'played', played, gatewayTexts.playedOnDevice(device.serial_number));
            await moveBy(trx, 'viewed', viewed, gatewayTexts.viewedOnDevice(device.serial_number));
            if (device.offline_since !== null || device.health_state === 'never') await heard(trx, config, device, now);
            // Last: it writes rows the batches of every device add to, held from here to the commit.
            const stored = await repo.appendEvents(trx, {
              device: device.id,
              location: device.location_id,
              timeZone: config.timeZone,
              events: rows,
              playIdsFrom: earliest,
            });
            return { accepted: stored, duplicate: false, duplicates: total - rejected.length - stored, rejected };
          }),
        ),
      );
      // After the commit, so a rolled-back batch counts nothing (nor does one that stored nothing).
      if (result.accepted) {
        metrics?.deviceEvents.inc(result.accepted);
        metrics?.deviceBatchSize.observe(result.accepted);
      }
      return result;
    },
  };
}
