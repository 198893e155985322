// Fault tests' helpers: server child processes and databases that are always cleaned up (killed,
// removed, dropped) after each test even when it fails, a TCP proxy to PostgreSQL that can be cut and
// restored, and a signed-in HTTP client.
import net from 'node:net';
import { afterEach } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '@marquee/contracts/auth';
import { authEndpoint, userInfoEndpoint } from '@marquee/contracts/resources';
import {
  createDatabase,
  startServer,
  stopServer,
  type PreparedDatabase,
  type ServerProcess,
} from '../../src/tools/server-process.ts';

export * from '../../src/tools/server-process.ts';

/**
 * Registers an afterEach that kills every server started through the returned functions, closes
 * proxies and drops databases, in that order (a PGlite folder or schema is dropped only after its
 * server is gone).
 */
export function useServerProcesses() {
  const servers: ServerProcess[] = [];
  const databases: PreparedDatabase[] = [];
  const proxies: CuttableProxy[] = [];
  afterEach(async () => {
    for (const s of servers.splice(0)) {
      if (s.alive()) s.child.kill('SIGKILL');
      await s.exited;
    }
    for (const p of proxies.splice(0)) await p.close();
    for (const d of databases.splice(0)) await d.drop().catch(() => {});
  });
  return {
    /** A new database; on PGlite a copy of `template` when given. */
    async database(postgresUrl?: string, template?: PreparedDatabase): Promise<PreparedDatabase> {
      const db = await createDatabase(postgresUrl, 'faults', template);
      databases.push(db);
      return db;
    },
    async start(options: Parameters<typeof startServer>[0]): Promise<ServerProcess> {
      const server = await startServer(options);
      servers.push(server);
      return server;
    },
    stop: stopServer,
    async proxy(target: { host: string; port: number }): Promise<CuttableProxy> {
      const proxy = await cuttableProxy(target);
      proxies.push(proxy);
      return proxy;
    },
  };
}

/**
 * How the proxy plays the outage: `refuse` and `blackhole` destroy the open connections and close new
 * ones at once or hold them open unanswered; `freeze` (a network partition) keeps the open ones but
 * forwards nothing more, and blackholes new ones.
 */
export type CutMode = 'refuse' | 'blackhole' | 'freeze';

export type CuttableProxy = {
  port: number;
  /** Starts the outage (see CutMode) until `restore`. */
  cut(mode: CutMode): void;
  restore(): void;
  close(): Promise<void>;
};

/** A TCP proxy on 127.0.0.1 to `target` (PostgreSQL) that can play a database outage. */
export async function cuttableProxy(target: { host: string; port: number }): Promise<CuttableProxy> {
  let mode: CutMode | 'up' = 'up';
  const sockets = new Set<net.Socket>();
  const pairs = new Set<[net.Socket, net.Socket]>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    // A destroyed peer is the point of the exercise.
    socket.on('error', () => {});
  };
  const server = net.createServer((client) => {
    track(client);
    if (mode === 'refuse') return client.destroy();
    if (mode !== 'up') return;
    const upstream = net.connect(target);
    track(upstream);
    const pair: [net.Socket, net.Socket] = [client, upstream];
    pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => {
      client.destroy();
      pairs.delete(pair);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const destroyAll = () => {
    for (const s of sockets) s.destroy();
  };
  return {
    port: (server.address() as net.AddressInfo).port,
    cut(how) {
      mode = how;
      if (how !== 'freeze') return destroyAll();
      // Nothing more is forwarded either way: both sides wait for answers that do not come.
      for (const [client, upstream] of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    restore() {
      mode = 'up';
      // Blackholed and frozen connections waited for nothing: let them fail now.
      destroyAll();
    },
    async close() {
      destroyAll();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A staff member signed in over HTTP: cookies and the CSRF header, like the web app. */
export async function signInOverHttp(baseUrl: string, username: string, password: string) {
  const cookies = new Map<string, string>();
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const at = pair.indexOf('=');
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
  };
  /** The timeout covers the whole exchange, the body included: long downloads pass a longer one. */
  const request = async (method: string, path: string, body?: unknown, { timeoutMs = 20_000 } = {}) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(method === 'GET' ? {} : { [CSRF_HEADER]: cookies.get(CSRF_COOKIE) ?? '' }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    remember(res);
    return res;
  };
  await request('GET', userInfoEndpoint);
  const login = await request('POST', authEndpoint, { username, password });
  if (!login.ok) throw new Error(`Sign-in answered ${login.status}: ${await login.text()}`);
  return { request };
}
