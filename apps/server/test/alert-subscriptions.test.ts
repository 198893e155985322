// Who hears of which alert (alert subscriptions by scope and kind): a network-wide subscriber hears of
// an offline screen at any location, a "mine" subscriber (the default) only at the locations they
// manage, nobody else; messages and mails link to the alert and the screen. The subscription
// endpoints, acknowledging with a note, and bulk acknowledge with a closed row among the ids.
import { expect, it } from 'vitest';
import { ACKNOWLEDGE_NOTE_MAX, alertLinks, type Alert, type AlertSubscriptions } from '@marquee/contracts/alerts';
import type { BulkResponse } from '@marquee/contracts/bulk';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Message } from '@marquee/contracts/messages';
import type { Paged } from '@marquee/contracts/common';
import { resources } from '@marquee/contracts/resources';
import type { Config } from '../src/config.ts';
import { describeBackends, type TestContext } from './helpers/backends.ts';
import { TODAY } from './helpers/campaign-factories.ts';
import { deliverySite } from './helpers/delivery-factories.ts';
import { asAdmin, asUser, createUser, signIn } from './helpers/factories.ts';
import { outboxMails, tempOutbox } from './helpers/mail.ts';

const api = resources.alerts.endpoint;
const subscriptionsUrl = `${api}subscriptions/`;
const at = (time: string) => new Date(`${TODAY}T${time}:00Z`);

async function clockedApp(ctx: TestContext, start: Date, overrides: Partial<Config> = {}) {
  let now = start;
  const app = await ctx.buildApp({ now: () => now, ...overrides });
  return {
    app,
    async sweep(date: Date) {
      now = date;
      await app.jobs.run();
    },
    async heartbeat(token: string) {
      const res = await app.inject({
        method: 'POST',
        url: deviceGatewayEndpoints.heartbeat,
        headers: { authorization: `Bearer ${token}` },
        payload: { status: 'ok' },
      });
      expect(res.statusCode, res.body).toBe(200);
    },
  };
}

