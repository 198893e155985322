// The server as a real process under faults: killed (SIGKILL) right after acknowledged event batches
// and restarted (each acknowledged batch is there once, resending counts nothing twice, the rollups
// equal the raw events); stopped with SIGTERM while a request is in flight (it completes, new
// connections are refused, exit 0; past the grace period it is cut); and, on PostgreSQL, the database
// out of reach for a while behind a proxy (503 with Retry-After, the process stays up, recovers).
import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceGatewayEndpoints as api, type DeviceEvent } from '@marquee/contracts/device-gateway';
import { resources, userInfoEndpoint, authEndpoint } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../src/http/errors.ts';
import { batchesOf, daysOf, eventsOfDay } from '../src/simulation/generate.ts';
import { createRandom } from '../src/simulation/random.ts';
import { backends } from './helpers/backends.ts';
import {
  checkRollups,
  createDatabase,
  migrateWithAdmin,
  seedGatewayFixture,
  signInOverHttp,
  useServerProcesses,
  type GatewayFixture,
  type PreparedDatabase,
  type ServerProcess,
} from './helpers/server-process.ts';

const PASSWORD = 'faults-admin-password';
/** A test starts server processes (seconds each on a busy machine): more time than the default. */
const PROCESS_TEST_MS = 120_000;
type Batch = { batch_id: string; events: DeviceEvent[] };

/** The fixture's first device's plays over the last day, in batches of `size`. */
function batchesFor(fixture: GatewayFixture, { seed, size }: { seed: number; size: number }): Batch[] {
  const device = fixture.devices[0]!;
  const random = createRandom(seed);
  const to = Date.now() - 60_000;
  const from = to - 86_400_000;
  const settings = { timeZone: 'UTC', ageGroups: [1, 2, 3, 4, 5, 6, 7], playsPerHour: 2 };
  const campaigns = fixture.campaigns.get(device.location)!;
  const events = daysOf(from, to, 'UTC').flatMap((day) => eventsOfDay({ campaigns, day, from, to, settings, random }));
  return batchesOf(events, size).map((events) => ({ batch_id: random.uuid(), events }));
}

const gateway = (server: ServerProcess, token: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
  fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });

const sum = (batches: Batch[], of: (e: DeviceEvent) => number) =>
  batches.reduce((n, b) => n + b.events.reduce((m, e) => m + of(e), 0), 0);

