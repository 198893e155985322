// Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2 …), for deployments where several
// server processes share the files. Same keys and behaviour as the disk storage.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type GetObjectCommandOutput,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { checkKey, contentTypeOf, type MediaStorage } from './storage.ts';

export type S3Settings = Omit<Extract<Config['storage'], { kind: 's3' }>, 'kind'>;

const isMissing = (err: unknown) => {
  const e = err as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
};

/** `bytes 0-99/1234` → 1234. */
const totalOf = (contentRange: string | undefined) => Number(contentRange?.split('/')[1] ?? NaN);

export function createS3Storage(settings: S3Settings): MediaStorage {
  const { bucket } = settings;
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Plain bodies with a Content-Length: many S3-compatible servers do not take the SDK's default
    // aws-chunked uploads with trailing checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  return {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: checkKey(key), Body: data, ContentType: contentType }),
      );
    },
    async putFile(key, filePath, contentType) {
      const { size } = await fsp.stat(filePath);
      // A stream with its length: the file is sent as it is read, never held in memory.
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: checkKey(key),
          Body: fs.createReadStream(filePath),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },
    async read(key, range) {
      let out: GetObjectCommandOutput;
      try {
        out = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: checkKey(key),
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
      const size = range ? totalOf(out.ContentRange) : Number(out.ContentLength);
      return {
        stream: out.Body as Readable,
        size: Number.isFinite(size) ? size : Number(out.ContentLength ?? 0),
        contentType: contentTypeOf(key),
      };
    },
    async remove(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: checkKey(key) }));
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
    },
  };
}
