// What the device gateway's services share: what they are given, and what a device's reports write
// besides its own rows: the campaign moves they cause, each with its log entry, and the device's health
// with an entry when it was offline.
import { ActionFlag } from '@marquee/contracts/action-flags';
import { campaignTransitions, type CampaignAction } from '@marquee/contracts/campaigns';
import { gatewayTexts } from '@marquee/contracts/device-gateway';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { Metrics } from '../../http/metrics.ts';
import type { MediaStorage } from '../../media/storage.ts';
import { resources } from '@marquee/contracts/resources';
import { CAMPAIGN_MODEL } from '../campaigns/campaigns.repository.ts';
import { refreshDeviceHealth, type HealthConfig } from './device-health.ts';
import { gatewayRepository as repo, type GatewayDevice } from './device-gateway.repository.ts';

export type GatewayDeps = {
  db: Database;
  config: Pick<
    Config,
    | 'now'
    | 'timeZone'
    | 'maxEventAgeDays'
    | 'campaigns'
    | 'deviceOfflineMs'
    | 'playlistStaleMs'
    | 'rawEventRetentionDays'
    | 'ingestConcurrency'
    | 'ingestQueueLimit'
  >;
  storage: MediaStorage;
  /** Counts stored events and batch sizes (absent where nobody reads metrics). */
  metrics?: Pick<
    Metrics,
    | 'deviceEvents'
    | 'deviceBatchSize'
    | 'deviceBatchesWriting'
    | 'deviceBatchesWaiting'
    | 'deviceBatchesInGateway'
    | 'deviceBatchesRefused'
  >;
};

export const DEVICE_MODEL = resources.devices.model_name;

/** Writes an entry of the event log on a device, by no user (the device or the server's sweep). */
export const logDeviceEntry = (
  trx: Database,
  device: Pick<GatewayDevice, 'id' | 'serial_number'>,
  actionFlag: ActionFlag,
  changeMessage: string,
) =>
  writeLogEntry(trx, {
    userId: null,
    model: DEVICE_MODEL,
    objectId: device.id,
    objectRepr: device.serial_number,
    actionFlag,
    changeMessage,
  });

/** Writes the state changes of campaigns made by a device or the server's sweep, each with an
 * information entry. */
export async function logMoves(
  trx: Database,
  moved: { id: number; name: string; before: number }[],
  to: number,
  message: string,
): Promise<void> {
  for (const c of moved) {
    await writeLogEntry(trx, {
      userId: null,
      model: CAMPAIGN_MODEL,
      objectId: c.id,
      objectRepr: c.name,
      actionFlag: ActionFlag.Information,
      changeMessage: message,
      before: { state: c.before },
      after: { state: to },
    });
  }
}

/** Moves the campaigns among `ids` by a device-reported action, logging each move. */
export async function moveBy(trx: Database, action: CampaignAction, ids: number[], message: string) {
  const { from, to } = campaignTransitions[action];
  await logMoves(trx, await repo.moveStates(trx, { ids, from, to }), to, message);
}

/** After a sign of life (a heartbeat, a batch of plays): the device's health state, and an entry
 * when it was offline. */
export async function heard(trx: Database, config: HealthConfig, device: GatewayDevice, now: Date) {
  await refreshDeviceHealth(trx, config, now, [device.id]);
  if (device.offline_since !== null) await logDeviceEntry(trx, device, ActionFlag.Information, gatewayTexts.backOnline);
}
