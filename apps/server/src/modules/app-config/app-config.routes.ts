// GET /api/config/: the choices the server's configuration decides (limits, zones, time zone, a new
// location's loop and opening hours, the longest campaign run, how long holds last).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { appConfig, appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { detailError } from '@marquee/contracts/common';
import type { Config } from '../../config.ts';

export function registerAppConfigRoutes(app: FastifyInstance, config: Config) {
  const body: AppConfig = {
    video_max_bytes: config.video.maxBytes,
    image_max_bytes: config.media.maxBytes,
    zones: config.zones,
    time_zone: config.timeZone,
    age_groups: config.campaigns.ageGroups,
    genders: [
      { value: 'm', label: 'Men' },
      { value: 'f', label: 'Women' },
    ],
    times: config.campaigns.times,
    rejection_reasons: config.campaigns.rejectionReasons,
    loop_seconds: config.inventory.loopSeconds,
    opening_hours: config.inventory.openingHours,
    raw_event_retention_days: config.rawEventRetentionDays,
    max_campaign_days: config.maxCampaignDays,
    hold_days: config.holdDays,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      appConfigEndpoint,
      { schema: { tags: ['config'], response: { 200: appConfig, 401: detailError } } },
      () => body,
    );
}
