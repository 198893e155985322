// Where uploaded files live: a small interface with a local-disk default and an S3-compatible
// backend (s3-storage.ts). Keys are generated here, never taken from a request.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import { createS3Storage } from './s3-storage.ts';

/** Bytes `start` … `end` of a file, both included (as in an HTTP Range header). */
export type ByteRange = { start: number; end: number };

/** `size` is the whole file's size, also when `stream` gives only a range of it. */
export type StoredFile = { stream: Readable; size: number; contentType: string };

export type MediaStorage = {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** Stores the file at `filePath` without holding it in memory (uploaded videos). */
  putFile(key: string, filePath: string, contentType: string): Promise<void>;
  /** The file (or the bytes of `range`, which must lie inside it), or null when there is none under
   * the key. */
  read(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
};

const KEY_PATTERN = /^[a-z0-9]+(\/[a-z0-9]+)*\.[a-z0-9]+$/;

/** Throws unless the key is one this module could have generated. */
export function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
  return key;
}

/** A new random key such as `images/3f…9a.png`. */
export const newStorageKey = (prefix: string, extension: string) =>
  `${prefix}/${crypto.randomBytes(16).toString('hex')}.${extension}`;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
};

/** The content type of a key by its extension (keys are ours, so the extension is right). */
export const contentTypeOf = (key: string) => CONTENT_TYPES[path.extname(key).slice(1)] ?? 'application/octet-stream';

/** Files under `root`; the content type follows from the key's extension. */
export function createDiskStorage(root: string): MediaStorage {
  const base = path.resolve(root);
  const fileOf = (key: string) => {
    const full = path.resolve(base, checkKey(key));
    // Keys are generated, but refuse anything that could leave the root all the same.
    if (!full.startsWith(base + path.sep)) throw new Error(`invalid storage key ${JSON.stringify(key)}`);
    return full;
  };

  /** Writes aside and renames, so a reader never sees half a file. */
  async function writeAtomically(key: string, write: (temp: string) => Promise<void>) {
    const file = fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    try {
      await write(temp);
      await fsp.rename(temp, file);
    } catch (err) {
      await fsp.rm(temp, { force: true });
      throw err;
    }
  }

  return {
    put: (key, data) => writeAtomically(key, (temp) => fsp.writeFile(temp, data, { flag: 'wx' })),
    putFile: (key, filePath) =>
      writeAtomically(key, (temp) => fsp.copyFile(filePath, temp, fs.constants.COPYFILE_EXCL)),
    async read(key, range) {
      const file = fileOf(key);
      const stat = await fsp.stat(file).catch(() => null);
      if (!stat?.isFile()) return null;
      return {
        stream: fs.createReadStream(file, range ? { start: range.start, end: range.end } : {}),
        size: stat.size,
        contentType: contentTypeOf(key),
      };
    },
    async remove(key) {
      await fsp.rm(fileOf(key), { force: true });
    },
  };
}

/** The configured storage (MEDIA_STORAGE): local disk under MEDIA_DIR by default, or a bucket. */
export function createStorage(config: Config): MediaStorage {
  if (config.storage.kind === 's3') return createS3Storage(config.storage);
  return createDiskStorage(config.media.dir);
}
