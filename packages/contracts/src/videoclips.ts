// Video clips: an uploaded video (media) with a name, of one product.
import { z } from 'zod';
import { boolFilter, id, idFilter, listQuery } from './common.ts';
import { campaignNames } from './locations.ts';

const required = 'This field is required.';

/** The multipart field of a clip upload. */
export const VIDEO_FILE_FIELD = 'video_file';
/** POST here (multipart `video_file`) to upload a video; the answer's id goes into a clip's `video`. */
export const videoclipMediaEndpoint = '/api/videoclip-media/';
export const mediaVideosEndpoint = '/api/media/videos/';
export const videoUrl = (mediaId: number) => `${mediaVideosEndpoint}${mediaId}/`;
export const videoThumbUrl = (mediaId: number) => `${mediaVideosEndpoint}${mediaId}/thumb/`;
export const videoPreviewUrl = (mediaId: number) => `${mediaVideosEndpoint}${mediaId}/preview/`;

export const videoThumb = z.object({
  /** A frame of the video at full size (jpg). */
  url: z.string(),
  /** The same frame, small, for lists. */
  preview: z.string(),
});

/** An uploaded, probed video file. */
export const videoMedia = z.object({
  id: z.number().int(),
  /** URL of the video bytes (range requests supported). */
  video_file: z.string(),
  /** The uploaded file's name, for the clip's default name. */
  file_name: z.string(),
  content_type: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** Seconds. */
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
  /** sha256 of the file, so devices can cache it. */
  checksum: z.string(),
  video_thumb: videoThumb,
});
export type VideoMedia = z.infer<typeof videoMedia>;

export const productRef = z.object({
  id: z.number().int(),
  name: z.string(),
  advertiser: z.number().int(),
  advertiser_name: z.string(),
});

export const videoclip = z.object({
  id: z.number().int(),
  sys_id: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  product: z.number().int(),
  product_data: productRef,
  /** Media id of the uploaded video. */
  video: z.number().int(),
  video_file: z.string(),
  video_thumb: videoThumb,
  size: z.number().int(),
  duration: z.number(),
  width: z.number().int(),
  height: z.number().int(),
});
export type Videoclip = z.infer<typeof videoclip>;

export const videoclipInput = z.object({
  name: z.string().trim().min(1, required).max(150),
  product: id,
  video: id,
});
export type VideoclipInput = z.infer<typeof videoclipInput>;

const CLIP_BOOKED = 'Booked campaigns still play this clip';

/** Whether a refusal's text is the one of disabling a clip booked campaigns play (the screens then
 * offer to disable anyway). */
export const isClipBooked = (text: string | undefined) => text?.startsWith(CLIP_BOOKED) ?? false;

export const videoclipTexts = {
  /** Disabling a clip that booked campaigns ending today or later play. */
  disableBooked: (campaigns: readonly string[]) =>
    `${CLIP_BOOKED}: ${campaignNames(campaigns)}. Disable it once they have ended, or disable it anyway.`,
  disableBookedOverride: (campaigns: readonly string[]) =>
    `Disabled although booked campaigns play it (override_capacity): ${campaignNames(campaigns)}.`,
} as const;

export const videoclipQuery = listQuery.extend({
  search: z.string().max(150).optional(),
  product: idFilter.optional(),
  product__advertiser: idFilter.optional(),
  /** Only clips of advertisers the signed-in user may use in campaigns (the campaign's clip box). */
  can_use_in_campaign: boolFilter.optional(),
});
export const videoclipOrdering = ['name', 'sys_id', 'id', 'duration', 'size'] as const;
