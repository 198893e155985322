// Choosing and uploading a clip's video (spec §5/§8): the file is checked first (attached, not over
// the configured size), then uploaded at once with a progress bar and a Cancel button. The server's
// `video_file` messages stay on screen until another file is chosen. The uploaded (or current)
// video shows as its thumbnail, duration, size and resolution.
import { Alert, Button, FileInput, Group, Image, List, Paper, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatFileSize } from '@marquee/contracts/files';
import { messages } from '@marquee/contracts/texts';
import { VIDEO_FILE_FIELD, type VideoMedia } from '@marquee/contracts/videoclips';
import { IconAlertTriangle, IconMovie, IconX } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDuration } from '../../../components/video-player/format-duration.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useAppConfig } from '../../../lib/app-config.ts';
import { fieldMessages } from '../../../lib/error-catalogue.ts';
import { uploadVideo } from '../api/upload-video.ts';

/** What the screens show of a video: an upload's answer, or the clip's own media fields. */
export type MediaSummary = Pick<VideoMedia, 'video_thumb' | 'duration' | 'size' | 'width' | 'height'> & {
  file_name?: string;
};

export type VideoUploadProps = {
  label?: string;
  /** The video shown below the picker. */
  media: MediaSummary | undefined;
  /** Another file was chosen (or the file removed): an earlier upload no longer counts. */
  onReset?: () => void;
  /** A file passed the checks and its upload starts (the clip's name may default to it). */
  onFileChosen?: (file: File) => void;
  onUploaded: (media: VideoMedia) => void;
  /** The form's message for the video (none attached, or the server refused it on save). */
  error?: string;
  disabled?: boolean;
};

type Upload = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'cancelled' };

/** Messages of a refused upload: its `video_file` ones, else every field's. */
function uploadMessages(error: unknown): string[] {
  if (!isApiError(error) || error.status !== 400) return [];
  const { non_field_errors: _shownByTheClient, ...fields } = error.fieldErrors;
  const own = fields[VIDEO_FILE_FIELD];
  if (own?.length) return own;
  return fieldMessages(fields);
}

export function VideoUpload({
  label = 'Video file',
  media,
  onReset,
  onFileChosen,
  onUploaded,
  error,
  disabled = false,
}: VideoUploadProps) {
  const config = useAppConfig();
  const [file, setFile] = useState<File | null>(null);
  const [upload, setUpload] = useState<Upload>({ state: 'idle' });
  /** The checks' or the server's messages about the chosen file; kept until another file is chosen. */
  const [problems, setProblems] = useState<string[]>([]);
  const controller = useRef<AbortController | null>(null);
  const alertId = useId();

  // Leaving the screen cancels a running upload.
  useEffect(() => () => controller.current?.abort(), []);

  const choose = (next: File | null) => {
    controller.current?.abort();
    controller.current = null;
    setFile(next);
    setUpload({ state: 'idle' });
    onReset?.();
    if (!next) {
      setProblems([messages.videoRequired]);
      return;
    }
    if (config && next.size > config.video_max_bytes) {
      setProblems([messages.videoTooBig]);
      return;
    }
    setProblems([]);
    onFileChosen?.(next);
    const running = new AbortController();
    controller.current = running;
    setUpload({ state: 'uploading', percent: 0 });
    uploadVideo(next, {
      signal: running.signal,
      onProgress: (fraction) => setUpload({ state: 'uploading', percent: Math.round(fraction * 100) }),
    }).then(
      (uploaded) => {
        if (controller.current !== running) return;
        controller.current = null;
        setUpload({ state: 'idle' });
        onUploaded(uploaded);
      },
      (failure: unknown) => {
        // Cancelled, or another file was chosen meanwhile.
        if (controller.current !== running) return;
        controller.current = null;
        setUpload({ state: 'idle' });
        // Other failures (connection, server error) were toasted by the api client.
        setProblems(uploadMessages(failure));
      },
    );
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setFile(null);
    setUpload({ state: 'cancelled' });
    onReset?.();
  };

  const shown = [...new Set([...problems, ...(error ? [error] : [])])];
  const uploading = upload.state === 'uploading';

  return (
    <Stack gap="sm">
      <FileInput
        label={label}
        description={
          config ? `A video file (mp4, webm, mov or mkv) up to ${formatFileSize(config.video_max_bytes)}.` : undefined
        }
        placeholder="Choose a video file"
        // A real text element (not an input placeholder), so it must meet the text contrast.
        styles={{ placeholder: { color: 'var(--mantine-color-dimmed)' } }}
        accept="video/*"
        value={file}
        onChange={choose}
        clearable={!uploading}
        clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
        leftSection={<IconMovie size={16} aria-hidden />}
        disabled={disabled || uploading}
        error={shown.length > 0}
        aria-describedby={shown.length ? alertId : undefined}
        name={VIDEO_FILE_FIELD}
      />
      {uploading && (
        <Group gap="sm" wrap="nowrap" align="center">
          <Progress
            value={upload.percent}
            size="lg"
            style={{ flex: 1 }}
            animated={upload.percent < 100}
            aria-label="Upload progress"
          />
          <Text size="sm" w={48} ta="right" aria-live="polite">
            {upload.percent}%
          </Text>
          <Button variant="default" size="xs" leftSection={<IconX size={14} aria-hidden />} onClick={cancel}>
            Cancel upload
          </Button>
        </Group>
      )}
      {uploading && upload.percent >= 100 && (
        <Text size="sm" c="dimmed">
          Checking the video…
        </Text>
      )}
      {upload.state === 'cancelled' && (
        <Text size="sm" c="dimmed" role="status">
          Upload cancelled.
        </Text>
      )}
      {shown.length > 0 && (
        <Alert id={alertId} color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {shown.length === 1 ? (
            shown[0]
          ) : (
            <List size="sm">
              {shown.map((text) => (
                <List.Item key={text}>{text}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}
      {media && <MediaDetails media={media} />}
    </Stack>
  );
}

export function MediaDetails({ media }: { media: MediaSummary }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Group gap="md" wrap="wrap" align="flex-start">
        <Image
          src={media.video_thumb.url}
          alt={media.file_name ? `Thumbnail of ${media.file_name}` : 'Thumbnail of the video'}
          w={192}
          h={108}
          fit="contain"
          radius="sm"
          bg="dark"
        />
        <SimpleGrid cols={2} spacing={4} verticalSpacing={4} component="dl" m={0}>
          {media.file_name && (
            <>
              <Text component="dt" size="sm" c="dimmed">
                File
              </Text>
              <Text component="dd" size="sm" m={0} style={{ wordBreak: 'break-all' }}>
                {media.file_name}
              </Text>
            </>
          )}
          <Text component="dt" size="sm" c="dimmed">
            Duration
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="media-duration">
            {formatDuration(media.duration)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Size
          </Text>
          <Text component="dd" size="sm" m={0} data-testid="media-size">
            {formatFileSize(media.size)}
          </Text>
          <Text component="dt" size="sm" c="dimmed">
            Resolution
          </Text>
          <Text component="dd" size="sm" m={0}>
            {media.width} × {media.height}
          </Text>
        </SimpleGrid>
      </Group>
    </Paper>
  );
}
