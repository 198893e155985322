import { describe, expect, it } from 'vitest';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  devicePairInput,
  normalPairingCode,
  pairingCodeFrom,
} from './device-pairing.ts';

describe('pairingCodeFrom', () => {
  it('makes a code of the alphabet from random bytes', () => {
    const code = pairingCodeFrom(new Uint8Array([0, 1, 2, 3, 4, 5, 6]));
    expect(code).toBe(PAIRING_CODE_ALPHABET.slice(0, PAIRING_CODE_LENGTH));
    expect(pairingCodeFrom(new Uint8Array([21, 22, 43, 44, 0, 1]))).toBe(
      [21, 0, 21, 0, 0, 1].map((i) => PAIRING_CODE_ALPHABET[i]).join(''),
    );
  });

  it('skips the bytes that would favour some characters, and says when the bytes ran out', () => {
    const limit = 256 - (256 % PAIRING_CODE_ALPHABET.length);
    expect(pairingCodeFrom(new Uint8Array([limit, 255, 0, 0, 0, 0, 0, 0]))).toBe(PAIRING_CODE_ALPHABET[0]!.repeat(6));
    expect(pairingCodeFrom(new Uint8Array([0, 0, 0, 0, 0, 255]))).toBeNull();
  });

  it('has no characters that read as others', () => {
    for (const c of '0O1IL5S2Z8BUV') expect(PAIRING_CODE_ALPHABET).not.toContain(c);
    expect(new Set(PAIRING_CODE_ALPHABET).size).toBe(PAIRING_CODE_ALPHABET.length);
  });
});

describe('normalPairingCode', () => {
  it('takes the code as typed: any case, spaces or a dash', () => {
    expect(normalPairingCode(' 3a7-c9d ')).toBe('3A7C9D');
    expect(normalPairingCode('3a7 c9d')).toBe('3A7C9D');
  });
});

describe('devicePairInput', () => {
  it('needs a code, a serial and at least one zone; the type defaults to screen', () => {
    const ok = devicePairInput.parse({ code: 'ACD347', location: 1, serial_number: 'S-1', zones: [1] });
    expect(ok.device_type).toBe('screen');
    const bad = devicePairInput.safeParse({ code: '', location: 1, serial_number: 'a b', zones: [] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['code', 'serial_number', 'zones']);
  });
});
