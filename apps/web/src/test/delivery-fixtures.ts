// Test data of the delivery screens: campaigns with their delivery, report rows and totals.
import type { CampaignDelivery, DeliveryResponse, DeliveryRow, DeliveryTotals } from '@marquee/contracts/delivery';

const figures = {
  expected: 0,
  due: 0,
  delivered: 0,
  partial: 0,
  wrong_creative: 0,
  outside_schedule: 0,
  bonus: 0,
  impressions_measured: 0,
  impressions_modelled: 0,
  delivery_pct: null,
  pacing: null,
} satisfies Partial<DeliveryRow>;

export const totalsFixture = (extra: Partial<DeliveryTotals> = {}): DeliveryTotals => ({
  ...figures,
  goal_type: null,
  goal_value: null,
  contracted: 0,
  progress_pct: null,
  deliverable_plays: 0,
  deliverable_impressions: null,
  ...extra,
});

export const campaignDeliveryFixture = (extra: Partial<CampaignDelivery> = {}): CampaignDelivery => ({
  ...totalsFixture(),
  id: 1,
  sys_id: 'CMP-000001',
  name: 'Morning Blend launch',
  state: 10,
  start_date: '2026-11-23',
  end_date: '2026-12-10',
  advertiser: 1,
  advertiser_name: 'Northwind Coffee',
  ...extra,
});

export const deliveryRowFixture = (extra: Partial<DeliveryRow> = {}): DeliveryRow => ({ ...figures, ...extra });

export const deliveryResponseFixture = (
  results: DeliveryRow[],
  totals: Partial<DeliveryTotals> = {},
): DeliveryResponse => ({
  campaign: {
    id: 1,
    sys_id: 'CMP-000001',
    name: 'Morning Blend launch',
    state: 10,
    start_date: '2026-11-23',
    end_date: '2026-12-10',
  },
  as_of: '2026-11-26T14:00:00.000Z',
  time_zone: 'Europe/Berlin',
  _totals: totalsFixture(totals),
  results,
});
