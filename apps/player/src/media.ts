// The player's clips and pictures: each file downloaded whole with the device token, checked against
// its SHA-256 before use, and kept in Cache Storage under a URL of its checksum
// (`/player/media/<sha256>`), which the service worker (sw.ts) answers for the <video> element, ranges
// included. Files no longer in the playlist are deleted; a file whose bytes do not match is never kept.

/** The cache the player's files live in (the service worker reads it). */
export const MEDIA_CACHE = 'marquee-media-v1';
/** Where the page asks for a file by its checksum; the service worker answers from the cache. */
export const MEDIA_PREFIX = '/player/media/';

export const mediaUrl = (checksum: string) => `${MEDIA_PREFIX}${checksum}`;

/** A file of the playlist: where the gateway serves it, and its checksum when the playlist gives one. */
export type MediaFile = { url: string; checksum: string | null; contentType: string };

/** The SHA-256 of bytes, as lower-case hex. */
export async function sha256Hex(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The byte range a `Range` header asks of a file of `size` bytes: `[start, end]` (end included), null
 * for no range or one not understood (the whole file is sent), or 'unsatisfiable' (416). One range of
 * bytes only, as a <video> element asks: `bytes=0-`, `bytes=100-199`, `bytes=-500`.
 */
export function rangeOf(header: string | null, size: number): [number, number] | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return [Math.max(0, size - suffix), size - 1];
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return [start, end];
}

/** The answer to a request for a cached file: the whole of it, or the range asked. */
export async function answerFromCache(cached: Response, rangeHeader: string | null): Promise<Response> {
  const blob = await cached.blob();
  const type = cached.headers.get('content-type') ?? 'application/octet-stream';
  const range = rangeOf(rangeHeader, blob.size);
  const common = { 'content-type': type, 'accept-ranges': 'bytes', 'cache-control': 'no-store' };
  if (range === 'unsatisfiable')
    return new Response(null, { status: 416, headers: { ...common, 'content-range': `bytes */${blob.size}` } });
  if (range === null)
    return new Response(blob, { status: 200, headers: { ...common, 'content-length': String(blob.size) } });
  const [start, end] = range;
  return new Response(blob.slice(start, end + 1), {
    status: 206,
    headers: {
      ...common,
      'content-length': String(end - start + 1),
      'content-range': `bytes ${start}-${end}/${blob.size}`,
    },
  });
}

/** The device token was refused while downloading. */
export class MediaTokenRefused extends Error {}

export type SyncResult = { ready: number; failed: string[]; removed: number };

/**
 * Makes the cache hold exactly `files` (by checksum): downloads those missing, in the order given (the
 * next ones to play first), keeps each only if its SHA-256 is the playlist's, and deletes the rest.
 * Gives how many are ready and the checksums that failed (a network error or a mismatch: tried again
 * on the next sync).
 */
export async function syncMedia(token: string, files: MediaFile[]): Promise<SyncResult> {
  const cache = await caches.open(MEDIA_CACHE);
  const wanted = new Map(files.filter((f) => f.checksum).map((f) => [mediaUrl(f.checksum!), f]));
  let removed = 0;
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname) && (await cache.delete(request))) removed++;
  }
  const failed: string[] = [];
  let ready = 0;
  for (const [key, file] of wanted) {
    if (await cache.match(key)) {
      ready++;
      continue;
    }
    try {
      const res = await fetch(file.url, { headers: { authorization: `Bearer ${token}` } });
      if (res.status === 401) throw new MediaTokenRefused();
      if (!res.ok) throw new Error(`The server answered ${res.status}.`);
      const bytes = await res.arrayBuffer();
      if ((await sha256Hex(bytes)) !== file.checksum) throw new Error('checksum mismatch');
      await cache.put(
        key,
        new Response(bytes, {
          headers: { 'content-type': file.contentType, 'content-length': String(bytes.byteLength) },
        }),
      );
      ready++;
    } catch (err) {
      if (err instanceof MediaTokenRefused) throw err;
      failed.push(file.checksum!);
    }
  }
  return { ready, failed, removed };
}
