// Pairing a screen: the anonymous code request (throttled per address), staff typing the code on the
// location (add_device, zones, serial; wrong codes refused with one text and throttled per user), and
// the screen receiving its token once by polling with its secret.
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { ActionFlag } from '@marquee/contracts/action-flags';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import {
  PAIRING_CODE_ALPHABET,
  PAIRING_CODE_LENGTH,
  PAIRING_MINUTES,
  devicePairEndpoint,
  devicePairingEndpoints as api,
  devicePairingUrl,
  pairingTexts,
  type PairingCreated,
} from '@marquee/contracts/device-pairing';
import { deviceZonesText, type Device } from '@marquee/contracts/locations';
import { runMaintenance } from '../src/modules/device-gateway/device-gateway.maintenance.ts';
import { describeBackends } from './helpers/backends.ts';
import { asUser, Client, uniq, uniqAddress, type UserClient } from './helpers/factories.ts';
import { createLocation, logOf, type TestLocation } from './helpers/location-factories.ts';

const serial = () => uniq('PAIR').toUpperCase();
const codePattern = new RegExp(`^[${PAIRING_CODE_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

describeBackends('device pairing', (ctx) => {
  let manager: UserClient;
  let location: TestLocation;
  /** The clock of `later`: moved by the tests that let a pairing expire. */
  let clock = Date.now();
  let later: FastifyInstance;
  beforeAll(async () => {
    manager = await asUser(ctx, ['add_device', 'change_device', 'view_device']);
    location = await createLocation(ctx.db, { managers: [manager.user.id], zones: [1, 2, 3] });
    later = await ctx.buildApp({ now: () => new Date(clock) });
  });

  const ask = async (address = uniqAddress(), app: FastifyInstance = ctx.app) => {
    const res = await app.inject({ method: 'POST', url: api.pairings, remoteAddress: address });
    return res;
  };
  const newPairing = async (app: FastifyInstance = ctx.app) => {
    const res = await ask(uniqAddress(), app);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<PairingCreated>();
  };
  const poll = (pairing: { id: string; secret: string }, app: FastifyInstance = ctx.app, secret = pairing.secret) =>
    app.inject({ method: 'GET', url: devicePairingUrl(pairing.id), headers: { authorization: `Bearer ${secret}` } });
  const pair = (client: Client, body: Record<string, unknown>) =>
    client.post(devicePairEndpoint, { location: location.id, serial_number: serial(), zones: [1], ...body });

  it('gives a code, an id and a secret valid 15 minutes, and polls pending until the code is typed', async () => {
    const pairing = await newPairing();
    expect(pairing.code).toMatch(codePattern);
    expect(pairing.secret.length).toBeGreaterThanOrEqual(40);
    expect(Date.parse(pairing.expires_at) - Date.now()).toBeGreaterThan((PAIRING_MINUTES - 1) * 60_000);
    expect(Date.parse(pairing.expires_at) - Date.now()).toBeLessThanOrEqual(PAIRING_MINUTES * 60_000);
    const pending = await poll(pairing);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ status: 'pending', expires_at: pairing.expires_at });
    // Only the hash of the secret is kept.
    const row = await ctx.db
      .selectFrom('device_pairings')
      .selectAll()
      .where('id', '=', pairing.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(pairing.secret);
  });

  it('makes the device with its zones and serial (logged), and gives the screen its token once', async () => {
    const pairing = await newPairing();
    const serialNumber = serial();
    // Typed as people type: lower case, a space in the middle.
    const typed = `${pairing.code.slice(0, 3).toLowerCase()} ${pairing.code.slice(3)}`;
    const res = await pair(manager, { code: typed, serial_number: serialNumber, zones: [3, 1] });
    expect(res.statusCode, res.body).toBe(201);
    const device = res.json<Device>();
    expect(device).toMatchObject({ location: location.id, serial_number: serialNumber, zones: [1, 3] });
    expect(res.body).not.toContain('token');
    expect((await logOf(ctx.db, 'device', device.id)).map((e) => e.action_flag)).toEqual([ActionFlag.Addition]);

    const first = await poll(pairing);
    expect(first.statusCode, first.body).toBe(200);
    const paired = first.json<{ status: string; token: string; device: object }>();
    expect(paired).toEqual({
      status: 'paired',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      device: { id: device.id, serial_number: serialNumber, location: location.id, zones: [1, 3] },
    });
    // The token opens the gateway; the playlist says which zones the screen shows.
    const playlist = await ctx.app.inject({
      method: 'GET',
      url: deviceGatewayEndpoints.playlist,
      headers: { authorization: `Bearer ${paired.token}` },
    });
    expect(playlist.statusCode).toBe(200);
    expect(playlist.json<{ zones: number[] }>().zones).toEqual([1, 3]);
    // Once: the next poll is told the pairing has ended, and the code cannot be typed again.
    const second = await poll(pairing);
    expect(second.statusCode).toBe(410);
    expect(second.json()).toEqual({ detail: pairingTexts.gone });
    const again = await pair(manager, { code: pairing.code });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ code: [pairingTexts.invalidCode] });
  });

  it('refuses a wrong secret or an unknown id alike, and a poll without a secret', async () => {
    const pairing = await newPairing();
    for (const res of [
      await poll(pairing, ctx.app, `${pairing.secret}x`),
      await poll({ id: crypto.randomUUID(), secret: pairing.secret }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: pairingTexts.unknown });
    }
    const bare = await ctx.app.inject({ method: 'GET', url: devicePairingUrl(pairing.id) });
    expect(bare.statusCode).toBe(401);
    expect(bare.json()).toEqual({ detail: pairingTexts.noSecret });
  });

  it('refuses a wrong and an expired code with the same text; an expired pairing has ended', async () => {
    clock = Date.now();
    const pairing = await newPairing(later);
    clock += PAIRING_MINUTES * 60_000 + 1000;
    const client = await signedIn(later);
    const expired = await pair(client, { code: pairing.code });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ code: [pairingTexts.invalidCode] });
    const wrong = await pair(client, { code: 'AAAAAA' });
    expect(wrong.json()).toEqual(expired.json());
    expect((await poll(pairing, later)).statusCode).toBe(410);
    clock = Date.now();
  });

  /** The manager signed in on another app of the same database. */
  async function signedIn(app: FastifyInstance) {
    const client = new Client(app);
    const res = await client.post('/api/auth/', { username: manager.user.username, password: manager.user.password });
    expect(res.statusCode, res.body).toBe(200);
    return client;
  }

  it('lets the screen fetch its token only for a while after the code was typed', async () => {
    clock = Date.now();
    const pairing = await newPairing(later);
    const client = await signedIn(later);
    expect((await pair(client, { code: pairing.code })).statusCode).toBe(201);
    clock += PAIRING_MINUTES * 60_000 + 1000;
    expect((await poll(pairing, later)).statusCode).toBe(410);
    clock = Date.now();
  });

  it('forgets ended pairings in the maintenance sweep, without a new code being asked for', async () => {
    const start = Date.now();
    const at = (ms: number) => ({ ...ctx.config, now: () => new Date(start + ms) });
    const left = async (ids: string[]) =>
      (await ctx.db.selectFrom('device_pairings').select('id').where('id', 'in', ids).execute())
        .map((r) => r.id)
        .sort();
    const unclaimed = await newPairing();
    const typed = await newPairing();
    expect((await pair(manager, { code: typed.code })).statusCode).toBe(201);
    const ids = [unclaimed.id, typed.id];
    // Still pending or paired: kept.
    expect((await runMaintenance(ctx.db, at(60_000))).pairings).toBe(0);
    expect(await left(ids)).toEqual([...ids].sort());
    // Expired: an unclaimed code goes at once; a paired one stays a day, so its screen hears 410.
    const expired = PAIRING_MINUTES * 60_000 + 1000;
    expect((await runMaintenance(ctx.db, at(expired))).pairings).toBeGreaterThanOrEqual(1);
    expect(await left(ids)).toEqual([typed.id]);
    clock = start + expired;
    expect((await poll(typed, later)).statusCode).toBe(410);
    clock = Date.now();
    await runMaintenance(ctx.db, at(expired + 86_400_000));
    expect(await left(ids)).toEqual([]);
  });

  describe('staff route', () => {
    it('needs a session (401), add_device (403) and a link to the location (403)', async () => {
      const pairing = await newPairing();
      const anonymous = new Client(ctx.app);
      expect((await pair(anonymous, { code: pairing.code })).statusCode).toBe(401);
      const viewer = await asUser(ctx, ['view_device']);
      expect((await pair(viewer, { code: pairing.code })).statusCode).toBe(403);
      const otherManager = await asUser(ctx, ['add_device']);
      expect((await pair(otherManager, { code: pairing.code })).statusCode).toBe(403);
      // None of those used the code up.
      expect((await pair(manager, { code: pairing.code })).statusCode).toBe(201);
    });

    it('checks the body (400): the code, a serial, at least one zone of the location', async () => {
      const pairing = await newPairing();
      const empty = await manager.post(devicePairEndpoint, {
        location: location.id,
        code: '',
        serial_number: '',
        zones: [],
      });
      expect(empty.statusCode).toBe(400);
      expect(Object.keys(empty.json()).sort()).toEqual(['code', 'serial_number', 'zones']);
      const foreign = await pair(manager, { code: pairing.code, zones: [1, 7] });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toEqual({ zones: [deviceZonesText(7)] });
      const unknown = await pair(manager, { code: pairing.code, location: 999_999 });
      expect(unknown.statusCode).toBe(400);
      // A serial taken already gives the code back for the next try.
      const taken = await pair(manager, { code: pairing.code });
      expect(taken.statusCode).toBe(201);
      const next = await newPairing();
      const clash = await pair(manager, { code: next.code, serial_number: taken.json<Device>().serial_number });
      expect(clash.statusCode).toBe(400);
      expect(clash.json()).toHaveProperty('serial_number');
      expect((await pair(manager, { code: next.code })).statusCode).toBe(201);
    });
  });

  describe('throttling', () => {
    let strict: FastifyInstance;
    const limits = { windowMs: 600_000, lockMs: 60_000, maxLockMs: 120_000 };
    beforeAll(async () => {
      strict = await ctx.buildApp({
        pairingThrottle: { ...limits, maxFailures: 3, maxFailuresPerAddress: 3 },
        pairingClaimThrottle: { ...limits, maxFailures: 3, maxFailuresPerAddress: 6 },
      });
    });

    it('answers 429 to an address that asks for too many codes; other addresses still get theirs', async () => {
      const address = uniqAddress();
      for (let i = 0; i < 3; i++) expect((await ask(address, strict)).statusCode).toBe(201);
      const refused = await ask(address, strict);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({ detail: pairingTexts.requestsThrottled(60) });
      expect((await ask(uniqAddress(), strict)).statusCode).toBe(201);
    });

    it('locks a user out after too many wrong codes, even for a right one', async () => {
      const guesser = await asUser({ app: strict, db: ctx.db }, ['add_device']);
      const place = await createLocation(ctx.db, { managers: [guesser.user.id] });
      const body = { location: place.id, serial_number: serial(), zones: [1] };
      for (let i = 0; i < 3; i++) {
        const res = await guesser.post(devicePairEndpoint, { ...body, code: 'AAAAAA' });
        expect(res.statusCode, `guess ${i + 1}`).toBe(400);
      }
      const pairing = await newPairing(strict);
      const locked = await guesser.post(devicePairEndpoint, { ...body, code: pairing.code });
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ detail: pairingTexts.guessesThrottled(60) });
      // Another user may still pair it.
      const colleague = await asUser({ app: strict, db: ctx.db }, ['add_device']);
      await ctx.db
        .insertInto('location_managers')
        .values({ user_id: colleague.user.id, location_id: place.id })
        .execute();
      expect((await colleague.post(devicePairEndpoint, { ...body, code: pairing.code })).statusCode).toBe(201);
    });
  });
});
