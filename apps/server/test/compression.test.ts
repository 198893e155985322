// Compression: the build's precompressed assets (brotli, gzip) sent as the browser accepts, JSON and
// pages above the threshold compressed on the fly, small answers, media bytes and ranges left alone,
// exports still whole, and the security headers on compressed answers too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { videoclipMediaEndpoint, type VideoMedia } from '@marquee/contracts/videoclips';
import { COMPRESSION_THRESHOLD_BYTES } from '../src/http/compression.ts';
import { CSP_NONCE_PLACEHOLDER } from '../src/http/security-headers.ts';
import { makeVideo } from './helpers/advertiser-factories.ts';
import { describeBackends, testConfig } from './helpers/backends.ts';
import { asAdmin, type Client, type Response } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-compression-dist-'));
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-compression-media-'));
const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-compression-temp-'));
afterAll(() => {
  for (const dir of [webDist, mediaDir, tempDir]) fs.rmSync(dir, { recursive: true, force: true });
});

/** A hashed script with the .br and .gz the build writes beside it. */
const ASSET = '/assets/app-abc123.js';
const assetText = Array.from({ length: 200 }, (_, i) => `export const value${i} = "asset line ${i}";\n`).join('');
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, ASSET), assetText);
// Marked, so a test can tell the prebuilt files from compression on the fly.
const prebuiltBr = zlib.brotliCompressSync(`${assetText}// prebuilt br\n`);
const prebuiltGz = zlib.gzipSync(`${assetText}// prebuilt gz\n`);
fs.writeFileSync(path.join(webDist, `${ASSET}.br`), prebuiltBr);
fs.writeFileSync(path.join(webDist, `${ASSET}.gz`), prebuiltGz);
/** A stylesheet the build did not compress (as it leaves small files), above the threshold. */
const STYLES = '/assets/styles-def456.css';
const stylesText = Array.from({ length: 100 }, (_, i) => `.c${i} { color: #${i}${i}${i}; }\n`).join('');
fs.writeFileSync(path.join(webDist, STYLES), stylesText);
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
    `<script type="module" src="${ASSET}" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>` +
    `<body><div id="root"></div><noscript>${'This page needs JavaScript. '.repeat(60)}</noscript></body></html>`,
);

/** The body as the browser would read it, decoded by its content-encoding. */
function decoded(res: Response): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.rawPayload).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.rawPayload).toString('utf8');
  expect(encoding, 'content-encoding').toBeUndefined();
  return res.rawPayload.toString('utf8');
}

