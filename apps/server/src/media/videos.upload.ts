// Receives the multipart field `video_file` into a file, hashing it on the way: a video of hundreds
// of megabytes never sits in memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { messages } from '@marquee/contracts/texts';
import { VIDEO_FILE_FIELD } from '@marquee/contracts/videoclips';
import { fieldError } from '../http/errors.ts';
import { uploadErrors } from '../http/input-guard.ts';

export type ReceivedVideo = { path: string; fileName: string; size: number; checksum: string };

export const videoRequired = () => fieldError(VIDEO_FILE_FIELD, messages.videoRequired);
export const videoTooBig = () => fieldError(VIDEO_FILE_FIELD, messages.videoTooBig);

/** Writes the upload to `target`; 400 when there is no file, an empty one, or one above `maxBytes`
 * (the partial file is removed). */
export async function receiveVideo(req: FastifyRequest, target: string, maxBytes: number): Promise<ReceivedVideo> {
  if (!req.isMultipart()) throw videoRequired();
  const { RequestFileTooLargeError } = req.server.multipartErrors;
  let part;
  try {
    // The app-wide limit is the image size; a video has its own.
    part = await req.file({ limits: { fileSize: maxBytes } });
  } catch (err) {
    if (err instanceof RequestFileTooLargeError) throw videoTooBig();
    throw videoRequired();
  }
  if (!part || part.fieldname !== VIDEO_FILE_FIELD) {
    part?.file.resume();
    throw videoRequired();
  }
  const refused = uploadErrors(part);
  if (refused) {
    part.file.resume();
    throw refused;
  }
  const hash = crypto.createHash('sha256');
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  try {
    await pipeline(part.file, counter, fs.createWriteStream(target, { flags: 'wx' }));
    if (part.file.truncated) throw videoTooBig();
    if (size === 0) throw videoRequired();
  } catch (err) {
    await fsp.rm(target, { force: true });
    if (err instanceof RequestFileTooLargeError) throw videoTooBig();
    throw err;
  }
  return { path: target, fileName: part.filename || 'video', size, checksum: hash.digest('hex') };
}
