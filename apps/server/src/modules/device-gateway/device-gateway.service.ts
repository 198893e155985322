// The device gateway's rules: who the token belongs to, heartbeats (with the commands staff queued), the
// playlist of the device's location for its next days in the zones it shows (fetching it marks today's
// campaigns Sent), screenshots, and the files a device fetches; its batches of plays are
// device-gateway.events.service.ts's.
import crypto from 'node:crypto';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { CampaignState, PLAYING_STATES, campaignTransitions } from '@marquee/contracts/campaigns';
import {
  MAX_COMMANDS_PER_HEARTBEAT,
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_CONTENT_TYPE,
  deviceCommandTexts,
  isJpeg,
  type DeviceCommandKind,
  type ScreenshotResponse,
} from '@marquee/contracts/device-commands';
import {
  DEFAULT_PLAYLIST_DAYS,
  gatewayTexts,
  type HeartbeatInput,
  type PlaylistCampaign,
  type PlaylistResponse,
} from '@marquee/contracts/device-gateway';
import { HttpError, badRequest, notFound, unauthorized } from '../../http/errors.ts';
import { dayIn } from '../../lib/days.ts';
import { newStorageKey, type ByteRange, type StoredFile } from '../../media/storage.ts';
import {
  deviceCommandsRepository as commands,
  deviceScreenshotsRepository as screenshots,
} from '../locations/device-commands.repository.ts';
import { campaignsInZones, playlistVersion, playlistsOf } from './playlists.ts';
import { gatewayRepository as repo, type GatewayDevice } from './device-gateway.repository.ts';
import { createGatewayEventsService } from './device-gateway.events.service.ts';
import { heard, logDeviceEntry, moveBy, type GatewayDeps } from './device-gateway.shared.ts';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** 401 with a `WWW-Authenticate` header, as RFC 6750 asks of bearer-token APIs. */
const refused = (detail: string) => {
  const error = unauthorized(detail);
  Object.assign(error.headers, { 'www-authenticate': 'Bearer realm="device"' });
  return error;
};

/** A file a device fetches (a clip or a picture): its size is the row's, known before the file is read,
 * so that a range can be checked against it first. */
export type GatewayFile = {
  size: number;
  contentType: string;
  /** The file, or the bytes of `range` (which must lie inside it); 404 when the storage has no file. */
  read(range?: ByteRange): Promise<StoredFile>;
};

