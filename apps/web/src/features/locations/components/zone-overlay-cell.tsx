// A zone's overlay: its thumbnail, uploading one (jpg/png only, checked before sending) and
// removing it after a confirmation.
import { Button, Center, Group, Image, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { LocationZone } from '@marquee/contracts/locations';
import { messages } from '@marquee/contracts/texts';
import { IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useRef, type ChangeEvent } from 'react';
import { isSupportedImage } from '../../../components/image-box/image-box.tsx';
import { showSuccess, showWarning } from '../../../lib/notifications.ts';
import { useRemoveZoneOverlay, useUploadZoneOverlay } from '../api/set-zone-overlay.ts';

export type ZoneOverlayCellProps = {
  zone: Pick<LocationZone, 'id' | 'location' | 'location_name' | 'zone_number' | 'image'>;
  readOnly: boolean;
  withLocation?: boolean;
};

const ACCEPT = 'image/jpeg,image/png';

export function ZoneOverlayCell({ zone, readOnly, withLocation = false }: ZoneOverlayCellProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadZoneOverlay();
  const remove = useRemoveZoneOverlay();
  const name = `zone ${zone.zone_number}${withLocation ? ` at ${zone.location_name}` : ''}`;
  const busy = upload.isPending || remove.isPending;

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file can be picked again after a refusal.
    event.currentTarget.value = '';
    if (!file) return;
    if (!isSupportedImage(file)) {
      showWarning(messages.imageUnsupported);
      return;
    }
    upload.mutate({ zone, file }, { onSuccess: () => showSuccess(`Overlay of ${name} uploaded.`) });
  };

  const confirmRemove = () =>
    modals.openConfirmModal({
      title: 'Remove overlay',
      children: <Text size="sm">Do you want to remove the overlay of {name}?</Text>,
      labels: { confirm: 'Remove', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': 'Close' },
      onConfirm: () => remove.mutate({ zone }, { onSuccess: () => showSuccess(`Overlay of ${name} removed.`) }),
    });

  return (
    <Group gap="sm" wrap="nowrap">
      {zone.image ? (
        <Image
          src={zone.image.url}
          alt={`Overlay of ${name}`}
          w={64}
          h={40}
          fit="contain"
          radius="sm"
          bg="gray.1"
          style={{ flexShrink: 0 }}
        />
      ) : (
        <Center
          w={64}
          h={40}
          style={{ flexShrink: 0, border: '1px dashed var(--mantine-color-default-border)', borderRadius: 4 }}
        >
          <Text size="xs" c="dimmed">
            None
          </Text>
        </Center>
      )}
      {!readOnly && (
        <Group gap={6} wrap="wrap">
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            aria-label={`Overlay file of ${name}`}
            hidden
            onChange={pick}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPhotoUp size={14} aria-hidden />}
            loading={upload.isPending}
            disabled={busy}
            onClick={() => inputRef.current?.click()}
            aria-label={`${zone.image ? 'Replace' : 'Upload'} the overlay of ${name}`}
          >
            {zone.image ? 'Replace' : 'Upload'}
          </Button>
          {zone.image && (
            <Button
              size="xs"
              variant="outline"
              color="red"
              leftSection={<IconTrash size={14} aria-hidden />}
              loading={remove.isPending}
              disabled={busy}
              onClick={confirmRemove}
              aria-label={`Remove the overlay of ${name}`}
            >
              Remove
            </Button>
          )}
        </Group>
      )}
    </Group>
  );
}
