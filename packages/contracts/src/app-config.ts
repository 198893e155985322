// Choices the server's configuration decides and the screens need (GET /api/config/).
import { z } from 'zod';

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
});
export type AppConfig = z.infer<typeof appConfig>;
