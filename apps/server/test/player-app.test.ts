// The Marquee Player is served at /player/ beside the web app: its files by name, its page for any
// other path under it, without a session (a screen has none), with the security headers; the web
// app keeps every other path, and an unbuilt player says so.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeBackends } from './helpers/backends.ts';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-player-app-'));
const webDist = path.join(root, 'web');
const playerDist = path.join(root, 'player');
for (const dir of [webDist, path.join(playerDist, 'assets')]) fs.mkdirSync(dir, { recursive: true });
fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Marquee</title>');
fs.writeFileSync(path.join(playerDist, 'index.html'), '<!doctype html><title>Marquee Player</title>');
fs.writeFileSync(path.join(playerDist, 'assets', 'player-abc123.js'), 'console.log("player");');
const manifest = { name: 'Marquee Player', start_url: '/player/', scope: '/player/' };
fs.writeFileSync(path.join(playerDist, 'manifest.webmanifest'), JSON.stringify(manifest));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describeBackends(
  'player app',
  (ctx) => {
    const get = (url: string) => ctx.app.inject({ method: 'GET', url });

    it('serves the player page at /player/ and under it, without a session, with the security headers', async () => {
      for (const url of ['/player/', '/player/index.html', '/player/pairing?x=1']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Marquee Player</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['content-security-policy']).toContain("script-src 'self'");
        expect(res.headers['content-security-policy']).toContain("media-src 'self'");
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
      const bare = await get('/player');
      expect(bare.statusCode).toBe(302);
      expect(bare.headers.location).toBe('/player/');
    });

    it('sends its files by name: hashed assets for a year, the manifest as a web manifest', async () => {
      const asset = await get('/player/assets/player-abc123.js');
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("player");');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const res = await get('/player/manifest.webmanifest');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(res.json()).toEqual(manifest);
      // Nothing outside its folder: a path climbing out gets the player's page.
      expect((await get('/player/..%2f..%2fweb%2findex.html')).body).toContain('Marquee Player');
    });

    it('leaves every other path to the web app', async () => {
      expect((await get('/')).body).toContain('<title>Marquee</title>');
      expect((await get('/players')).body).toContain('<title>Marquee</title>');
    });

    describe('not built', () => {
      it('answers 503 and says how to build it', async () => {
        const app = await ctx.buildApp({ webDist, playerDist: path.join(root, 'missing') });
        const res = await app.inject({ method: 'GET', url: '/player/' });
        expect(res.statusCode).toBe(503);
        expect(res.body).toBe('The Marquee Player is not built. Run `npm run build`.');
        expect((await app.inject({ method: 'GET', url: '/' })).statusCode).toBe(200);
      });
    });
  },
  { config: { webDist, playerDist } },
);
