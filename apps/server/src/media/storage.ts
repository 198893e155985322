// Where uploaded files live: a small interface (so an S3-compatible backend can follow) and the
// local-disk default. Keys are generated here, never taken from a request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';

export type StoredFile = { stream: Readable; size: number; contentType: string };

export type MediaStorage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The file, or null when there is none under the key. */
  read(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9]+(\/[a-z0-9]+)*\.[a-z0-9]+$/;

/** A new random key such as `images/3f…9a.png`. */
export const newStorageKey = (prefix: string, extension: string) =>
  `${prefix}/${crypto.randomBytes(16).toString('hex')}.${extension}`;

const CONTENT_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg' };

/** Files under `root`; the content type follows from the key's extension (keys are ours). */
export function createDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    // Keys are generated, but refuse anything that could leave the root all the same.
    if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return full;
  };

  return {
    async put(key, data) {
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      // Write aside and rename, so a reader never sees half a file.
      const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      try {
        await fsp.writeFile(temp, data, { flag: 'wx' });
        await fsp.rename(temp, file);
      } catch (err) {
        await fsp.rm(temp, { force: true });
        throw err;
      }
    },
    async read(key) {
      const file = fileOf(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      const extension = path.extname(file).slice(1);
      return {
        stream: fs.createReadStream(file),
        size: stat.size,
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      };
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}

/** The configured storage (MEDIA_STORAGE): local disk under MEDIA_DIR by default. */
export function createStorage(config: Config): MediaStorage {
  if (config.storage.kind === 's3') throw new Error('MEDIA_STORAGE=s3 is not built yet');
  return createDiskStorage(config.media.dir);
}
