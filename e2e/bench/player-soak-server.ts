// The soak bench's server: the e2e servers' environment (playwright.config.ts) on a free port, with the
// built player, in a process group of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ADMIN, DEMO_PASSWORD } from '../fixtures/session.ts';

const root = path.resolve(import.meta.dirname, '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export function playerDist(tmp: string): string {
  const dist = path.resolve(process.env.PLAYER_DIST ?? path.join(root, 'apps/player/dist'));
  if (fs.existsSync(path.join(dist, 'index.html'))) return dist;
  const out = path.join(tmp, 'player');
  console.log(`No index.html in ${dist}; building the player into ${out}…`);
  // The page, then its service worker into the same folder (as the player's build:quiet does).
  for (const args of [
    ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    ['vite', 'build', '-c', 'vite.sw.config.ts', '--outDir', out, '--logLevel', 'warn'],
  ]) {
    const r = spawnSync('npx', args, { cwd: path.join(root, 'apps/player'), stdio: 'inherit' });
    if (r.status !== 0) throw new Error('the player build failed');
  }
  return out;
}

export function startServer(port: number, tmp: string, dist: string): ChildProcess {
  // Its own process group, so the npx → tsx → node chain stops together. The environment is the e2e
  // servers' (playwright.config.ts).
  const server = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tmp, 'data'),
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD,
      LOG_LEVEL: 'warn',
      VIDEO_MAX_BYTES: String(5 * 1024 * 1024),
      PAIRING_MAX_PER_ADDRESS: '1000',
      PLAYER_DIST: dist,
      E2E_DATA: process.env.E2E_DATA,
    },
  });
  return server;
}

export async function serverReady(server: ChildProcess, port: number): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/api/docs/json`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not answer /api/docs/json within 120 s');
}

/** Stops the server's whole process group (npx, tsx and the server itself), waiting until every one
 * is gone, so that its data folder can be removed. */
export async function stopServer(server: ChildProcess): Promise<void> {
  if (!server.pid) return;
  const signal = (s: NodeJS.Signals | 0) => {
    try {
      process.kill(-server.pid!, s);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  signal('SIGTERM');
  const started = Date.now();
  while (signal(0) && Date.now() - started < 15_000) {
    if (Date.now() - started > 5_000) signal('SIGKILL');
    await new Promise((r) => setTimeout(r, 100));
  }
}
