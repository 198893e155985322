// Images attached to objects (users now; locations, advertisers and products later).
import { z } from 'zod';

export const image = z.object({
  id: z.number().int(),
  /** Where the bytes are served (needs a session): `/api/media/images/<id>/`. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Stored size in bytes, after re-encoding. */
  size: z.number().int(),
  /** The image the object shows; an object has at most one active image. */
  is_active: z.boolean(),
});
export type Image = z.infer<typeof image>;

export const imageList = z.object({ results: z.array(image) });
export type ImageList = z.infer<typeof imageList>;

/** The multipart field that carries the upload. */
export const IMAGE_FIELD = 'image';

export const mediaImagesEndpoint = '/api/media/images/';
export const imageUrl = (id: number) => `${mediaImagesEndpoint}${id}/`;

export const imageTexts = {
  tooLarge: 'The image is too large.',
  noMoreImages: 'No more images can be added.',
} as const;
