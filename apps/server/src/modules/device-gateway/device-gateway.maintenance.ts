// The maintenance sweep main.ts runs every minute: devices silent for too long are marked offline once
// (the log gets a warning; their managers a message from the alert, modules/alerts, during opening
// hours), campaigns past their end date are finished, ended screen pairings are forgotten, and the raw
// plays' monthly partitions are made ahead and dropped past RAW_EVENT_RETENTION_DAYS (event-partitions.ts;
// each drop is logged). Safe to run from several servers at once: each change is claimed by one UPDATE
// or DELETE, partitions under a lock.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { campaignTransitions } from '@marquee/contracts/campaigns';
import { gatewayTexts } from '@marquee/contracts/device-gateway';
import { resources } from '@marquee/contracts/resources';
import { retentionTexts } from '@marquee/contracts/retention';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { dayIn } from '../../lib/days.ts';
import { devicePairingsRepository } from '../locations/device-pairings.repository.ts';
import { syncDevicePeriods } from '../locations/device-periods.repository.ts';
import { gatewayRepository as repo } from './device-gateway.repository.ts';
import { maintainEventPartitions, type Month } from './event-partitions.ts';
import { logDeviceEntry, logMoves } from './device-gateway.shared.ts';
import { rejectedPlaysRepository } from './rejected-plays.repository.ts';

const STATISTICS_MODEL = resources.eventStatistics.model_name;

export type SweepResult = {
  offline: number;
  finished: number;
  /** Ended pairings forgotten. */
  pairings: number;
  /** Months of raw plays whose partitions were made or dropped. */
  partitions: { created: Month[]; dropped: Month[] };
};

/** `yyyy-MM-dd HH:mm` in the time zone, the way people at the location read their clocks. */
export function formatTimeIn(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${dayIn(date, timeZone)} ${part('hour')}:${part('minute')}`;
}

export async function runMaintenance(
  db: Database,
  config: Pick<Config, 'now' | 'timeZone' | 'deviceOfflineMs' | 'rawEventRetentionDays'>,
): Promise<SweepResult> {
  const now = config.now();
  const offline = await db.transaction().execute(async (trx) => {
    const devices = await repo.markOffline(trx, new Date(now.getTime() - config.deviceOfflineMs));
    for (const device of devices) {
      // The managers hear of it from the alert, which opens only during opening hours.
      const since = formatTimeIn(new Date(device.offline_since), config.timeZone);
      await logDeviceEntry(trx, device, ActionFlag.Warning, gatewayTexts.offlineEntry(since));
    }
    return devices.length;
  });

  const finished = await db.transaction().execute(async (trx) => {
    const { from, to } = campaignTransitions.deactivate;
    const moved = await repo.moveStates(trx, { ids: null, from, to, endedBefore: dayIn(now, config.timeZone) });
    await logMoves(trx, moved, to, gatewayTexts.finished);
    return moved.length;
  });
  // Device writes keep the periods in step; this catches any path that did not (a device table edited
  // by hand, a write that failed between its commit and the sync).
  await syncDevicePeriods(db, now);
  // Pairings end within minutes; without this, those of screens that never asked again would stay.
  const pairings = await devicePairingsRepository.prune(db, now);
  // Rejected plays age out with the raw plays (row by row: they are few).
  if (config.rawEventRetentionDays !== null)
    await rejectedPlaysRepository.deleteBefore(db, new Date(now.getTime() - config.rawEventRetentionDays * 86_400_000));

  // Last, so that a drop that could not lock the table in time (the next sweep tries again) holds up
  // nothing else.
  const partitions = await maintainEventPartitions(db, { ...config, now: () => now });
  for (const month of partitions.dropped) {
    await writeLogEntry(db, {
      userId: null,
      model: STATISTICS_MODEL,
      objectId: null,
      objectRepr: retentionTexts.droppedRepr(month),
      actionFlag: ActionFlag.Information,
      changeMessage: retentionTexts.droppedEntry(month, config.rawEventRetentionDays ?? 0),
    });
  }
  return { offline, finished, pairings, partitions };
}
