// The player's clips and pictures: each file downloaded whole with the device token, checked against
// its SHA-256 before use, and kept in Cache Storage under a URL of its checksum
// (`/player/media/<sha256>`), which the service worker (sw.ts) answers for the <video> element, ranges
// included. Files no longer in the playlist are deleted; a file whose bytes do not match is never kept.

/** The cache the player's files live in (the service worker reads it). */
export const MEDIA_CACHE = 'marquee-media-v1';
/** Where the page asks for a file by its checksum; the service worker answers from the cache. */
export const MEDIA_PREFIX = '/player/media/';

export const mediaUrl = (checksum: string) => `${MEDIA_PREFIX}${checksum}`;

/**
 * A file of the playlist: where the gateway serves it, the key it is kept under (a clip's SHA-256; a
 * picture's `image-<id>-<size>`, as the playlist gives pictures no checksum), and what it is checked
 * against before use: the checksum when there is one, else the size.
 */
export type MediaFile = {
  url: string;
  key: string;
  checksum: string | null;
  size: number | null;
  contentType: string | null;
};

/** The key a picture of the playlist (an overlay, the slate) is kept under. */
export const imageKey = (url: string, size: number) => `image-${/(\d+)\/?$/.exec(url)?.[1] ?? '0'}-${size}`;

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

/** Why a file is not in hand. */
export type MediaFailure = 'download_failed' | 'checksum_mismatch';

export type SyncResult = {
  /** The keys of the files in hand, checked. */
  ready: Set<string>;
  failed: { key: string; why: MediaFailure }[];
  removed: number;
  /** Files that were in hand and are gone from the cache (the browser evicted them). */
  evicted: number;
};

/** The bytes received so far of downloads that were cut, by key: the next try asks for the rest. */
const partial = new Map<string, Uint8Array[]>();
/** The keys stored by this page, to tell a file the browser evicted from one never downloaded. */
const stored = new Set<string>();

const joined = (parts: readonly Uint8Array[]) => {
  const bytes = new Uint8Array(new ArrayBuffer(parts.reduce((n, p) => n + p.byteLength, 0)));
  let at = 0;
  for (const part of parts) {
    bytes.set(part, at);
    at += part.byteLength;
  }
  return bytes;
};

/** Downloads a file whole, going on from the bytes a cut download left (a range request). */
async function download(
  token: string,
  file: MediaFile,
): Promise<{ bytes: Uint8Array<ArrayBuffer>; type: string | null }> {
  const parts = partial.get(file.key) ?? [];
  partial.set(file.key, parts);
  const have = parts.reduce((n, p) => n + p.byteLength, 0);
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (have) headers.range = `bytes=${have}-`;
  const res = await fetch(file.url, { headers, cache: 'no-store' });
  if (res.status === 401) throw new MediaTokenRefused();
  if (res.status === 416 || (have && res.status === 200)) parts.length = 0; // start over
  if (res.status === 416) throw new Error('The server has no more bytes of the file.');
  if (!res.ok) throw new Error(`The server answered ${res.status}.`);
  const reader = res.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  partial.delete(file.key);
  return { bytes: joined(parts), type: res.headers.get('content-type') };
}

/** Whether downloaded bytes are the playlist's file. */
async function matches(file: MediaFile, bytes: Uint8Array<ArrayBuffer>): Promise<boolean> {
  if (file.checksum) return (await sha256Hex(bytes.buffer)) === file.checksum.toLowerCase();
  return file.size === null || bytes.byteLength === file.size;
}

/**
 * Makes the cache hold exactly `files` (by key): downloads those missing, in the order given (the
 * next ones to play first), keeps each only if it matches the playlist (its SHA-256, else its size),
 * and deletes the rest. Gives the keys in hand and those that failed (tried again on the next sync,
 * a cut download from where it stopped).
 */
export async function syncMedia(token: string, files: MediaFile[]): Promise<SyncResult> {
  const cache = await caches.open(MEDIA_CACHE);
  const wanted = new Map(files.map((f) => [mediaUrl(f.key), f]));
  let removed = 0;
  for (const request of await cache.keys()) {
    if (!wanted.has(new URL(request.url).pathname) && (await cache.delete(request))) removed++;
  }
  const failed: SyncResult['failed'] = [];
  const ready = new Set<string>();
  let evicted = 0;
  for (const [url, file] of wanted) {
    if (await cache.match(url)) {
      ready.add(file.key);
      stored.add(file.key);
      continue;
    }
    if (stored.delete(file.key)) evicted++;
    try {
      const { bytes, type } = await download(token, file);
      if (!(await matches(file, bytes))) {
        failed.push({ key: file.key, why: 'checksum_mismatch' });
        continue;
      }
      const contentType = file.contentType ?? type ?? 'application/octet-stream';
      await cache.put(
        url,
        new Response(bytes, { headers: { 'content-type': contentType, 'content-length': String(bytes.byteLength) } }),
      );
      ready.add(file.key);
      stored.add(file.key);
    } catch (err) {
      if (err instanceof MediaTokenRefused) throw err;
      failed.push({ key: file.key, why: 'download_failed' });
    }
  }
  for (const key of stored) if (!wanted.has(mediaUrl(key))) stored.delete(key);
  return { ready, failed, removed, evicted };
}
