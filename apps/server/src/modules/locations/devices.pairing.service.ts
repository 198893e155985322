// Pairing screens: a screen asks for a code (anonymous, throttled per address), staff holding
// add_device for the location type it in (wrong codes throttled per user and address) and a device
// is made for it, and the screen, polling with its secret, receives the device token once. The token
// is made when the screen fetches it, so it is never stored but as its hash.
import crypto from 'node:crypto';
import {
  PAIRING_MINUTES,
  PAIRING_POLL_SECONDS,
  normalPairingCode,
  pairingCodeFrom,
  pairingTexts,
  type PairingCreated,
  type PairingStatus,
} from '@marquee/contracts/device-pairing';
import type { DevicePairInput } from '@marquee/contracts/device-pairing';
import type { Auth } from '../../access/access.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import { HttpError, badRequest, notFound, unauthorized } from '../../http/errors.ts';
import { createThrottle } from '../auth/throttle.ts';
import { devicePairingsRepository as repo } from './device-pairings.repository.ts';
import { hashDeviceToken, newDeviceToken, zonesProblem, type DevicesService } from './devices.service.ts';

export type DevicePairingDeps = {
  db: Database;
  config: Pick<Config, 'now' | 'pairingThrottle' | 'pairingClaimThrottle'>;
  devices: DevicesService;
};

const PAIRING_MS = PAIRING_MINUTES * 60_000;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');

/** A new code: random bytes until the alphabet's unbiased ones make a whole code. */
function newCode(): string {
  for (;;) {
    const code = pairingCodeFrom(crypto.randomBytes(16));
    if (code) return code;
  }
}

export function createDevicePairingService({ db, config, devices }: DevicePairingDeps) {
  const requests = createThrottle(db, config.pairingThrottle, {
    prefix: 'pairing:',
    message: pairingTexts.requestsThrottled,
  });
  const guesses = createThrottle(db, config.pairingClaimThrottle, {
    prefix: 'pairing-code:',
    message: pairingTexts.guessesThrottled,
  });
  const gone = () => new HttpError(410, { detail: pairingTexts.gone });

  return {
    /** A pending pairing for a screen at `address`: its code, id and secret, valid PAIRING_MINUTES. */
    async request(address: string): Promise<PairingCreated> {
      const keys = { account: address, address };
      await requests.check(keys);
      await requests.fail(keys);
      const now = config.now();
      await repo.prune(db, now);
      const secret = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + PAIRING_MS);
      const id = crypto.randomUUID();
      // A code shown by another pending pairing is drawn again (one in millions while few are pending).
      for (let attempt = 0; attempt < 10; attempt++) {
        const code = newCode();
        if (await repo.create(db, { id, code, secret_hash: sha256(secret), address, expires_at: expiresAt })) {
          return {
            id,
            code,
            secret,
            expires_at: expiresAt.toISOString(),
            poll_seconds: PAIRING_POLL_SECONDS,
          };
        }
      }
      throw new Error('No free pairing code');
    },

    /** What the screen polling pairing `id` with `Authorization: Bearer <secret>` learns: pending, or
     * (once) its device and token; 404 for an unknown id or a wrong secret, 410 once it has ended. */
    async poll(id: string, authorization: string | undefined): Promise<PairingStatus> {
      const match = /^Bearer\s+(\S{1,200})\s*$/i.exec(authorization ?? '');
      if (!match) throw unauthorized(pairingTexts.noSecret);
      const row = await repo.get(db, id);
      const given = Buffer.from(sha256(match[1]!));
      if (!row || !crypto.timingSafeEqual(given, Buffer.from(row.secret_hash))) throw notFound(pairingTexts.unknown);
      const now = config.now();
      const expired = new Date(row.expires_at).getTime() <= now.getTime();
      if (row.device_id === null) {
        if (expired) throw gone();
        return { status: 'pending', expires_at: new Date(row.expires_at).toISOString() };
      }
      if (row.token_issued_at !== null || expired) throw gone();
      const token = newDeviceToken();
      const issued = await db.transaction().execute(async (trx) => {
        if (!(await repo.issue(trx, id, now))) return false;
        await repo.setToken(trx, row.device_id!, hashDeviceToken(token));
        return true;
      });
      if (!issued) throw gone();
      return {
        status: 'paired',
        token,
        device: {
          id: row.device_id,
          serial_number: row.serial_number!,
          location: row.location_id!,
          zones: (row.zones ?? []).map(Number),
        },
      };
    },

    /** Staff pairing the screen that shows `code`: a device on the location with the zones and serial
     * chosen (logged as any registration). A code that is wrong, used or expired is refused with one
     * text, and counts towards the user's (and the address's) throttle. */
    async pair(
      auth: Auth,
      input: DevicePairInput & { device_type: NonNullable<DevicePairInput['device_type']> },
      address: string,
    ) {
      await devices.requireRegistering(auth, input.location);
      const keys = { account: `user:${auth.user.id}`, address };
      await guesses.check(keys);
      const zones = [...new Set(input.zones)].sort((a, b) => a - b);
      const problem = await zonesProblem(db, input.location, zones);
      if (problem) throw badRequest({ zones: [problem] });
      const now = config.now();
      const pairing = await repo.reserve(db, { code: normalPairingCode(input.code), user: auth.user.id, now });
      if (!pairing) {
        await guesses.fail(keys);
        throw badRequest({ code: [pairingTexts.invalidCode] });
      }
      try {
        const device = await devices.registerPaired(auth, {
          location: input.location,
          serial_number: input.serial_number,
          device_type: input.device_type,
          zones,
          is_simulated: input.is_simulated,
        });
        await repo.attach(db, { id: pairing, device: device.id, until: new Date(now.getTime() + PAIRING_MS) });
        return device;
      } catch (err) {
        await repo.release(db, pairing);
        throw err;
      }
    },
  };
}

export type DevicePairingService = ReturnType<typeof createDevicePairingService>;
