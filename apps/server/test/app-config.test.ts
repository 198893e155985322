// GET /api/config/: the configured choices every signed-in user's screens need.
import { expect, it } from 'vitest';
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { loadConfig } from '../src/config.ts';
import { describeBackends } from './helpers/backends.ts';
import { asUser, Client, createUser, signIn } from './helpers/factories.ts';

describeBackends('app config', (ctx) => {
  it('answers 401 without a session', async () => {
    expect((await new Client(ctx.app).get(appConfigEndpoint)).statusCode).toBe(401);
  });

  it('gives every signed-in user the limits, zones and campaign choices', async () => {
    const client = await asUser(ctx, []);
    const res = await client.get(appConfigEndpoint);
    expect(res.statusCode).toBe(200);
    const body = res.json() as AppConfig;
    expect(body).toMatchObject({ zones: [1, 2, 3, 4], time_zone: 'UTC', genders: [{ value: 'm' }, { value: 'f' }] });
    expect(body.video_max_bytes).toBeGreaterThan(0);
    expect(body.age_groups[0]).toEqual({ id: 1, label: '0-17' });
    expect(body.times).toHaveLength(48);
    expect(body.times.slice(0, 3)).toEqual(['00:00', '00:30', '01:00']);
    expect(body.rejection_reasons.at(-1)).toEqual({ id: 0, label: 'Other' });
    // A new location's defaults (LOOP_SECONDS, OPENING_HOURS), so the location form can show them.
    expect(body.loop_seconds).toBe(60);
    expect(body.opening_hours).toEqual({ open_time: '06:00', close_time: '24:00' });
    // How long raw plays are kept (RAW_EVENT_RETENTION_DAYS), so the screens can say where they start.
    expect(body.raw_event_retention_days).toBe(400);
    // The longest campaign run (MAX_CAMPAIGN_DAYS), so the campaign form refuses what the server would.
    expect(body.max_campaign_days).toBe(1096);
    // How long a hold lasts (HOLD_DAYS), so the approval list can say when each one expires.
    expect(body.hold_days).toBe(7);
    expect(Object.keys(body).sort()).toEqual([
      'age_groups',
      'genders',
      'hold_days',
      'image_max_bytes',
      'loop_seconds',
      'max_campaign_days',
      'opening_hours',
      'raw_event_retention_days',
      'rejection_reasons',
      'time_zone',
      'times',
      'video_max_bytes',
      'zones',
    ]);
  });

  it("gives a new location's loop length and opening hours as the settings say, normalised", async () => {
    const { inventory } = loadConfig({ LOOP_SECONDS: '30', OPENING_HOURS: ' 18:00 - 0:00 ' });
    const app = await ctx.buildApp({ inventory });
    const user = await createUser(ctx.db);
    const client = await signIn(app, user.username, user.password);
    expect((await client.get(appConfigEndpoint)).json()).toMatchObject({
      loop_seconds: 30,
      opening_hours: { open_time: '18:00', close_time: '24:00' },
    });
  });
});

it('reads the campaign choices from the environment', () => {
  const config = loadConfig({
    AGE_GROUPS: 'kids, adults ,',
    REJECTION_REASONS: 'Blurry',
    TIME_STEP_MINUTES: '240',
    ZONE_COUNT: '2',
  });
  expect(config.campaigns.ageGroups).toEqual([
    { id: 1, label: 'kids' },
    { id: 2, label: 'adults' },
  ]);
  expect(config.campaigns.rejectionReasons).toEqual([
    { id: 1, label: 'Blurry' },
    { id: 0, label: 'Other' },
  ]);
  expect(config.campaigns.times).toEqual(['00:00', '04:00', '08:00', '12:00', '16:00', '20:00']);
  expect(config.zones).toEqual([1, 2]);
});
