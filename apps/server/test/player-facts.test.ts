// What a player reports with its heartbeats beyond the basic facts: screen state (off by schedule is
// never an incident), the plays waiting on it (a queue left for an hour of opening hours opens a
// plays_backlog alert, closed when it drains; the depth reported before, to tell a growing queue from a
// draining one), dropped plays, storage, clock offset and faults by kind; stored on the device and shown
// by the devices list and the screen's page.
import { expect, it } from 'vitest';
import { alertTexts } from '@marquee/contracts/alerts';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-gateway';
import type { Device } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import type { ScreenHealth } from '@marquee/contracts/screens';
import { describeBackends, type TestContext } from './helpers/backends.ts';
import { TODAY, day } from './helpers/campaign-factories.ts';
import { deliverySite } from './helpers/delivery-factories.ts';
import { asAdmin, createUser } from './helpers/factories.ts';

const at = (time: string, d = TODAY) => new Date(`${d}T${time}:00Z`);

/** An app whose clock the test moves. */
async function clockedApp(ctx: TestContext, start: Date) {
  let now = start;
  const app = await ctx.buildApp({ now: () => now });
  const heartbeat = (token: string, body: Record<string, unknown> = {}) =>
    app.inject({
      method: 'POST',
      url: deviceGatewayEndpoints.heartbeat,
      headers: { authorization: `Bearer ${token}` },
      payload: { status: 'ok', ...body },
    });
  return {
    app,
    heartbeat,
    /** Moves the clock, sends a heartbeat (when given) and runs the jobs (the sweep among them). */
    async at(date: Date, token?: string, body?: Record<string, unknown>) {
      now = date;
      if (token) {
        const res = await heartbeat(token, body);
        expect(res.statusCode, res.body).toBe(200);
      }
      await app.jobs.run();
    },
  };
}

