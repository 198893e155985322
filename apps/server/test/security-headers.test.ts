// Security and caching headers on every kind of response: the SPA page (with its style nonce), a
// hashed asset, API answers (signed in, 401, 404, errors of the device gateway), the API docs, media
// bytes, and HSTS only behind HTTPS.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Image } from '@marquee/contracts/images';
import { docsEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { CSP_NONCE_PLACEHOLDER } from '../src/http/security-headers.ts';
import { describeBackends } from './helpers/backends.ts';
import { asAdmin, type Client, type Response } from './helpers/factories.ts';
import { multipart } from './helpers/multipart.ts';

const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-headers-dist-'));
const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-headers-media-'));
const ASSET = '/assets/x-abc123.js';
fs.mkdirSync(path.join(webDist, 'assets'));
fs.writeFileSync(path.join(webDist, ASSET), 'console.log("asset");\n');
// As Vite writes it with html.cspNonce: a meta tag and nonce attributes holding the placeholder.
fs.writeFileSync(
  path.join(webDist, 'index.html'),
  `<!doctype html><html><head><meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">` +
    `<script type="module" src="${ASSET}" nonce="${CSP_NONCE_PLACEHOLDER}"></script></head>` +
    '<body><div id="root"></div></body></html>',
);
afterAll(() => {
  fs.rmSync(webDist, { recursive: true, force: true });
  fs.rmSync(mediaDir, { recursive: true, force: true });
});

/** The CSP as a map of directive → sources. */
function csp(res: Response): Map<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(typeof header, 'content-security-policy').toBe('string');
  const directives = new Map<string, string[]>();
  for (const part of (header as string).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name, sources);
  }
  return directives;
}

/** The headers every response carries, whatever it is. */
function expectGuards(res: Response) {
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('same-origin');
  expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  const permissions = String(res.headers['permissions-policy']);
  for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
    expect(permissions).toContain(`${feature}=()`);
  expect(res.headers['strict-transport-security']).toBeUndefined();
  const policy = csp(res);
  expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  expect(policy.get('default-src')).toEqual(["'self'"]);
  expect(policy.get('object-src')).toEqual(["'none'"]);
  expect(policy.get('base-uri')).toEqual(["'self'"]);
  expect(policy.get('form-action')).toEqual(["'self'"]);
}

/** The app's own policy: scripts only from the origin, styles from it or with this response's nonce. */
function expectAppPolicy(res: Response): string {
  const policy = csp(res);
  expect(policy.get('script-src')).toEqual(["'self'"]);
  expect(policy.get('script-src-attr')).toEqual(["'none'"]);
  expect(policy.get('img-src')).toEqual(["'self'", 'data:']);
  expect(policy.has('upgrade-insecure-requests')).toBe(false);
  const style = policy.get('style-src') ?? [];
  expect(style).toHaveLength(2);
  expect(style[0]).toBe("'self'");
  const nonce = /^'nonce-([\w+/=]{20,})'$/.exec(style[1] ?? '')?.[1];
  expect(nonce, `style-src ${style.join(' ')}`).toBeDefined();
  return nonce!;
}

const png = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 90, b: 200 } } })
    .png()
    .toBuffer();

