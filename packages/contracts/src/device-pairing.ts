// Pairing a screen without typing its token: the screen asks for a pairing and shows its short code;
// staff type the code on the location's Devices tab (choosing the zones it shows and its serial); the
// screen, polling its pairing with the secret only it knows, then receives its device token once.
import { z } from 'zod';
import { DEVICE_TYPES } from './locations.ts';
import { resources } from './resources.ts';

/** The letters and digits a code is made of: none that can be read as another (no 0/O, 1/I/L, 5/S,
 * 2/Z, 8/B, U/V). */
export const PAIRING_CODE_ALPHABET = '3479ACDEFGHJKMNPQRTWXY';
export const PAIRING_CODE_LENGTH = 6;
/** How long a code may be typed in, and how long after that the screen may fetch its token. */
export const PAIRING_MINUTES = 15;
/** How often a screen should ask whether it was paired. */
export const PAIRING_POLL_SECONDS = 5;

export { devicePairingEndpoints, devicePairingUrl } from './device-paths.ts';

/** Staff: pair the screen showing a code (the devices' `pair` method). */
export const devicePairEndpoint = `${resources.devices.endpoint}pair/`;

/**
 * A code of PAIRING_CODE_LENGTH characters from PAIRING_CODE_ALPHABET, drawn from random bytes without
 * bias (bytes at or above the largest multiple of the alphabet's size are skipped); null when the bytes
 * run out first (ask again with more).
 */
export function pairingCodeFrom(bytes: Uint8Array): string | null {
  const n = PAIRING_CODE_ALPHABET.length;
  const limit = 256 - (256 % n);
  let code = '';
  for (const byte of bytes) {
    if (byte >= limit) continue;
    code += PAIRING_CODE_ALPHABET[byte % n];
    if (code.length === PAIRING_CODE_LENGTH) return code;
  }
  return null;
}

/** A code as staff may type it (lower case, with spaces or a dash between the halves) in the form it
 * is stored in. */
export const normalPairingCode = (typed: string) => typed.replace(/[\s-]+/g, '').toUpperCase();

/** The answer to asking for a pairing (201). */
export const pairingCreated = z.object({
  /** The pairing's id, for `GET …/pairings/{id}/`. */
  id: z.uuid(),
  /** What the screen shows, for staff to type in. */
  code: z.string(),
  /** Only the screen knows it: send it as `Authorization: Bearer <secret>` when polling. */
  secret: z.string(),
  /** Until when the code may be typed in (ISO 8601 UTC). */
  expires_at: z.string(),
  /** How often to poll, seconds. */
  poll_seconds: z.number().int(),
});
export type PairingCreated = z.infer<typeof pairingCreated>;

/** What polling a pairing answers: still waiting for staff, or (once) the device and its token. */
export const pairingStatus = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('pending'),
    /** Until when the code may be typed in (ISO 8601 UTC). */
    expires_at: z.string(),
  }),
  z.object({
    status: z.literal('paired'),
    /** The device token for the gateway (`Authorization: Bearer <token>`): given this once. */
    token: z.string(),
    device: z.object({
      id: z.number().int(),
      serial_number: z.string(),
      /** The location's id. */
      location: z.number().int(),
      /** The zones of the location the screen shows. */
      zones: z.array(z.number().int()),
    }),
  }),
]);
export type PairingStatus = z.infer<typeof pairingStatus>;

const required = 'This field is required.';

/** Staff pairing a screen: the code it shows, and the device to make for it. */
export const devicePairInput = z.object({
  code: z.string().trim().min(1, required).max(20),
  location: z.number().int().positive(),
  serial_number: z
    .string()
    .trim()
    .min(1, required)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Letters, digits and . _ : - only.'),
  device_type: z.enum(DEVICE_TYPES, { error: 'Choose a device type.' }).default('screen'),
  /** The location's zones the screen shows. */
  zones: z.array(z.number().int().min(1).max(1000)).min(1, 'Choose at least one zone.'),
  /** Set by the simulator when it types in its own screen's code (its --remove deletes the device again). */
  is_simulated: z.boolean().optional(),
});
export type DevicePairInput = z.input<typeof devicePairInput>;

export const pairingTexts = {
  /** A code that does not exist, was used or has expired: the answer does not say which. */
  invalidCode: 'This code is wrong or has expired. Check the code the screen shows now.',
  noSecret: 'Send the pairing secret as "Authorization: Bearer <secret>".',
  /** An unknown pairing id or a wrong secret (not told apart). */
  unknown: 'Unknown pairing.',
  /** Expired unclaimed, or its token handed out already. */
  gone: 'This pairing has ended: ask for a new code.',
  requestsThrottled: (seconds: number) =>
    `Too many pairing codes were asked for from this address. Try again in ${seconds} seconds.`,
  guessesThrottled: (seconds: number) => `Too many wrong codes. Try again in ${seconds} seconds.`,
  paired: (serial: string) => `Paired with screen ${serial}.`,
} as const;