export function createDeviceGatewayService({ db, config, storage, metrics }: GatewayDeps) {
  const gatewayFile = (row: { storage_key: string; content_type: string; size: number | string }): GatewayFile => ({
    size: Number(row.size),
    contentType: row.content_type,
    read: async (range) => {
      const file = await storage.read(row.storage_key, range);
      if (!file) throw notFound();
      return file;
    },
  });
  const today = () => dayIn(config.now(), config.timeZone);
  /** A device's batches of plays: `admit` and `events` (device-gateway.events.service.ts). */
  const batches = createGatewayEventsService({ db, config, metrics });

  return {
    /** The device of `Authorization: Bearer <token>`; 401 unless it and its location are active. */
    async authenticate(header: string | undefined): Promise<GatewayDevice> {
      const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(header ?? '');
      if (!match) throw refused(gatewayTexts.noToken);
      const device = await repo.deviceByToken(db, hashToken(match[1]!));
      if (!device) throw refused(gatewayTexts.badToken);
      if (!device.is_active) throw refused(gatewayTexts.deviceDisabled);
      if (!device.location_active) throw refused(gatewayTexts.locationDisabled);
      return device;
    },

    /** Records the status and the player's facts (faults added to its hourly counts), and the device's
     * health state; a device marked offline is online again (with an entry saying so). The commands the
     * device says it carried out are logged as done; the answer hands out the commands queued for it,
     * each once. `heldMs` tells how long the request has been held so far (from its arrival), for the
     * answer's `server_held_ms`. */
    async heartbeat(
      device: GatewayDevice,
      { status, done_commands: done = [], ...facts }: HeartbeatInput,
      heldMs: () => number,
    ) {
      const now = config.now();
      const handed = await db.transaction().execute(async (trx) => {
        await repo.setStatus(trx, device.id, status, now, facts);
        if (facts.faults?.length) await repo.addFaults(trx, device.id, now, facts.faults);
        await heard(trx, config, device, now);
        for (const command of await commands.markDone(trx, device.id, done, now)) {
          await logDeviceEntry(
            trx,
            device,
            ActionFlag.Information,
            deviceCommandTexts.done(command.kind as DeviceCommandKind),
          );
        }
        return commands.handOut(trx, device.id, now, MAX_COMMANDS_PER_HEARTBEAT);
      });
      // Stamped as the answer leaves, with the time the request was held: the device takes both into
      // its clock (see heartbeatResponse).
      return { server_time: config.now().toISOString(), server_held_ms: Math.round(heldMs()), commands: handed };
    },

    /** Keeps a JPEG of what the screen shows as the device's one screenshot (the one before is removed):
     * 415 for another content type, 400 for bytes that are not a JPEG, 413 (by the route's body limit)
     * past MAX_SCREENSHOT_BYTES. */
    async screenshot(
      device: GatewayDevice,
      { contentType, body }: { contentType: string | undefined; body: unknown },
    ): Promise<ScreenshotResponse> {
      const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (type !== SCREENSHOT_CONTENT_TYPE || !Buffer.isBuffer(body)) {
        throw new HttpError(415, { detail: deviceCommandTexts.screenshotType });
      }
      if (body.length > MAX_SCREENSHOT_BYTES)
        throw new HttpError(413, { detail: deviceCommandTexts.screenshotTooLarge });
      if (!isJpeg(body)) throw badRequest({ non_field_errors: [deviceCommandTexts.screenshotNotJpeg] });
      const now = config.now();
      const key = newStorageKey('screenshots', 'jpg');
      await storage.put(key, body, SCREENSHOT_CONTENT_TYPE);
      let replaced: string | undefined;
      try {
        replaced = await db
          .transaction()
          .execute((trx) => screenshots.replace(trx, { device: device.id, key, size: body.length, at: now }));
      } catch (err) {
        await storage.remove(key);
        throw err;
      }
      if (replaced && replaced !== key) await storage.remove(replaced);
      return { taken_at: now.toISOString(), size: body.length };
    },

    /** What the device plays today and the `days` − 1 days after it, in loop order, in the zones it
     * shows, with its version (the location's current one from now on) and the ETag of the whole
     * answer; Approved campaigns of today become Sent. */
    async playlist(device: GatewayDevice, days = DEFAULT_PLAYLIST_DAYS): Promise<PlaylistResponse & { etag: string }> {
      const date = today();
      const now = config.now();
      const located = (await playlistsOf(db, [device.location_id], date, { days, timeZone: config.timeZone })).get(
        device.location_id,
      )!;
      const { version, slate } = located;
      await repo.setPlaylistVersions(db, [device.location_id], [version], now);
      // Sent: the campaigns of today this device receives (in a zone it shows).
      const toSend = campaignsInZones(located.campaigns, device.zones)
        .filter((c) => campaignTransitions.sent.from.some((s) => s === c.state))
        .map((c) => c.id);
      if (toSend.length) {
        await db
          .transaction()
          .execute((trx) => moveBy(trx, 'sent', toSend, gatewayTexts.sentToDevice(device.serial_number)));
      }
      const sent = (campaigns: PlaylistCampaign[]) =>
        campaignsInZones(campaigns, device.zones).map((c) =>
          toSend.includes(c.id) ? { ...c, state: CampaignState.Sent } : c,
        );
      const answerDays = located.days.slice(0, days).map((d) => ({ ...d, campaigns: sent(d.campaigns) }));
      // The answer's content in full (its days, the device's zones): the version itself when it is the
      // location's (the default days, every zone shown), else the version with the answer's own hash.
      const content = playlistVersion(device.location_id, answerDays, slate);
      return {
        version,
        etag: content === version ? version : `${version}-${content}`,
        // When the answer is made, not when the request came (a device measures its clock by it).
        server_time: config.now().toISOString(),
        date,
        time_zone: config.timeZone,
        location: { id: device.location_id, sys_id: device.location_sys_id, name: device.location_name },
        zones: device.zones,
        campaigns: answerDays[0]!.campaigns,
        days: answerDays,
        slate,
      };
    },

    ...batches,

    /** A clip file of the device's campaigns. */
    async video(device: GatewayDevice, videoId: number): Promise<GatewayFile> {
      const row = await repo.videoFor(db, { location: device.location_id, videoId, states: [...PLAYING_STATES] });
      if (!row) throw notFound(gatewayTexts.notInPlaylist);
      return gatewayFile(row);
    },

    /** An overlay picture of one of the device's zones, or its location's slate. */
    async image(device: GatewayDevice, imageId: number): Promise<GatewayFile> {
      const row = await repo.overlayImage(db, { location: device.location_id, imageId });
      if (!row) throw notFound(gatewayTexts.notInPlaylist);
      return gatewayFile(row);
    },
  };
}

export type DeviceGatewayService = ReturnType<typeof createDeviceGatewayService>;
