import { describe, expect, it } from 'vitest';
import { answerFromCache, rangeOf, sha256Hex } from './media.ts';
import { mediaOf, playlistPollMs } from './playlist.ts';

describe('rangeOf', () => {
  it('reads the one byte range a video element asks for', () => {
    expect(rangeOf('bytes=0-', 1000)).toEqual([0, 999]);
    expect(rangeOf('bytes=100-199', 1000)).toEqual([100, 199]);
    expect(rangeOf('bytes=900-5000', 1000)).toEqual([900, 999]);
    expect(rangeOf('bytes=-100', 1000)).toEqual([900, 999]);
    expect(rangeOf('bytes=-5000', 1000)).toEqual([0, 999]);
  });

  it('sends the whole file for no range or one it does not understand, 416 for one past the end', () => {
    expect(rangeOf(null, 1000)).toBeNull();
    expect(rangeOf('bytes=0-1,5-6', 1000)).toBeNull();
    expect(rangeOf('items=0-1', 1000)).toBeNull();
    expect(rangeOf('bytes=-', 1000)).toBeNull();
    expect(rangeOf('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(rangeOf('bytes=5-4', 1000)).toBe('unsatisfiable');
    expect(rangeOf('bytes=-0', 1000)).toBe('unsatisfiable');
  });
});

describe('answerFromCache', () => {
  const cached = () =>
    new Response(new Uint8Array(Array.from({ length: 256 }, (_, i) => i)), {
      headers: { 'content-type': 'video/mp4' },
    });

  it('answers a range with 206 and its bytes', async () => {
    const res = await answerFromCache(cached(), 'bytes=10-19');
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe('bytes 10-19/256');
    expect(res.headers.get('content-length')).toBe('10');
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('answers the whole file without a range, and 416 past its end', async () => {
    const whole = await answerFromCache(cached(), null);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole.arrayBuffer()).byteLength).toBe(256);
    const past = await answerFromCache(cached(), 'bytes=300-');
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */256');
  });
});

describe('sha256Hex', () => {
  it('gives the hex digest the playlist compares with', async () => {
    expect(await sha256Hex(new TextEncoder().encode('abc').buffer as ArrayBuffer)).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});

describe('mediaOf', () => {
  const clip = (checksum: string, overlays: { url: string; size: number }[] = []) => ({
    clip: { url: `/v/${checksum}/`, checksum, size: 10, content_type: 'video/mp4' },
    overlays,
  });
  it('lists each clip of the days once, in the order they come, then the pictures', () => {
    const overlay = { url: '/api/device/v1/images/7/', size: 99 };
    const days = [{ campaigns: [clip('b', [overlay]), clip('a')] }, { campaigns: [clip('A', [overlay]), clip('c')] }];
    const slate = { url: '/api/device/v1/images/8/', size: 5 };
    expect(mediaOf({ days, slate } as never).map((f) => f.key)).toEqual(['b', 'a', 'c', 'image-7-99', 'image-8-5']);
    expect(mediaOf({ days, slate: null } as never).at(-1)).toEqual({
      url: overlay.url,
      key: 'image-7-99',
      checksum: null,
      size: 99,
      contentType: null,
    });
  });
});

describe('playlistPollMs', () => {
  it('is a minute, give or take a tenth', () => {
    expect(playlistPollMs(0)).toBe(54_000);
    expect(playlistPollMs(0.5)).toBe(60_000);
    expect(playlistPollMs(1)).toBe(66_000);
  });
});