const varies = (res: Response) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describeBackends(
  'compression',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });
    const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url, headers });

    describe('the web app', () => {
      it.each([
        ['br', 'br', 'br'],
        ['gzip', 'gzip', 'gz'],
        ['gzip, deflate, br', 'br', 'br'],
        ['br;q=0.5, gzip', 'gzip', 'gz'],
      ])('sends the prebuilt file of a hashed asset for accept-encoding: %s', async (accept, encoding, marker) => {
        const res = await get(ASSET, { 'accept-encoding': accept });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
        expect(varies(res)).toBe(true);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decoded(res)).toBe(`${assetText}// prebuilt ${marker}\n`);
        // The guards of every response are there on a compressed one too.
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-frame-options']).toBe('DENY');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      });

      it.each([[{}], [{ 'accept-encoding': 'identity' }]])(
        'sends the asset raw without an accepted encoding (%o)',
        async (headers) => {
          const res = await get(ASSET, headers);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-encoding']).toBeUndefined();
          expect(varies(res)).toBe(true);
          expect(res.body).toBe(assetText);
          expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(assetText));
        },
      );

      it('compresses an asset the build left uncompressed on the fly', async () => {
        const res = await get(STYLES, { 'accept-encoding': 'gzip' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(res.headers['content-type']).toMatch(/^text\/css/);
        expect(decoded(res)).toBe(stylesText);
      });

      it('compresses the page and keeps its own style nonce and security headers', async () => {
        const res = await get('/campaigns/', { 'accept-encoding': 'br' });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBe('br');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['x-frame-options']).toBe('DENY');
        const nonce = /'nonce-([\w+/=]+)'/.exec(String(res.headers['content-security-policy']))?.[1];
        expect(nonce).toBeDefined();
        const page = decoded(res);
        expect(page).not.toContain(CSP_NONCE_PLACEHOLDER);
        expect(page).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
      });
    });

    describe('the API', () => {
      it('compresses a JSON answer above the threshold, with the headers of the API', async () => {
        const url = `${resources.permissions.endpoint}?page_size=0`;
        const raw = await admin.get(url);
        expect(raw.statusCode).toBe(200);
        expect(raw.headers['content-encoding']).toBeUndefined();
        expect(raw.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);

        for (const encoding of ['br', 'gzip']) {
          const res = await admin.get(url, { headers: { 'accept-encoding': encoding } });
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-encoding']).toBe(encoding);
          expect(varies(res)).toBe(true);
          expect(res.headers['content-type']).toMatch(/^application\/json/);
          expect(res.rawPayload.length).toBeLessThan(raw.rawPayload.length / 2);
          expect(JSON.parse(decoded(res))).toEqual(raw.json());
          expect(res.headers['cache-control']).toBe('no-store');
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          expect(res.headers['x-imm-version']).toBe(ctx.config.version);
          expect(res.headers['x-expire-at']).toBeDefined();
        }
      });

      it('leaves small answers alone', async () => {
        for (const res of [
          await get(resources.users.endpoint, { 'accept-encoding': 'br, gzip' }),
          await admin.get(`${resources.roles.endpoint}999999999/`, { headers: { 'accept-encoding': 'br, gzip' } }),
        ]) {
          expect(res.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
          expect(res.headers['content-encoding']).toBeUndefined();
          expect(res.json()).toEqual({ detail: expect.any(String) });
        }
        const info = await admin.get(userInfoEndpoint, { headers: { 'accept-encoding': 'br' } });
        expect(info.statusCode).toBe(200);
        expect(JSON.parse(decoded(info))).toMatchObject({ username: 'admin' });
      });

      it('streams a compressed CSV export that decodes to the same file', async () => {
        const url = `${resources.eventStatistics.endpoint}?format=csv&filename=report.csv`;
        const raw = await admin.get(url);
        expect(raw.statusCode, raw.body).toBe(200);
        const res = await admin.get(url, { headers: { 'accept-encoding': 'gzip' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/csv/);
        expect(res.headers['content-disposition']).toBe(raw.headers['content-disposition']);
        expect(res.headers['content-encoding']).toBe('gzip');
        expect(decoded(res)).toBe(raw.body);
      });
    });

    describe('media bytes', () => {
      let webm: Buffer;
      let video: VideoMedia;
      beforeAll(async () => {
        webm = await makeVideo('webm');
        const { body, headers } = multipart([
          { name: 'video_file', filename: 'clip.webm', type: 'video/webm', data: webm },
        ]);
        const uploaded = await admin.post(videoclipMediaEndpoint, body, { headers });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        video = uploaded.json() as VideoMedia;
      });

      it('sends a video whole and uncompressed, with its length', async () => {
        const res = await admin.get(video.video_file, { headers: { 'accept-encoding': 'br, gzip' } });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(Number(res.headers['content-length'])).toBe(webm.length);
        expect(res.rawPayload.equals(webm)).toBe(true);
      });

      it('answers a range request with 206 and the exact bytes, uncompressed', async () => {
        const res = await admin.get(video.video_file, {
          headers: { 'accept-encoding': 'br, gzip', range: 'bytes=100-1099' },
        });
        expect(res.statusCode).toBe(206);
        expect(res.headers['content-encoding']).toBeUndefined();
        expect(res.headers['content-range']).toBe(`bytes 100-1099/${webm.length}`);
        expect(Number(res.headers['content-length'])).toBe(1000);
        expect(res.rawPayload.equals(webm.subarray(100, 1100))).toBe(true);
      });
    });
  },
  {
    config: {
      webDist,
      media: { ...testConfig().media, dir: mediaDir },
      video: { ...testConfig().video, tempDir },
    },
  },
);