describeBackends('player facts', (ctx) => {
  const alertsOf = (device: number) =>
    ctx.db
      .selectFrom('alerts')
      .select(['id', 'kind', 'started_at', 'ended_at'])
      .where('device_id', '=', device)
      .orderBy('id')
      .execute();
  const deviceOf = async (id: number) => {
    const admin = await asAdmin(ctx.app);
    const res = await admin.get(`${resources.devices.endpoint}${id}/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Device>();
  };

  it('stores the new facts and shows them in the devices list, the device and the screen page', async () => {
    const site = await deliverySite(ctx.db, { open: '08:00', close: '20:00' });
    const device = site.devices[0]!;
    const clock = await clockedApp(ctx, at('10:00'));
    await clock.at(at('10:00'), device.token, {
      queue_depth: 12,
      dropped: 3,
      storage_used_mb: 1800,
      storage_quota_mb: 4096,
      clock_offset_ms: -850,
      screen_state: 'on',
      faults: [
        { kind: 'stalled', count: 2 },
        { kind: 'download_failed', count: 1 },
        { kind: 'stalled', count: 1 },
      ],
    });
    // The first report of the queue has none before it to compare with.
    expect(await deviceOf(device.id)).toMatchObject({ queue_depth: 12, queue_depth_before: null });
    // Facts left out keep their value; drops and faults add up; the queue keeps its start while not empty,
    // and the depth reported before is kept beside the new one.
    await clock.at(at('10:30'), device.token, { queue_depth: 20, dropped: 2, faults: [{ kind: 'stalled', count: 4 }] });
    const admin = await asAdmin(ctx.app);
    const list = await admin.page<Device>(`${resources.locations.endpoint}${site.id}/data_devices/`);
    const expected = {
      screen_state: 'on',
      screen_on: true,
      queue_depth: 20,
      queue_since: at('10:00').toISOString(),
      queue_depth_before: 12,
      plays_dropped: 5,
      storage_used_mb: 1800,
      storage_quota_mb: 4096,
      clock_offset_ms: -850,
      faults_recent: 8,
      last_fault_at: at('10:30').toISOString(),
      screenshot_at: null,
    };
    expect(list.results.find((d) => d.id === device.id)).toMatchObject(expected);
    const screens = await admin.page<Device>(`${resources.devices.endpoint}?location=${site.id}`);
    expect(screens.results[0]).toMatchObject(expected);

    const health = (await admin.get(`${resources.devices.endpoint}${device.id}/health/`)).json<ScreenHealth>();
    expect(health.faults).toEqual([
      { kind: 'stalled', count: 7, last_at: at('10:30').toISOString() },
      { kind: 'download_failed', count: 1, last_at: at('10:00').toISOString() },
    ]);
    expect(health._permissions).toContain('change_device');

    // A heartbeat that leaves the queue out moves neither depth.
    await clock.at(at('10:45'), device.token, { screen_state: 'on' });
    expect(await deviceOf(device.id)).toMatchObject({ queue_depth: 20, queue_depth_before: 12 });

    // An empty queue has no start; the faults of more than a day before the last report no longer count.
    await clock.at(at('11:00', day(2)), device.token, { queue_depth: 0 });
    expect(await deviceOf(device.id)).toMatchObject({
      queue_depth: 0,
      queue_since: null,
      queue_depth_before: 20,
      faults_recent: 0,
    });
  });

  it('refuses facts out of range, unknown fault kinds and too many fault rows', async () => {
    const site = await deliverySite(ctx.db);
    const clock = await clockedApp(ctx, at('10:00'));
    const token = site.devices[0]!.token;
    const refused = async (body: Record<string, unknown>, field: string) => {
      const res = await clock.heartbeat(token, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(Object.keys(res.json<Record<string, string[]>>())).toContain(field);
    };
    await refused({ queue_depth: -1 }, 'queue_depth');
    await refused({ clock_offset_ms: 2 * 86_400_000 }, 'clock_offset_ms');
    await refused({ screen_state: 'dimmed' }, 'screen_state');
    await refused({ faults: [{ kind: 'gremlins', count: 1 }] }, 'faults.0.kind');
    await refused({ faults: [{ kind: 'stalled', count: 0 }] }, 'faults.0.count');
    await refused({ faults: Array.from({ length: 21 }, () => ({ kind: 'other', count: 1 })) }, 'faults');
  });

  it('raises no alert for a screen off by schedule, and screen_state wins over screen_on', async () => {
    const site = await deliverySite(ctx.db, { open: '08:00', close: '20:00' });
    const device = site.devices[0]!;
    const clock = await clockedApp(ctx, at('10:00'));
    await clock.at(at('10:00'), device.token, { screen_state: 'off_by_schedule', screen_on: true });
    await clock.at(at('10:30'), device.token, { screen_state: 'off_by_schedule' });
    expect(await alertsOf(device.id)).toEqual([]);
    expect(await deviceOf(device.id)).toMatchObject({
      state: 'online',
      screen_state: 'off_by_schedule',
      screen_on: false,
    });
    // Off for another reason during opening hours is an incident, as `screen_on: false` always was.
    await clock.at(at('10:40'), device.token, { screen_state: 'off' });
    expect(await alertsOf(device.id)).toMatchObject([{ kind: 'screen_off', ended_at: null }]);
    await clock.at(at('10:50'), device.token, { screen_state: 'off_by_schedule' });
    expect((await alertsOf(device.id))[0]!.ended_at).not.toBeNull();
    // A player that sends only screen_on still gets its state.
    await clock.at(at('11:00'), device.token, { screen_on: true });
    expect(await deviceOf(device.id)).toMatchObject({ screen_state: 'on', screen_on: true, state: 'online' });
  });

  it('opens a plays_backlog alert after an hour of opening hours with plays waiting, and closes it when they drain', async () => {
    const site = await deliverySite(ctx.db, { open: '08:00', close: '20:00' });
    const device = site.devices[0]!;
    const manager = await createUser(ctx.db);
    await ctx.db.insertInto('location_managers').values({ user_id: manager.id, location_id: site.id }).execute();
    const clock = await clockedApp(ctx, at('10:00'));
    await clock.at(at('10:00'), device.token, { queue_depth: 5 });
    await clock.at(at('10:30'), device.token, { queue_depth: 40 });
    await clock.at(at('10:59'), device.token, { queue_depth: 3 });
    expect(await alertsOf(device.id)).toEqual([]);
    await clock.at(at('11:00'), device.token, { queue_depth: 3 });
    const [alert, ...more] = await alertsOf(device.id);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ kind: 'plays_backlog', ended_at: null });
    expect(new Date(alert!.started_at).toISOString()).toBe(at('11:00').toISOString());
    // Routed like the other device alerts: the location's managers hear of it.
    const messages = await ctx.db.selectFrom('messages').select('content').where('user_id', '=', manager.id).execute();
    expect(messages.map((m) => m.content)).toContain(
      alertTexts.opened.plays_backlog(
        (await deviceOf(device.id)).serial_number,
        (await deviceOf(device.id)).location_name,
        '2030-06-15 11:00',
      ),
    );
    // No campaign is put at risk by plays that only wait.
    expect(await ctx.db.selectFrom('alert_campaigns').selectAll().where('alert_id', '=', alert!.id).execute()).toEqual(
      [],
    );
    await clock.at(at('11:10'), device.token, { queue_depth: 0 });
    const [closed] = await alertsOf(device.id);
    expect(new Date(closed!.ended_at!).toISOString()).toBe(at('11:10').toISOString());
  });

  it('counts only opening hours towards a backlog', async () => {
    const site = await deliverySite(ctx.db, {
      open: '08:00',
      close: '20:00',
      devices: [{ since: `${day(-1)}T00:00:00Z` }],
    });
    const device = site.devices[0]!;
    const clock = await clockedApp(ctx, at('19:30'));
    // 30 minutes before closing, then the night, then 30 minutes after opening: an hour in all.
    await clock.at(at('19:30'), device.token, { queue_depth: 8 });
    await clock.at(at('23:00'), device.token, { queue_depth: 8 });
    await clock.at(at('08:29', day(1)), device.token, { queue_depth: 8 });
    expect(await alertsOf(device.id)).toEqual([]);
    await clock.at(at('08:31', day(1)), device.token, { queue_depth: 8 });
    const [alert] = await alertsOf(device.id);
    expect(alert).toMatchObject({ kind: 'plays_backlog', ended_at: null });
    expect(new Date(alert!.started_at).toISOString()).toBe(at('08:30', day(1)).toISOString());
  });
});
