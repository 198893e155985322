// POST /api/videoclip-media/ (multipart `video_file`) with upload progress; the answer is the probed
// media whose id goes into the clip's `video`. A 400's `video_file` messages are left to the screen.
import { VIDEO_FILE_FIELD, videoclipMediaEndpoint, type VideoMedia } from '@marquee/contracts/videoclips';
import { api } from '../../../lib/api.ts';

export type UploadVideoOptions = {
  /** 0 … 1 */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
};

export function uploadVideo(file: File, { onProgress, signal }: UploadVideoOptions = {}): Promise<VideoMedia> {
  const form = new FormData();
  form.append(VIDEO_FILE_FIELD, file);
  // The upload shows its own progress bar: no loading overlay.
  return api.upload<VideoMedia>(videoclipMediaEndpoint, form, {
    onProgress: (fraction) => onProgress?.(fraction),
    signal,
    formErrors: true,
    background: true,
  });
}