describeBackends('alert subscriptions', (ctx) => {
  const inbox = async (userId: number) =>
    ctx.db.selectFrom('messages').select(['content', 'links']).where('user_id', '=', userId).orderBy('id').execute();
  const manage = (userId: number, locationId: number) =>
    ctx.db.insertInto('location_managers').values({ user_id: userId, location_id: locationId }).execute();
  const subscribe = (userId: number, values: { scope: 'mine' | 'all'; mail?: boolean; message?: boolean }) =>
    ctx.db
      .insertInto('alert_subscriptions')
      .values({ user_id: userId, kind: 'device_offline', ...values })
      .execute();
  const serialOf = async (deviceId: number) =>
    (await ctx.db.selectFrom('devices').select('serial_number').where('id', '=', deviceId).executeTakeFirstOrThrow())
      .serial_number;

  it('sends an offline alert to network-wide subscribers anywhere and to "mine" subscribers only at their locations', async () => {
    const [here, there] = [await deliverySite(ctx.db), await deliverySite(ctx.db)];
    // Holds the alert permission, subscribed to the whole network by message and mail.
    const watcher = await createUser(ctx.db, { permissions: ['change_alert'], email: 'watcher@example.com' });
    await subscribe(watcher.id, { scope: 'all', mail: true });
    // Manages `here`, no subscription: the default ("mine", by message).
    const manager = await createUser(ctx.db, { permissions: ['change_alert'] });
    await manage(manager.id, here.id);
    // Manages `there`, chose "mine" with mail.
    const otherManager = await createUser(ctx.db, { permissions: ['change_alert'], email: 'other@example.com' });
    await manage(otherManager.id, there.id);
    await subscribe(otherManager.id, { scope: 'mine', mail: true });
    // Chose "all" without any alert permission: hears of nothing beyond what they manage (nothing).
    const noPermission = await createUser(ctx.db, { permissions: ['list_location'] });
    await subscribe(noPermission.id, { scope: 'all' });
    // Holds the permission, manages nothing, no subscription.
    const bystander = await createUser(ctx.db, { permissions: ['change_alert'] });
    // Manages `here` but turned the kind off.
    const silenced = await createUser(ctx.db, { permissions: ['change_alert'] });
    await manage(silenced.id, here.id);
    await subscribe(silenced.id, { scope: 'mine', message: false, mail: false });

    const outbox = tempOutbox();
    const clock = await clockedApp(ctx, at('10:00'), { mail: outbox.mail, publicUrl: 'https://marquee.example' });
    await clock.heartbeat(here.devices[0]!.token);
    await clock.heartbeat(there.devices[0]!.token);
    await clock.sweep(at('10:05'));
    // Only `here`'s device goes silent.
    await clock.heartbeat(there.devices[0]!.token);
    await clock.sweep(at('10:12'));

    const alert = await ctx.db
      .selectFrom('alerts')
      .select('id')
      .where('device_id', '=', here.devices[0]!.id)
      .where('kind', '=', 'device_offline')
      .executeTakeFirstOrThrow();
    const serial = await serialOf(here.devices[0]!.id);
    const links = [
      { label: 'Open the alert', path: alertLinks.alert(alert.id) },
      { label: 'Open the screen', path: alertLinks.screen(here.devices[0]!.id) },
    ];

    const watched = await inbox(watcher.id);
    expect(watched).toHaveLength(1);
    expect(watched[0]!.content).toMatch(new RegExp(`^Device ${serial} at .+ has been offline since`));
    expect(watched[0]!.links).toEqual(links);
    expect(await inbox(manager.id)).toEqual([watched[0]]);
    expect(await inbox(otherManager.id)).toEqual([]);
    expect(await inbox(noPermission.id)).toEqual([]);
    expect(await inbox(bystander.id)).toEqual([]);
    expect(await inbox(silenced.id)).toEqual([]);

    const mails = outboxMails(outbox.dir, 'watcher@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`Open the alert: https://marquee.example${alertLinks.alert(alert.id)}`);
    expect(mails[0]!.text).toContain(
      `Open the screen: https://marquee.example${alertLinks.screen(here.devices[0]!.id)}`,
    );
    expect(outboxMails(outbox.dir, 'other@example.com')).toHaveLength(0);

    // The message reaches the Messages API with its links.
    const watcherClient = await signIn(ctx.app, watcher.username, watcher.password);
    const listed = (await watcherClient.get(resources.messages.endpoint)).json<Paged<Message>>();
    expect(listed.results[0]!.links).toEqual(links);

    // Now `there` goes silent: the watcher hears again, the other manager too; `here`'s manager not.
    await clock.sweep(at('10:30'));
    expect(await inbox(watcher.id)).toHaveLength(2);
    expect(await inbox(otherManager.id)).toHaveLength(1);
    expect(outboxMails(outbox.dir, 'other@example.com')).toHaveLength(1);
    expect(await inbox(manager.id)).toHaveLength(1);
    expect(await inbox(bystander.id)).toEqual([]);
  });

  it('reads and saves the signed-in user’s subscriptions (401, 403, 400)', async () => {
    const url = subscriptionsUrl;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'PUT', url, payload: { subscriptions: [] } })).statusCode).toBe(401);
    const outsider = await asUser(ctx, ['list_location']);
    expect((await outsider.get(url)).statusCode).toBe(403);
    expect((await outsider.put(url, { subscriptions: [] })).statusCode).toBe(403);

    const operator = await asUser(ctx, ['change_alert']);
    const fresh = (await operator.get(url)).json<AlertSubscriptions>();
    expect(fresh).toEqual({
      managed_locations: 0,
      subscriptions: [
        { kind: 'device_offline', scope: 'mine', message: true, mail: false },
        { kind: 'device_stale', scope: 'mine', message: true, mail: false },
        { kind: 'screen_off', scope: 'mine', message: true, mail: false },
        { kind: 'plays_backlog', scope: 'mine', message: true, mail: false },
        { kind: 'campaign_at_risk', scope: 'mine', message: true, mail: false },
      ],
    });
    const saved = await operator.put(url, {
      subscriptions: [
        { kind: 'device_offline', scope: 'all', message: true, mail: true },
        { kind: 'screen_off', scope: 'all', message: false, mail: false },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<AlertSubscriptions>().subscriptions).toEqual([
      { kind: 'device_offline', scope: 'all', message: true, mail: true },
      { kind: 'device_stale', scope: 'mine', message: true, mail: false },
      { kind: 'screen_off', scope: 'all', message: false, mail: false },
      { kind: 'plays_backlog', scope: 'mine', message: true, mail: false },
      { kind: 'campaign_at_risk', scope: 'mine', message: true, mail: false },
    ]);
    expect((await operator.get(url)).json()).toEqual(saved.json());

    const bad = [
      { subscriptions: [{ kind: 'nonsense', scope: 'all', message: true, mail: false }] },
      { subscriptions: [{ kind: 'device_offline', scope: 'everywhere', message: true, mail: false }] },
      { subscriptions: [{ kind: 'device_offline', scope: 'all' }] },
      {
        subscriptions: [
          { kind: 'device_offline', scope: 'all', message: true, mail: false },
          { kind: 'device_offline', scope: 'mine', message: true, mail: false },
        ],
      },
      {},
    ];
    for (const body of bad) expect((await operator.put(url, body)).statusCode, JSON.stringify(body)).toBe(400);

    // A location manager is told how many locations "mine" covers.
    const site = await deliverySite(ctx.db);
    const manager = await asUser(ctx, ['change_alert']);
    await manage(manager.user.id, site.id);
    expect((await manager.get(url)).json<AlertSubscriptions>().managed_locations).toBe(1);
  });

  const openAlert = async (values: { ended?: boolean } = {}) => {
    const site = await deliverySite(ctx.db);
    const { id } = await ctx.db
      .insertInto('alerts')
      .values({
        kind: 'device_offline',
        device_id: site.devices[0]!.id,
        location_id: site.id,
        campaign_id: null,
        started_at: at('08:00'),
        ended_at: values.ended ? at('09:00') : null,
        details: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  };

  it('acknowledges with a note: stored, shown on the alert and logged; a closed alert is refused', async () => {
    const id = await openAlert();
    const acker = await asUser(ctx, ['change_alert']);
    const tooLong = await acker.post(`${api}${id}/acknowledge/`, { note: 'x'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    const res = await acker.post(`${api}${id}/acknowledge/`, { note: '  Technician on the way  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Alert>()).toMatchObject({
      acknowledged_by: acker.user.id,
      acknowledge_note: 'Technician on the way',
    });
    const listed = (await acker.get(`${api}?id=${id}`)).json<Paged<Alert>>();
    expect(listed.results.map((a) => [a.id, a.acknowledge_note])).toEqual([[id, 'Technician on the way']]);
    const log = await ctx.db
      .selectFrom('log_entries')
      .select('change_message')
      .where('model', '=', 'alert')
      .where('object_id', '=', String(id))
      .execute();
    expect(log).toEqual([{ change_message: 'Acknowledged the alert: Screen offline. Note: Technician on the way' }]);

    // Without any body (no note) as well as with an empty one.
    const bare = await openAlert();
    const noBody = await acker.request('POST', `${api}${bare}/acknowledge/`);
    expect(noBody.statusCode, noBody.body).toBe(200);
    expect(noBody.json<Alert>().acknowledge_note).toBeNull();

    const closed = await openAlert({ ended: true });
    const refused = await acker.post(`${api}${closed}/acknowledge/`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      non_field_errors: ['This alert is closed: there is nothing left to acknowledge.'],
    });
  });

  it('acknowledges in bulk with one note: each row on its own, a closed one answers its own 400', async () => {
    const [first, second, closed] = [await openAlert(), await openAlert(), await openAlert({ ended: true })];
    const url = `${api}bulk/acknowledge/`;
    expect((await ctx.app.inject({ method: 'POST', url, payload: { ids: [first], note: 'Seen' } })).statusCode).toBe(
      401,
    );
    const reader = await asUser(ctx, ['list_alert', 'view_alert']);
    const denied = (await reader.post(url, { ids: [first], note: 'Seen' })).json<BulkResponse>();
    expect(denied.results).toEqual([{ id: first, status: 403, detail: expect.any(String) }]);
    const acker = await asUser(ctx, ['change_alert']);
    expect((await acker.post(url, { ids: [] })).statusCode).toBe(400);
    // One note for every row, as long as a single acknowledgement takes: a longer one is refused whole.
    const tooLong = await acker.post(url, { ids: [first, second], note: 'x'.repeat(ACKNOWLEDGE_NOTE_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json<Record<string, unknown>>())).toEqual(['note']);
    expect((await acker.post(url, { ids: [first], note: 42 })).statusCode).toBe(400);

    const res = await acker.post(url, { ids: [first, closed, second, 999999], note: 'Power cut, on it' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<BulkResponse>().results).toEqual([
      { id: first, status: 200 },
      {
        id: closed,
        status: 400,
        errors: { non_field_errors: ['This alert is closed: there is nothing left to acknowledge.'] },
      },
      { id: second, status: 200 },
      { id: 999999, status: 404, detail: expect.any(String) },
    ]);
    const rows = await ctx.db
      .selectFrom('alerts')
      .select(['id', 'acknowledged_by', 'acknowledge_note'])
      .where('id', 'in', [first, second, closed])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: first, acknowledged_by: acker.user.id, acknowledge_note: 'Power cut, on it' },
      { id: second, acknowledged_by: acker.user.id, acknowledge_note: 'Power cut, on it' },
      { id: closed, acknowledged_by: null, acknowledge_note: null },
    ]);
  });

  it('subscribes the administrator of a new database to the whole network', async () => {
    const admin = await asAdmin(ctx.app);
    const mine = (await admin.get(subscriptionsUrl)).json<AlertSubscriptions>();
    expect(mine.subscriptions.every((s) => s.scope === 'all' && s.message && s.mail)).toBe(true);
  });
});
