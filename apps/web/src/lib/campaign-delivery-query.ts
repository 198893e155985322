// GET /api/campaigns/{id}/delivery/: its address and its cache key. The delivery report and the
// campaign page's delivery line both ask for it; one key means the report, opened from the
// campaign, shows the totals already fetched.
import type { DeliveryGroup } from '@marquee/contracts/delivery';
import { resources } from '@marquee/contracts/resources';

export const campaignDeliveryEndpoint = (id: number) => `${resources.campaigns.endpoint}${id}/delivery/`;

/** A period of days (yyyy-MM-dd in the server's time zone); empty ends are left open. */
export type DeliveryPeriod = { date__gte?: string; date__lte?: string };

export const deliveryPeriodQuery = ({ date__gte, date__lte }: DeliveryPeriod) => ({
  date__gte: date__gte || undefined,
  date__lte: date__lte || undefined,
});

export const campaignDeliveryQueryKey = (id: number, group: DeliveryGroup, period: DeliveryPeriod = {}) =>
  ['campaigns', 'delivery', 'detail', id, group, deliveryPeriodQuery(period)] as const;
