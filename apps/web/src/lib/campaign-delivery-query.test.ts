import { describe, expect, it } from 'vitest';
import { campaignDeliveryEndpoint, campaignDeliveryQueryKey } from './campaign-delivery-query.ts';

describe('campaignDeliveryQueryKey', () => {
  it('is the same for no period and a period with both ends empty (the report with none in its URL)', () => {
    expect(campaignDeliveryQueryKey(4, 'location', { date__gte: '', date__lte: '' })).toEqual(
      campaignDeliveryQueryKey(4, 'location'),
    );
  });

  it('tells campaigns, groupings and periods apart', () => {
    const key = campaignDeliveryQueryKey(4, 'location', { date__gte: '2026-11-01' });
    expect(key).not.toEqual(campaignDeliveryQueryKey(5, 'location', { date__gte: '2026-11-01' }));
    expect(key).not.toEqual(campaignDeliveryQueryKey(4, 'day', { date__gte: '2026-11-01' }));
    expect(key).not.toEqual(campaignDeliveryQueryKey(4, 'location', { date__gte: '2026-11-02' }));
  });

  it("addresses the campaign's delivery report", () => {
    expect(campaignDeliveryEndpoint(4)).toBe('/api/campaigns/4/delivery/');
  });
});
