// Choices the server's configuration decides and the screens need (GET /api/config/).
import { z } from 'zod';
import { GENDERS } from './campaigns.ts';

/** A configured choice: a stable id and what people read. */
const choice = z.object({ id: z.number().int(), label: z.string() });

export const appConfigEndpoint = '/api/config/';

export const appConfig = z.object({
  /** Largest video clip upload, bytes. */
  video_max_bytes: z.number().int(),
  /** Largest image upload, bytes. */
  image_max_bytes: z.number().int(),
  /** The zone numbers a location can have and a campaign can choose (e.g. 1–4). */
  zones: z.array(z.number().int()),
  /** The server's time zone (IANA name): dates and times are shown in it. */
  time_zone: z.string(),
  /** Age groups a campaign can target (`p_age` holds their ids). */
  age_groups: z.array(choice),
  /** Genders a campaign can target (`p_gender`). */
  genders: z.array(z.object({ value: z.enum(GENDERS), label: z.string() })),
  /** Times of day offered for a campaign's time window (HH:mm). */
  times: z.array(z.string()),
  /** Reasons an approver can give for rejecting; id 0 is "Other" and needs a text. */
  rejection_reasons: z.array(choice),
  /** Loop length (seconds) a new location gets unless the form says otherwise (LOOP_SECONDS). */
  loop_seconds: z.number().int(),
  /** Opening hours a new location gets (OPENING_HOURS, normalised: HH:mm, a close of 24:00 is
   * midnight, a close before the open runs past midnight), in `time_zone`. */
  opening_hours: z.object({ open_time: z.string(), close_time: z.string() }),
  /** Days raw plays are kept (RAW_EVENT_RETENTION_DAYS; null: for good): lists of single plays start at
   * `rawEventsFrom` of retention.ts, while the reports count every play. */
  raw_event_retention_days: z.number().int().nullable(),
  /** The longest run a campaign may have, in days with its start and end both counted
   * (MAX_CAMPAIGN_DAYS; see `campaignDateProblems`). */
  max_campaign_days: z.number().int(),
  /** Days a campaign waiting for approval holds its room after it was last saved (HOLD_DAYS; see
   * `holdExpiresAt` in inventory.ts). */
  hold_days: z.number().int(),
});
export type AppConfig = z.infer<typeof appConfig>;
