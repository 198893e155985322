// Remote view and commands for staff: the latest screenshot of a screen and its recent commands (for
// whoever may view the device), and queuing a command for it (change_device), logged on the device. The
// screen gets a command with its next heartbeat's answer and acknowledges it in a later one.
import { ActionFlag } from '@marquee/contracts/action-flags';
import {
  DEVICE_COMMANDS_LIMIT,
  deviceCommandTexts,
  type DeviceCommand,
  type DeviceCommandInput,
} from '@marquee/contracts/device-commands';
import { resources } from '@marquee/contracts/resources';
import type { Access, Auth } from '../../access/access.ts';
import { writeLogEntry } from '../../audit/audit.ts';
import type { Database } from '../../db/database.ts';
import { notFound } from '../../http/errors.ts';
import type { MediaStorage } from '../../media/storage.ts';
import {
  deviceCommandsRepository as commands,
  deviceScreenshotsRepository as screenshots,
} from './device-commands.repository.ts';
import type { DevicesService } from './devices.service.ts';

const model = resources.devices.model_name;

export function createDeviceCommandsService({
  db,
  access,
  devices,
  storage,
  now,
}: {
  db: Database;
  access: Access;
  devices: DevicesService;
  storage: MediaStorage;
  now: () => Date;
}) {
  /** The device if the user holds `permission` on it (403 without it, 404 for one they may not see). */
  async function deviceFor(auth: Auth, id: number, permission: 'view' | 'change') {
    access.require(auth, `${permission}_${model}`);
    const device = await devices.loadVisible(auth, id);
    access.require(auth, `${permission}_${model}`, { model, value: device });
    return device;
  }

  return {
    /** The latest commands, newest first. */
    async list(auth: Auth, id: number): Promise<{ results: DeviceCommand[] }> {
      await deviceFor(auth, id, 'view');
      return { results: await commands.recent(db, id, DEVICE_COMMANDS_LIMIT) };
    },

    /** Queues a command for the screen (logged); its next heartbeat's answer hands it out. */
    async issue(auth: Auth, id: number, { kind }: DeviceCommandInput): Promise<DeviceCommand> {
      const device = await deviceFor(auth, id, 'change');
      const commandId = await db.transaction().execute(async (trx) => {
        const created = await commands.issue(trx, { device: id, kind, by: auth.user.id, at: now() });
        await writeLogEntry(trx, {
          userId: auth.user.id,
          model,
          objectId: id,
          objectRepr: device.serial_number,
          actionFlag: ActionFlag.Information,
          changeMessage: deviceCommandTexts.issued(kind),
        });
        return created;
      });
      const recent = await commands.recent(db, id, DEVICE_COMMANDS_LIMIT);
      return recent.find((c) => c.id === commandId)!;
    },

    /** The screen's latest screenshot (the JPEG and when it was taken); 404 while it has none. */
    async screenshot(auth: Auth, id: number) {
      await deviceFor(auth, id, 'view');
      const row = await screenshots.get(db, id);
      const file = row ? await storage.read(row.storage_key) : null;
      if (!row || !file) throw notFound(deviceCommandTexts.noScreenshot);
      return { ...file, takenAt: new Date(row.taken_at).toISOString() };
    },
  };
}

export type DeviceCommandsService = ReturnType<typeof createDeviceCommandsService>;
