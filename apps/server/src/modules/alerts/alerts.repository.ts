// SQL of alerts: the list and one alert (with the campaigns at risk the user may see), opening an
// alert once (the unique index of open alerts), closing it once, the campaigns at risk of each, and
// what the sweep reads (locations with devices, open alerts, campaigns booked today at locations).
import { sql } from 'kysely';
import type { Alert, AlertKind, CampaignAtRisk } from '@marquee/contracts/alerts';
import type { Database } from '../../db/database.ts';
import type { ListOptions } from '../../http/crud.ts';
import { amongIds, applyPage, countOf } from '../../http/list.ts';
import { CAMPAIGN_TARGETING_COLUMNS } from '../campaigns/campaigns.repository.ts';

export type AlertFilters = {
  kind?: AlertKind;
  open?: boolean;
  location?: number;
  campaign?: number;
  id?: number;
  /** Advertiser isolation: campaign alerts of other advertisers' campaigns, and those campaigns among
   * the campaigns at risk, are left out. */
  visible_advertisers?: number[];
};

export type AtRiskRow = { alert_id: number; campaign_id: number; campaign_name: string; plays_lost: number };

/** The advertiser of a campaign (through its clip's product). */
const advertiserOf = (db: Database, campaignRef: string) =>
  db
    .selectFrom('campaigns as ac')
    .innerJoin('videoclips as av', 'av.id', 'ac.videoclip_id')
    .innerJoin('products as ap', 'ap.id', 'av.product_id')
    .select('ap.advertiser_id')
    .whereRef('ac.id', '=', sql.ref(campaignRef));

const base = (db: Database, filters: AlertFilters) => {
  let q = db
    .selectFrom('alerts')
    .leftJoin('devices', 'devices.id', 'alerts.device_id')
    .leftJoin('locations', 'locations.id', 'alerts.location_id')
    .leftJoin('campaigns', 'campaigns.id', 'alerts.campaign_id')
    .leftJoin('users', 'users.id', 'alerts.acknowledged_by')
    .select([
      'alerts.id',
      'alerts.kind',
      sql<boolean>`alerts.ended_at is null`.as('is_open'),
      'alerts.started_at',
      'alerts.ended_at',
      'alerts.device_id',
      'devices.serial_number as device_serial',
      'alerts.location_id',
      'locations.name as location_name',
      'alerts.campaign_id',
      'campaigns.name as campaign_name',
      'alerts.acknowledged_by',
      sql<string | null>`coalesce(nullif(users.full_name, ''), users.username)`.as('acknowledged_by_name'),
      'alerts.acknowledged_at',
      'alerts.acknowledge_note',
    ]);
  if (filters.id !== undefined) q = q.where('alerts.id', '=', filters.id);
  if (filters.kind !== undefined) q = q.where('alerts.kind', '=', filters.kind);
  if (filters.open !== undefined) q = q.where('alerts.ended_at', filters.open ? 'is' : 'is not', null);
  if (filters.location !== undefined) q = q.where('alerts.location_id', '=', filters.location);
  if (filters.campaign !== undefined) {
    const campaign = filters.campaign;
    q = q.where(({ or, eb, exists, selectFrom }) =>
      or([
        eb('alerts.campaign_id', '=', campaign),
        exists(
          selectFrom('alert_campaigns as ac')
            .select('ac.alert_id')
            .whereRef('ac.alert_id', '=', 'alerts.id')
            .where('ac.campaign_id', '=', campaign),
        ),
      ]),
    );
  }
  if (filters.visible_advertisers) {
    const visible = filters.visible_advertisers;
    q = q.where(({ or, eb }) =>
      or([
        eb('alerts.campaign_id', 'is', null),
        eb(advertiserOf(db, 'alerts.campaign_id'), 'in', visible.length ? visible : [0]),
      ]),
    );
  }
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** The campaigns at risk of the alerts, visible ones only, most plays lost first. */
async function atRiskOf(db: Database, ids: number[], visible?: number[]): Promise<Map<number, CampaignAtRisk[]>> {
  const result = new Map<number, CampaignAtRisk[]>();
  if (!ids.length) return result;
  let q = db
    .selectFrom('alert_campaigns as ac')
    .innerJoin('campaigns', 'campaigns.id', 'ac.campaign_id')
    .innerJoin('videoclips', 'videoclips.id', 'campaigns.videoclip_id')
    .innerJoin('products', 'products.id', 'videoclips.product_id')
    .select(['ac.alert_id', 'ac.campaign_id as campaign', 'campaigns.name as campaign_name', 'ac.plays_lost'])
    .where(amongIds('ac.alert_id', ids));
  if (visible) q = q.where(amongIds('products.advertiser_id', visible));
  const rows = await q.orderBy('ac.plays_lost', 'desc').orderBy('campaigns.name').orderBy('ac.campaign_id').execute();
  for (const { alert_id, ...r } of rows) result.set(alert_id, [...(result.get(alert_id) ?? []), r]);
  return result;
}

async function present(db: Database, rows: Row[], filters: AlertFilters): Promise<Alert[]> {
  const risks = await atRiskOf(
    db,
    rows.map((r) => r.id),
    filters.visible_advertisers,
  );
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind as AlertKind,
    open: r.is_open,
    started_at: iso(r.started_at)!,
    ended_at: iso(r.ended_at),
    device: r.device_id,
    device_serial: r.device_serial,
    location: r.location_id,
    location_name: r.location_name,
    campaign: r.campaign_id,
    campaign_name: r.campaign_name,
    campaigns_at_risk: risks.get(r.id) ?? [],
    acknowledged_by: r.acknowledged_by,
    acknowledged_by_name: r.acknowledged_by === null ? null : r.acknowledged_by_name,
    acknowledged_at: iso(r.acknowledged_at),
    acknowledge_note: r.acknowledge_note,
  }));
}

