// Remote view and commands: what staff may ask a screen to do (reload its player, clear its media cache,
// take a screenshot), handed to the screen once in a heartbeat's answer and acknowledged by the next
// heartbeat once done; and the latest screenshot a screen sent, one kept per device.
import { z } from 'zod';
import { MAX_SCREENSHOT_BYTES } from './device-paths.ts';

export const DEVICE_COMMAND_KINDS = ['reload', 'clear_cache', 'screenshot'] as const;
export type DeviceCommandKind = (typeof DEVICE_COMMAND_KINDS)[number];

export const deviceCommandLabels: Record<DeviceCommandKind, string> = {
  reload: 'Reload',
  clear_cache: 'Clear cache',
  screenshot: 'Take screenshot',
};

/** The most commands one heartbeat's answer carries (the rest come with the next ones). */
export const MAX_COMMANDS_PER_HEARTBEAT = 10;
/** Commands listed on a screen's page, newest first. */
export const DEVICE_COMMANDS_LIMIT = 20;

/** A command as a heartbeat's answer hands it to the screen. */
export const gatewayCommand = z.object({
  /** Name it in a later heartbeat's `done_commands` once carried out. */
  id: z.number().int(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  /** When staff queued it (ISO 8601 UTC). */
  issued_at: z.string(),
});
export type GatewayCommand = z.infer<typeof gatewayCommand>;

/** POST /api/devices/{id}/commands/ (change_device). */
export const deviceCommandInput = z.object({
  kind: z.enum(DEVICE_COMMAND_KINDS, { error: 'Choose reload, clear_cache or screenshot.' }),
});
export type DeviceCommandInput = z.infer<typeof deviceCommandInput>;

/** A command with its history: queued by whom, handed to the screen, done. */
export const deviceCommand = z.object({
  id: z.number().int(),
  device: z.number().int(),
  kind: z.enum(DEVICE_COMMAND_KINDS),
  issued_by: z.number().int().nullable(),
  issued_by_name: z.string().nullable(),
  issued_at: z.string(),
  /** When a heartbeat's answer handed it to the screen (null: still queued). */
  delivered_at: z.string().nullable(),
  /** When the screen said it was done (null: not yet). */
  done_at: z.string().nullable(),
});
export type DeviceCommand = z.infer<typeof deviceCommand>;

/** GET /api/devices/{id}/commands/: the latest DEVICE_COMMANDS_LIMIT commands, newest first. */
export const deviceCommandList = z.object({ results: z.array(deviceCommand) });
export type DeviceCommandList = z.infer<typeof deviceCommandList>;

export { MAX_DONE_COMMANDS, MAX_SCREENSHOT_BYTES, SCREENSHOT_CONTENT_TYPE } from './device-paths.ts';

/** The answer to a screen's screenshot upload. */
export const screenshotResponse = z.object({
  /** When the server received it (ISO 8601 UTC). */
  taken_at: z.string(),
  /** Bytes. */
  size: z.number().int(),
});
export type ScreenshotResponse = z.infer<typeof screenshotResponse>;

export const deviceCommandTexts = {
  /** The log entry of a command queued by staff. */
  issued: (kind: DeviceCommandKind) => `Queued the command "${deviceCommandLabels[kind]}".`,
  /** The log entry when the screen acknowledged it. */
  done: (kind: DeviceCommandKind) => `The screen carried out the command "${deviceCommandLabels[kind]}".`,
  /** The confirm before clearing a screen's media cache. */
  clearCacheConfirm:
    'The screen deletes every clip it keeps and downloads them again: until then it may show nothing. Clear its cache?',
  noCommands: 'No commands have been sent to this screen.',
  screenshotTooLarge: `A screenshot may be at most ${MAX_SCREENSHOT_BYTES / 1024} KB.`,
  screenshotType: 'Send the screenshot as a JPEG picture (Content-Type: image/jpeg).',
  screenshotNotJpeg: 'This is not a JPEG picture.',
  noScreenshot: 'This screen has not sent a screenshot.',
} as const;

/** The first bytes of every JPEG file (SOI marker and the next marker's start). */
const JPEG_MAGIC = [0xff, 0xd8, 0xff] as const;
/** Whether `bytes` start like a JPEG file. */
export const isJpeg = (bytes: Uint8Array) =>
  bytes.length > JPEG_MAGIC.length && JPEG_MAGIC.every((b, i) => bytes[i] === b);
