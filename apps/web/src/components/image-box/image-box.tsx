// Spec §1 image box: the images of one object, the active one marked; adding (jpg/png only, up to
// an optional limit), making one active and removing one (after a confirmation).
import { Button, Group, Image, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { messages } from '@marquee/contracts/texts';
import { IconPhotoPlus, IconStar, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, type ChangeEvent } from 'react';
import { showSuccess, showWarning } from '../../lib/notifications.ts';
import { StatusBadge } from '../status-badge.tsx';
import {
  activateImage,
  fetchImages,
  imagesQueryKey,
  removeImage,
  uploadImage,
  type ImageItem,
} from './image-box-api.ts';

const ACCEPTED_TYPES = ['image/jpeg', 'image/png'];
const ACCEPTED_EXTENSIONS = ['.jpg', '.jpeg', '.png'];

/** Spec §5: jpg and png only, by extension and (when the browser knows it) by MIME type. */
export function isSupportedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const name = file.name.toLowerCase();
  if (!ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return false;
  return file.type === '' || ACCEPTED_TYPES.includes(file.type);
}

export type ImageBoxProps = {
  /** The object's images endpoint, e.g. `/api/users/5/images/`. */
  endpoint: string;
  /** Section heading. */
  label: string;
  /** Adding is blocked once this many images exist. */
  maxImages?: number;
  readOnly?: boolean;
  /** After an image was added, removed or made active (the owner refreshes its own record). */
  onChange?: () => void | Promise<void>;
};

function Thumbnail({
  image,
  position,
  total,
  readOnly,
  busy,
  onActivate,
  onRemove,
}: {
  image: ImageItem;
  position: number;
  total: number;
  readOnly: boolean;
  busy: boolean;
  onActivate: () => void;
  onRemove: () => void;
}) {
  const captionId = useId();
  const name = `Image ${position} of ${total}${image.is_active ? ', active' : ''}`;
  return (
    <Paper
      component="figure"
      withBorder
      p="xs"
      radius="md"
      m={0}
      style={image.is_active ? { borderColor: 'var(--mantine-color-teal-8)', borderWidth: 2 } : undefined}
    >
      <Stack gap="xs" align="center">
        <Image src={image.url} alt={name} w={140} h={140} fit="contain" radius="sm" />
        <Group component="figcaption" id={captionId} gap="xs" justify="center">
          <Text size="xs" c="dimmed">
            {image.width} × {image.height}
          </Text>
          {image.is_active && (
            <StatusBadge on size="sm">
              Active
            </StatusBadge>
          )}
        </Group>
        {!readOnly && (
          <Group gap="xs" justify="center">
            {!image.is_active && (
              <Button
                size="xs"
                variant="default"
                leftSection={<IconStar size={14} aria-hidden />}
                aria-describedby={captionId}
                disabled={busy}
                onClick={onActivate}
              >
                Make active
              </Button>
            )}
            <Button
              size="xs"
              variant="outline"
              color="red.8"
              leftSection={<IconTrash size={14} aria-hidden />}
              aria-describedby={captionId}
              disabled={busy}
              onClick={onRemove}
            >
              Remove image
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

export function ImageBox({ endpoint, label, maxImages, readOnly = false, onChange }: ImageBoxProps) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const images = useQuery({
    queryKey: imagesQueryKey(endpoint),
    queryFn: ({ signal }) => fetchImages(endpoint, { signal }),
  });

  const refresh = async () => {
    await Promise.all([queryClient.invalidateQueries({ queryKey: imagesQueryKey(endpoint) }), onChange?.()]);
  };

  const upload = useMutation({
    mutationFn: (file: File) => uploadImage(endpoint, file),
    onSuccess: async () => {
      showSuccess(messages.imageAdded);
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: (imageId: number) => removeImage(endpoint, imageId),
    onSuccess: async () => {
      showSuccess(messages.imageRemoved);
      await refresh();
    },
  });
  const activate = useMutation({
    mutationFn: (imageId: number) => activateImage(endpoint, imageId),
    onSuccess: refresh,
  });

  const list = images.data?.results ?? [];
  const atLimit = maxImages !== undefined && list.length >= maxImages;
  const busy = upload.isPending || remove.isPending || activate.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file can be picked again after a refusal.
    event.currentTarget.value = '';
    if (!file) return;
    if (!isSupportedImage(file)) {
      showWarning(messages.imageUnsupported);
      return;
    }
    upload.mutate(file);
  };

  const confirmRemove = (image: ImageItem) =>
    modals.openConfirmModal({
      title: 'Remove image',
      children: <Text size="sm">{image.is_active ? messages.removeImage : 'Do you want to remove this image?'}</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => remove.mutate(image.id),
    });

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {label}
        </Title>
        {images.isPending ? (
          <Text size="sm" c="dimmed" aria-busy="true">
            Loading images…
          </Text>
        ) : images.isError ? (
          <Text size="sm" c="red.8">
            The images could not be loaded.
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No image.
          </Text>
        ) : (
          <Group gap="sm" align="flex-start">
            {list.map((image, index) => (
              <Thumbnail
                key={image.id}
                image={image}
                position={index + 1}
                total={list.length}
                readOnly={readOnly}
                busy={busy}
                onActivate={() => activate.mutate(image.id)}
                onRemove={() => confirmRemove(image)}
              />
            ))}
          </Group>
        )}
        {upload.isPending && (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden />
            <Text size="sm">Uploading image…</Text>
          </Group>
        )}
        {!readOnly && images.isSuccess && (
          <Group gap="sm">
            <input
              ref={inputRef}
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              aria-label="Image file"
              hidden
              disabled={atLimit || busy}
              onChange={pick}
            />
            <Button
              variant="default"
              leftSection={<IconPhotoPlus size={16} aria-hidden />}
              loading={upload.isPending}
              disabled={atLimit || busy}
              aria-describedby={atLimit ? hintId : undefined}
              onClick={() => inputRef.current?.click()}
            >
              Add image
            </Button>
            {atLimit ? (
              <Text size="sm" c="dimmed" id={hintId}>
                {maxImages === 1
                  ? 'Only one image is allowed: remove it to add another.'
                  : `At most ${maxImages} images are allowed: remove one to add another.`}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                JPG or PNG.
              </Text>
            )}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