export const alertsRepository = {
  async list(db: Database, options: ListOptions<AlertFilters>): Promise<Alert[]> {
    return present(db, await applyPage(base(db, options.filters), options).execute(), options.filters);
  },
  count: (db: Database, filters: AlertFilters) => countOf(base(db, filters)),
  async get(db: Database, id: number, filters: AlertFilters = {}): Promise<Alert | undefined> {
    const rows = await base(db, { ...filters, id }).execute();
    return rows.length ? (await present(db, rows, filters))[0] : undefined;
  },

  /** Marks the open alert acknowledged by the user (with the note) unless it already was or has
   * closed meanwhile; false then. */
  async acknowledge(
    db: Database,
    { id, userId, at, note }: { id: number; userId: number; at: Date; note: string | null },
  ): Promise<boolean> {
    const rows = await db
      .updateTable('alerts')
      .set({ acknowledged_by: userId, acknowledged_at: at, acknowledge_note: note })
      .where('id', '=', id)
      .where('acknowledged_at', 'is', null)
      .where('ended_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length === 1;
  },

  /** Opens an alert unless one of its kind is open for the device (or campaign): its id, else null. */
  async open(
    db: Database,
    values: {
      kind: AlertKind;
      device_id: number | null;
      location_id: number | null;
      campaign_id: number | null;
      started_at: Date;
    },
  ): Promise<number | null> {
    const { rows } = await sql<{ id: number }>`
      insert into alerts (kind, device_id, location_id, campaign_id, started_at)
      values (${values.kind}, ${values.device_id}, ${values.location_id}, ${values.campaign_id}, ${values.started_at})
      on conflict do nothing
      returning id`.execute(db);
    return rows[0]?.id ?? null;
  },

  /** Ends an open alert at `at`; false when it was no longer open (another process closed it). */
  async close(db: Database, id: number, at: Date): Promise<boolean> {
    const rows = await db
      .updateTable('alerts')
      .set({ ended_at: sql`greatest(started_at, ${at}::timestamptz)` })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .returning('id')
      .execute();
    return rows.length === 1;
  },

  /** Writes the plays lost by each campaign at risk (new rows or updated ones). */
  async setAtRisk(db: Database, rows: AtRiskRow[]): Promise<void> {
    if (!rows.length) return;
    await sql`
      insert into alert_campaigns (alert_id, campaign_id, plays_lost)
      select * from unnest(${rows.map((r) => r.alert_id)}::int[], ${rows.map((r) => r.campaign_id)}::int[],
        ${rows.map((r) => r.plays_lost)}::int[])
      on conflict (alert_id, campaign_id) do update set plays_lost = excluded.plays_lost`.execute(db);
  },

  /** Active locations with at least one active device. */
  locationsWithDevices: async (db: Database): Promise<number[]> =>
    (
      await db
        .selectFrom('locations')
        .select('locations.id')
        .where('locations.is_active', '=', true)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('devices')
              .select('devices.id')
              .whereRef('devices.location_id', '=', 'locations.id')
              .where('devices.is_active', '=', true),
          ),
        )
        .orderBy('locations.id')
        .execute()
    ).map((r) => r.id),

  /** The open alerts of the given kinds. */
  openDeviceAlerts: (db: Database, kinds: readonly AlertKind[]) =>
    db
      .selectFrom('alerts')
      .select(['id', 'kind', 'device_id', 'location_id', 'started_at'])
      .where('ended_at', 'is', null)
      .where('kind', 'in', [...kinds])
      .orderBy('id')
      .execute() as Promise<
      { id: number; kind: AlertKind; device_id: number | null; location_id: number | null; started_at: Date }[]
    >,

  /** The campaigns in `states` on `today` at the locations, with their windows and zones. */
  bookedAt: (db: Database, { locations, today, states }: { locations: number[]; today: string; states: number[] }) =>
    db
      .selectFrom('campaigns')
      .innerJoin('campaign_locations as cl', 'cl.campaign_id', 'campaigns.id')
      .select(['cl.location_id', 'campaigns.id', 'campaigns.name', ...CAMPAIGN_TARGETING_COLUMNS])
      .where(amongIds('cl.location_id', locations))
      .where('campaigns.state', 'in', states)
      .where('campaigns.start_date', '<=', today)
      .where('campaigns.end_date', '>=', today)
      .orderBy('campaigns.id')
      .execute(),
};
