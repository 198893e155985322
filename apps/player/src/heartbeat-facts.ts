// What a heartbeat tells besides the playback: the staff commands carried out and not yet acknowledged
// (kept in IndexedDB, so that a `reload` command is acknowledged by the heartbeat after the reload), and
// the browser storage the player uses.
import { MAX_DONE_COMMANDS } from '@marquee/contracts/device-paths';
import { load, remove, save } from './store.ts';

/** The ids of staff's commands carried out and not yet acknowledged by a heartbeat. */
const DONE_KEY = 'done_commands';

/** Notes a command as carried out, for the next heartbeat to acknowledge (kept across a reload). */
export const commandDone = async (id: number) => save(DONE_KEY, [...((await load<number[]>(DONE_KEY)) ?? []), id]);

/** The commands done for the next heartbeat to name, as many as one may carry. */
export const doneToSend = async () => ((await load<number[]>(DONE_KEY)) ?? []).slice(0, MAX_DONE_COMMANDS);

/** Forgets the commands a heartbeat's answer acknowledged (others may have been done meanwhile). */
export async function acknowledged(ids: number[]) {
  if (!ids.length) return;
  await save(
    DONE_KEY,
    ((await load<number[]>(DONE_KEY)) ?? []).filter((id) => !ids.includes(id)),
  );
}

/** Forgets every command done (the player pairs anew). */
export const forgetDone = () => remove(DONE_KEY);

/** The browser's storage the player uses and may use, in MB. */
export async function storageFacts(): Promise<{ storage_used_mb?: number; storage_quota_mb?: number }> {
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  if (!estimate || estimate.usage === undefined || estimate.quota === undefined) return {};
  const mb = (bytes: number) => Math.min(100_000_000, Math.round(bytes / 1_048_576));
  return { storage_used_mb: mb(estimate.usage), storage_quota_mb: mb(estimate.quota) };
}