describeBackends(
  'security headers',
  (ctx) => {
    let admin: Client;
    beforeAll(async () => {
      admin = await asAdmin(ctx.app);
    });
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    describe('the web app', () => {
      it.each(['/', '/campaigns/approval/', '/index.html'])(
        'serves the page at %s with the guards, no-cache and its own style nonce',
        async (url) => {
          const res = await get(url);
          expect(res.statusCode).toBe(200);
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.headers['cache-control']).toBe('no-cache');
          expectGuards(res);
          const nonce = expectAppPolicy(res);
          expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
          expect(res.body).toContain(`<meta property="csp-nonce" nonce="${nonce}">`);
          expect(res.body).toContain(`src="${ASSET}" nonce="${nonce}"`);
        },
      );

      it('gives every page a new nonce', async () => {
        const first = expectAppPolicy(await get('/'));
        const second = expectAppPolicy(await get('/'));
        expect(second).not.toBe(first);
      });

      it('caches a hashed asset for a year, immutable, with the guards', async () => {
        const res = await get(ASSET);
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe('console.log("asset");\n');
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expectGuards(res);
      });

      it('sends the guards and no-store on a 404 outside the API', async () => {
        const res = await admin.post('/no-such-page');
        expect(res.statusCode).toBe(404);
        expect(res.headers['cache-control']).toBe('no-store');
        expectGuards(res);
      });
    });

    describe('the API', () => {
      it('answers signed in with no-store and the guards', async () => {
        const res = await admin.get(userInfoEndpoint);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.headers['cache-control']).toBe('no-store');
        expectGuards(res);
        expectAppPolicy(res);
      });

      it.each([resources.users.endpoint, `${resources.roles.endpoint}1/`, '/api/no-such-thing/'])(
        'answers 401 at %s without a session with no-store and the guards',
        async (url) => {
          const res = await get(url);
          expect(res.statusCode).toBe(401);
          expect(res.headers['cache-control']).toBe('no-store');
          expectGuards(res);
        },
      );

      it('answers 404 and 400 with no-store and the guards', async () => {
        const missing = await admin.get('/api/no-such-thing/');
        expect(missing.statusCode).toBe(404);
        const invalid = await admin.post(resources.roles.endpoint, { name: '' });
        expect(invalid.statusCode).toBe(400);
        for (const res of [missing, invalid]) {
          expect(res.headers['cache-control']).toBe('no-store');
          expectGuards(res);
        }
      });

      it('answers the device gateway with no-store and the guards', async () => {
        const res = await ctx.app.inject({ method: 'POST', url: deviceGatewayEndpoints.heartbeat, payload: {} });
        expect(res.statusCode).toBe(401);
        expect(res.headers['cache-control']).toBe('no-store');
        expectGuards(res);
      });

      it('lets media bytes be kept privately for an hour, but not a missing one', async () => {
        const { body, headers } = multipart([
          { name: 'image', filename: 'a.png', type: 'image/png', data: await png() },
        ]);
        const { id } = (await admin.get(userInfoEndpoint)).json() as { id: number };
        const uploaded = await admin.post(`${resources.users.endpoint}${id}/images/`, body, { headers });
        expect(uploaded.statusCode, uploaded.body).toBe(201);
        const media = await admin.get((uploaded.json() as Image).url);
        expect(media.statusCode).toBe(200);
        expect(media.headers['cache-control']).toBe('private, max-age=3600');
        expectGuards(media);

        const missing = await admin.get('/api/media/images/999999999/');
        expect(missing.statusCode).toBe(404);
        expect(missing.headers['cache-control']).toBe('no-store');
        expectGuards(missing);
      });
    });

    it.each(['/%E0%A4%A', '/api/roles/%zz/'])(
      'answers a URL Fastify cannot decode (%s) with 400, no-store and the guards',
      async (url) => {
        const res = await get(url);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ non_field_errors: [expect.any(String)] });
        expect(res.headers['cache-control']).toBe('no-store');
        expectGuards(res);
      },
    );

    describe('the API documentation', () => {
      it('keeps the guards, with inline styles allowed for Swagger UI only', async () => {
        const res = await get(`${docsEndpoint}/`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toMatch(/^text\/html/);
        expectGuards(res);
        const policy = csp(res);
        expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
        expect(policy.get('script-src')).toEqual(["'self'"]);

        const document = await get(`${docsEndpoint}/json`);
        expect(document.statusCode).toBe(200);
        expect(document.headers['cache-control']).toBe('no-store');
        expectGuards(document);
      });
    });

    describe('behind HTTPS (COOKIE_SECURE=true)', () => {
      it('sends HSTS and upgrades insecure requests', async () => {
        const secure = await ctx.buildApp({ cookieSecure: true, webDist });
        for (const url of ['/', userInfoEndpoint]) {
          const res = await secure.inject({ method: 'GET', url });
          expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
          expect(csp(res).get('upgrade-insecure-requests')).toEqual([]);
          expect(res.headers['x-frame-options']).toBe('DENY');
        }
      });
    });
  },
  { config: { webDist, media: { dir: mediaDir, maxBytes: 1_000_000, maxPixels: 1_000_000, maxEdge: 256 } } },
);
