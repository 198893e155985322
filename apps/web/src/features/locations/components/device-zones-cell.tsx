// The zones a device shows, on the location's Devices tab; those who may change the device change
// them in place (at least one of the location's zones).
import { ActionIcon, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-client.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import type { DeviceRow } from '../api/get-location-devices.ts';
import { useLocationZones } from '../api/get-location-zones.ts';
import { useSetDeviceZones } from '../api/set-device-zones.ts';

export function DeviceZonesCell({ device, canChange }: { device: DeviceRow; canChange: boolean }) {
  const [opened, setOpened] = useState(false);
  const [chosen, setChosen] = useState<number[]>(device.zones);
  const [error, setError] = useState<string | null>(null);
  const zones = useLocationZones(device.location, { enabled: canChange && opened });
  const save = useSetDeviceZones();
  const numbers = (zones.data?.results ?? []).map((z) => z.zone_number);
  const text = device.zones.length ? device.zones.join(', ') : '–';

  if (!canChange) return <Text size="sm">{text}</Text>;
  const submit = () => {
    // A zone the location no longer has (deleted since) has no box to untick: it goes.
    const kept = zones.isSuccess ? chosen.filter((zone) => numbers.includes(zone)) : chosen;
    if (!kept.length) {
      setError('Choose at least one zone.');
      return;
    }
    save.mutate(
      { id: device.id, zones: kept },
      {
        onSuccess: () => {
          setOpened(false);
          showSuccess(`Device "${device.serial_number}" shows zones ${kept.join(', ')}.`);
        },
        onError: (err) => setError(isApiError(err) ? (err.fieldErrors.zones?.join(' ') ?? null) : null),
      },
    );
  };
  if (!opened) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="sm">{text}</Text>
        <ActionIcon
          variant="subtle"
          size="sm"
          aria-label={`Change the zones of ${device.serial_number}`}
          onClick={() => {
            setChosen(device.zones);
            setError(null);
            setOpened(true);
          }}
        >
          <IconPencil size={14} aria-hidden />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <Stack gap="xs">
      <Checkbox.Group
        label={`Zones ${device.serial_number} shows`}
        value={chosen.map(String)}
        onChange={(next) => setChosen(next.map(Number).sort((a, b) => a - b))}
        error={error}
      >
        <Group gap="sm" mt={4}>
          {numbers.map((zone) => (
            <Checkbox key={zone} size="xs" value={String(zone)} label={`Zone ${zone}`} />
          ))}
        </Group>
      </Checkbox.Group>
      <Group gap="xs" wrap="nowrap">
        <Button size="xs" variant="default" onClick={() => setOpened(false)}>
          Cancel
        </Button>
        <Button size="xs" loading={save.isPending} onClick={submit}>
          Save zones
        </Button>
      </Group>
    </Stack>
  );
}
