// Calls of an image box: the images of one object at `{endpoint}` (list, upload, remove, activate).
import { IMAGE_FIELD, type Image, type ImageList } from '@marquee/contracts/images';
import { api } from '../../lib/api.ts';

/** One uploaded image; `url` is served from the same origin with the session cookie. */
export type ImageItem = Image;

export const imagesQueryKey = (endpoint: string) => ['images', endpoint] as const;

/** The box shows its own loading state: no overlay. */
export const fetchImages = (endpoint: string, { signal }: { signal?: AbortSignal } = {}) =>
  api.get<ImageList>(endpoint, { signal, background: true });

/** Multipart POST with field `image`; a 400 (`image: [...]`) is toasted by the api client. */
export function uploadImage(endpoint: string, file: File) {
  const form = new FormData();
  form.append(IMAGE_FIELD, file);
  return api.post<ImageItem>(endpoint, form, { background: true });
}

export const removeImage = (endpoint: string, imageId: number) => api.delete(`${endpoint}${imageId}/`);

export const activateImage = (endpoint: string, imageId: number) =>
  api.post<ImageItem>(`${endpoint}${imageId}/activate/`);