/** A POST whose body is sent in two parts: the request is in flight until `finish` is called. */
function slowPost(server: ServerProcess, path: string, token: string, body: unknown) {
  const text = Buffer.from(JSON.stringify(body));
  const req = http.request(`${server.url}${path}`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'content-length': text.length,
    },
  });
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let data = '';
      res.on('data', (chunk: Buffer) => (data += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  // Swallowed here, examined by whoever awaits `answer`.
  answer.catch(() => {});
  req.write(text.subarray(0, text.length >> 1));
  return { answer, finish: () => req.end(text.subarray(text.length >> 1)) };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('isDatabaseUnavailable', () => {
  const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', coded('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['a reset connection', coded('read ECONNRESET', 'ECONNRESET')],
    ['a connection failure (class 08)', coded('connection failure', '08006')],
    ['an administrator shutdown', coded('terminating connection due to administrator command', '57P01')],
    ['a database starting up', coded('the database system is starting up', '57P03')],
    ['a lost connection', new Error('Connection terminated unexpectedly')],
    ['no connection in time', new Error('timeout exceeded when trying to connect')],
    ['a query without answer', new Error('Query read timeout')],
    ['every address refused', new AggregateError([coded('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], 'x')],
    ['a wrapped cause', new Error('query failed', { cause: coded('x', 'ETIMEDOUT') })],
  ])('is true for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });
  it.each([
    ['a unique violation', coded('duplicate key value', '23505')],
    ['a bad input', coded('invalid input syntax for type integer', '22P02')],
    ['a plain failure', new Error('boom')],
    ['not an error', 'Connection terminated'],
  ])('is false for %s', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

for (const backend of backends()) {
  describe(`server process faults [${backend}]`, () => {
    const procs = useServerProcesses();
    const postgresUrl = backend === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
    // PGlite: one migrated folder with the admin, copied for each test.
    let template: PreparedDatabase | undefined;
    beforeAll(async () => {
      if (postgresUrl) return;
      template = await createDatabase(undefined, 'faults-template');
      const db = await template.open();
      await migrateWithAdmin(db, PASSWORD).finally(() => db.destroy());
    });
    afterAll(() => template?.drop());

    /** A migrated database with the admin and one location's devices and campaigns; our handle is closed. */
    async function prepare(devicesPerLocation = 1): Promise<{ database: PreparedDatabase; fixture: GatewayFixture }> {
      const database = await procs.database(postgresUrl, template);
      const db = await database.open();
      try {
        if (!template) await migrateWithAdmin(db, PASSWORD);
        const fixture = await seedGatewayFixture(db, { devicesPerLocation, campaignsPerLocation: 2 });
        return { database, fixture };
      } finally {
        await db.destroy();
      }
    }

    /** Opens the database (after its server stopped, for PGlite) and checks the rollups. */
    async function rollups(database: PreparedDatabase) {
      const db = await database.open();
      try {
        return await checkRollups(db);
      } finally {
        await db.destroy();
      }
    }

    it(
      'keeps every acknowledged batch once across a SIGKILL, and resending counts nothing twice',
      async () => {
        const { database, fixture } = await prepare();
        const { token } = fixture.devices[0]!;
        const batches = batchesFor(fixture, { seed: 7, size: 4 });
        expect(batches.length).toBeGreaterThan(20);

        const first = await procs.start({ env: database.env });
        const queue = [...batches];
        const acknowledged = new Set<string>();
        const killAfter = Math.floor(batches.length / 2);
        let killed = false;
        const worker = async () => {
          for (let b = queue.shift(); b && !killed; b = queue.shift()) {
            try {
              const res = await gateway(first, token, 'POST', api.events, b);
              const body = (await res.json()) as { accepted: number; duplicate: boolean };
              // The server's last words say why, should it answer otherwise.
              expect(res.status, `${JSON.stringify(body)}\n${first.output().slice(-4000)}`).toBe(200);
              expect(body).toEqual({ accepted: b.events.length, duplicate: false, duplicates: 0, rejected: [] });
              acknowledged.add(b.batch_id);
              // Killed the moment this answer arrived, while the other workers' batches are in flight.
              if (acknowledged.size === killAfter) {
                killed = true;
                first.child.kill('SIGKILL');
              }
            } catch (err) {
              if (!killed) throw err;
            }
          }
        };
        await Promise.all([worker(), worker(), worker(), worker()]);
        expect((await first.exited).signal).toBe('SIGKILL');
        expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);

        const second = await procs.start({ env: database.env });
        const resend = async (expectNew: boolean) => {
          for (const b of batches) {
            const res = await gateway(second, token, 'POST', api.events, b);
            const body = (await res.json()) as { accepted: number; duplicate: boolean };
            expect(res.status, JSON.stringify(body)).toBe(200);
            if (!expectNew || acknowledged.has(b.batch_id))
              expect(body).toEqual({ accepted: 0, duplicate: true, duplicates: b.events.length, rejected: [] });
            else if (!body.duplicate) expect(body.accepted).toBe(b.events.length);
          }
        };
        await resend(true);
        await resend(false);
        expect(await procs.stop(second)).toEqual({ code: 0, signal: null });

        const check = await rollups(database);
        const events = sum(batches, () => 1);
        const expected = {
          plays: events,
          viewers: sum(batches, (e) => e.viewers?.length ?? 0),
          seconds: sum(batches, (e) => e.duration_ms) / 1000,
        };
        expect(check.batches).toBe(batches.length);
        expect(check.batchEvents).toBe(events);
        expect(check.raw).toEqual(expected);
        expect(check.hourly).toEqual(expected);
        expect(check.daily).toEqual(expected);
        expect(check.mismatches).toEqual([]);
      },
      PROCESS_TEST_MS,
    );

    it(
      'finishes a request in flight on SIGTERM, refuses new connections, and exits 0',
      async () => {
        const { database, fixture } = await prepare();
        const { token } = fixture.devices[0]!;
        const [batch] = batchesFor(fixture, { seed: 11, size: 50 });
        const server = await procs.start({ env: { ...database.env, SHUTDOWN_GRACE_SECONDS: '30' } });

        const upload = slowPost(server, api.events, token, batch);
        // The request has reached the server (its headers are read) before the signal.
        await new Promise((resolve) => setTimeout(resolve, 500));
        server.child.kill('SIGTERM');
        await until('new connections to be refused', async () => ((await refused(server.port)) ? true : undefined));
        expect(server.alive()).toBe(true);
        upload.finish();

        const answer = await upload.answer;
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toEqual({
          accepted: batch!.events.length,
          duplicate: false,
          duplicates: 0,
          rejected: [],
        });
        expect(await server.exited).toEqual({ code: 0, signal: null });
        expect((await rollups(database)).raw.plays).toBe(batch!.events.length);
      },
      PROCESS_TEST_MS,
    );

    it(
      'cuts a request still in flight after the grace period and exits 0',
      async () => {
        const { database, fixture } = await prepare();
        const { token } = fixture.devices[0]!;
        const [batch] = batchesFor(fixture, { seed: 13, size: 50 });
        const server = await procs.start({ env: { ...database.env, SHUTDOWN_GRACE_SECONDS: '1' } });

        const upload = slowPost(server, api.events, token, batch);
        await new Promise((resolve) => setTimeout(resolve, 500));
        server.child.kill('SIGTERM');
        // Never finished: the server closes the connection once the grace period is over.
        await expect(upload.answer).rejects.toThrow(/socket hang up|ECONNRESET/);
        expect(await server.exited).toEqual({ code: 0, signal: null });
        expect((await rollups(database)).raw.plays).toBe(0);
      },
      PROCESS_TEST_MS,
    );

    if (backend === 'postgres') {
      it(
        'answers 503 with Retry-After while PostgreSQL is out of reach, stays up and recovers',
        async () => {
          const { database, fixture } = await prepare();
          const { token } = fixture.devices[0]!;
          const batches = batchesFor(fixture, { seed: 17, size: 20 });
          const target = new URL(process.env.TEST_DATABASE_URL!);
          const proxy = await procs.proxy({ host: target.hostname, port: Number(target.port || 5432) });
          const viaProxy = new URL(database.env.DATABASE_URL!);
          viaProxy.host = `127.0.0.1:${proxy.port}`;
          const server = await procs.start({
            env: {
              DATABASE_URL: viaProxy.toString(),
              DATABASE_CONNECT_TIMEOUT_SECONDS: '1',
              DATABASE_QUERY_TIMEOUT_SECONDS: '2',
            },
          });
          const staff = await signInOverHttp(server.url, 'admin', PASSWORD);
          const campaigns = `${resources.campaigns.endpoint}?page_size=10`;
          expect((await staff.request('GET', userInfoEndpoint)).status).toBe(200);
          expect((await gateway(server, token, 'POST', api.heartbeat, { status: 'ok' })).status).toBe(200);

          /** Every kind of request while the database is away: gateway, session lookup, list, sign-in. */
          const duringOutage = async () => {
            const stranger = await fetch(`${server.url}${userInfoEndpoint}`);
            const csrf = /csrftoken=([^;]+)/.exec(stranger.headers.get('set-cookie') ?? '')?.[1] ?? '';
            const answers: [string, Response][] = [
              ['heartbeat', await gateway(server, token, 'POST', api.heartbeat, { status: 'ok' })],
              ['events', await gateway(server, token, 'POST', api.events, batches[0])],
              ['playlist', await gateway(server, token, 'GET', api.playlist)],
              ['user-info', await staff.request('GET', userInfoEndpoint)],
              ['campaigns', await staff.request('GET', campaigns)],
              [
                'sign-in',
                await fetch(`${server.url}${authEndpoint}`, {
                  method: 'POST',
                  headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie: `csrftoken=${csrf}` },
                  body: JSON.stringify({ username: 'admin', password: PASSWORD }),
                }),
              ],
            ];
            for (const [name, res] of answers) {
              expect(res.status, name).toBe(503);
              expect(res.headers.get('retry-after'), name).toBe(String(RETRY_AFTER_SECONDS));
              expect(await res.json(), name).toEqual({ detail: details.serviceUnavailable });
            }
          };

          proxy.cut('refuse');
          await duringOutage();
          proxy.cut('blackhole');
          await duringOutage();
          // Idle connections broken under the pool must not have ended the process.
          await new Promise((resolve) => setTimeout(resolve, 1000));
          expect(server.alive(), server.output()).toBe(true);

          const recovered = () =>
            until('the gateway to answer again', async () => {
              const res = await gateway(server, token, 'POST', api.heartbeat, { status: 'ok' });
              return res.status === 200 ? true : undefined;
            });
          proxy.restore();
          await recovered();
          // A partition: the pool's open connections stay but get no answers (the query timeout ends
          // each wait), new ones are never answered (the connect timeout).
          await Promise.all([staff.request('GET', campaigns), staff.request('GET', userInfoEndpoint)]);
          proxy.cut('freeze');
          await duringOutage();
          expect(server.alive(), server.output()).toBe(true);
          proxy.restore();
          await recovered();
          // The session outlived the outage.
          expect((await staff.request('GET', userInfoEndpoint)).status).toBe(200);
          expect((await staff.request('GET', campaigns)).status).toBe(200);
          for (const b of batches) {
            const res = await gateway(server, token, 'POST', api.events, b);
            expect(res.status).toBe(200);
          }
          expect(await procs.stop(server)).toEqual({ code: 0, signal: null });
          const check = await rollups(database);
          expect(check.raw.plays).toBe(sum(batches, () => 1));
          expect(check.hourly).toEqual(check.raw);
          expect(check.daily).toEqual(check.raw);
          expect(check.mismatches).toEqual([]);
        },
        PROCESS_TEST_MS,
      );
    }
  });
}
