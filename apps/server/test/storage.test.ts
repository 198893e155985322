// Media storage backends: local disk and S3-compatible (against an in-process fake S3 server, no
// network): put, streaming put from a file, whole and ranged reads, removal; and the app storing
// uploaded videos and images in a bucket.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources } from '@marquee/contracts/resources';
import { videoclipMediaEndpoint, type VideoMedia } from '@marquee/contracts/videoclips';
import type { Image } from '@marquee/contracts/images';
import type { Config } from '../src/config.ts';
import { createS3Storage } from '../src/media/s3-storage.ts';
import { createDiskStorage, createStorage, newStorageKey, type MediaStorage } from '../src/media/storage.ts';
import { createAdvertiser, makeVideo } from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

type StoredObject = { body: Buffer; contentType: string };

/** Just enough of S3 (path-style): PUT, GET with one Range, HEAD and DELETE of objects in one bucket. */
async function startFakeS3(bucket: string) {
  const objects = new Map<string, StoredObject>();
  const requests: { method: string; key: string; range?: string; signed: boolean }[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const [, bucketName, ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    requests.push({
      method: req.method ?? '',
      key,
      range: req.headers.range,
      signed: /^AWS4-HMAC-SHA256 Credential=test-key\//.test(req.headers.authorization ?? ''),
    });
    const fail = (status: number, code: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`);
    };
    if (bucketName !== bucket) return fail(404, 'NoSuchBucket');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const object = objects.get(key);
      if (req.method === 'PUT') {
        const body = Buffer.concat(chunks);
        objects.set(key, { body, contentType: req.headers['content-type'] ?? 'application/octet-stream' });
        res.writeHead(200, { etag: `"${crypto.createHash('md5').update(body).digest('hex')}"` });
        return res.end();
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      }
      if (!object) {
        if (req.method === 'HEAD') {
          res.writeHead(404);
          return res.end();
        }
        return fail(404, 'NoSuchKey');
      }
      const size = object.body.length;
      const match = /^bytes=(\d+)-(\d*)$/.exec(req.headers.range ?? '');
      if (match) {
        const start = Number(match[1]);
        const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
        if (start >= size) return fail(416, 'InvalidRange');
        res.writeHead(206, {
          'content-type': object.contentType,
          'content-length': end - start + 1,
          'content-range': `bytes ${start}-${end}/${size}`,
        });
        return res.end(req.method === 'HEAD' ? undefined : object.body.subarray(start, end + 1));
      }
      res.writeHead(200, { 'content-type': object.contentType, 'content-length': size });
      res.end(req.method === 'HEAD' ? undefined : object.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

const data = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 31 + 7) % 256));

/** The same behaviour from every backend. */
function storageContract(name: string, make: () => MediaStorage, tempDir: () => string) {
  describe(name, () => {
    it('puts and reads a file whole and in ranges', async () => {
      const storage = make();
      const key = newStorageKey('images', 'png');
      await storage.put(key, data, 'image/png');
      const whole = (await storage.read(key))!;
      expect(whole.size).toBe(data.length);
      expect(whole.contentType).toBe('image/png');
      expect((await readAll(whole.stream)).equals(data)).toBe(true);
      const part = (await storage.read(key, { start: 100, end: 1099 }))!;
      expect(part.size).toBe(data.length);
      expect((await readAll(part.stream)).equals(data.subarray(100, 1100))).toBe(true);
      const last = (await storage.read(key, { start: 4999, end: 4999 }))!;
      expect((await readAll(last.stream)).equals(data.subarray(4999))).toBe(true);
    });

    it('stores a file from disk by streaming it', async () => {
      const storage = make();
      const file = path.join(tempDir(), `${crypto.randomBytes(4).toString('hex')}.bin`);
      const big = crypto.randomBytes(3 * 1024 * 1024 + 17);
      fs.writeFileSync(file, big);
      const key = newStorageKey('videos', 'mp4');
      await storage.putFile(key, file, 'video/mp4');
      const stored = (await storage.read(key))!;
      expect(stored.size).toBe(big.length);
      expect(stored.contentType).toBe('video/mp4');
      expect((await readAll(stored.stream)).equals(big)).toBe(true);
      expect(fs.existsSync(file)).toBe(true); // the source stays: the caller owns it
    });

    it('answers null for a missing key; removing twice is fine; refuses keys it did not make', async () => {
      const storage = make();
      const key = newStorageKey('images', 'jpg');
      expect(await storage.read(key)).toBeNull();
      await storage.put(key, data, 'image/jpeg');
      await storage.remove(key);
      await storage.remove(key);
      expect(await storage.read(key)).toBeNull();
      await expect(storage.put('../escape.png', data, 'image/png')).rejects.toThrow(/invalid storage key/);
      await expect(storage.read('images/../../x.png')).rejects.toThrow(/invalid storage key/);
    });
  });
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-storage-'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-storage-scratch-'));
const bucket = 'marquee-test';
const s3Settings = (endpoint: string) => ({
  endpoint,
  region: 'us-east-1',
  bucket,
  accessKeyId: 'test-key',
  secretAccessKey: 'test-secret',
  forcePathStyle: true,
});
let fake: Awaited<ReturnType<typeof startFakeS3>>;
beforeAll(async () => {
  fake = await startFakeS3(bucket);
});
afterAll(async () => {
  await fake.close();
  fs.rmSync(root, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

storageContract(
  'disk storage',
  () => createDiskStorage(root),
  () => scratch,
);
storageContract(
  'S3 storage',
  () => createS3Storage(s3Settings(fake.endpoint)),
  () => scratch,
);

describe('S3 storage requests', () => {
  it('signs requests, asks the server for ranges and is chosen by MEDIA_STORAGE=s3', async () => {
    const storage = createStorage(testConfig({ storage: { kind: 's3', ...s3Settings(fake.endpoint) } }));
    const key = newStorageKey('videos', 'webm');
    await storage.put(key, data, 'video/webm');
    expect(fake.objects.get(key)?.contentType).toBe('video/webm');
    await storage.read(key, { start: 10, end: 19 });
    const seen = fake.requests.filter((r) => r.key === key);
    expect(seen.map((r) => [r.method, r.range, r.signed])).toEqual([
      ['PUT', undefined, true],
      ['GET', 'bytes=10-19', true],
    ]);
  });
});

describeBackends('media in an S3 bucket', (ctx) => {
  it('stores uploaded videos and images in the bucket and serves them from there', async () => {
    const tempDir = fs.mkdtempSync(path.join(scratch, 'temp-'));
    const s3: Config['storage'] = { kind: 's3', ...s3Settings(fake.endpoint) };
    const app = await ctx.buildApp({ storage: s3, video: { ...testConfig().video, tempDir } });
    const admin = await asAdmin(app);
    const webm = await makeVideo('webm', 1);
    const { body, headers } = multipart([{ name: 'video_file', filename: 'a.webm', type: 'video/webm', data: webm }]);
    const res = await admin.post(videoclipMediaEndpoint, body, { headers });
    expect(res.statusCode, res.body).toBe(201);
    const video = res.json() as VideoMedia;
    const stored = [...fake.objects.entries()].filter(([key]) => key.startsWith('videos/'));
    expect(stored.some(([, o]) => o.body.equals(webm) && o.contentType === 'video/webm')).toBe(true);
    const range = await admin.get(video.video_file, { headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(webm.subarray(0, 100))).toBe(true);
    expect((await admin.get(video.video_thumb.preview)).headers['content-type']).toBe('image/jpeg');
    expect(fs.readdirSync(tempDir)).toEqual([]);

    const advertiser = await createAdvertiser(ctx.db);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'blue' } })
      .png()
      .toBuffer();
    const image = multipart([{ name: 'image', filename: 'a.png', type: 'image/png', data: png }]);
    const uploaded = await admin.post(`${resources.advertisers.endpoint}${advertiser.id}/images/`, image.body, {
      headers: image.headers,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const served = await admin.get((uploaded.json() as Image).url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
  });
});
