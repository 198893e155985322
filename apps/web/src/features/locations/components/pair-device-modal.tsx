// Pairing a screen: the code it shows, a serial number and the zones it shows (zone 1 unless chosen
// otherwise) in a dialog; the server makes the device and the screen fetches its token itself, so the
// dialog ends by showing the new device.
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { PAIRING_CODE_LENGTH, devicePairInput } from '@marquee/contracts/device-pairing';
import type { Device } from '@marquee/contracts/locations';
import { IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { withTextRule } from '../../../lib/control-characters.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useLocationZones } from '../api/get-location-zones.ts';
import { usePairDevice } from '../api/pair-device.ts';

type Values = { code: string; serial_number: string; zones: number[] };

const schema = devicePairInput.pick({ code: true, serial_number: true, zones: true });
const FIELDS = ['code', 'serial_number', 'zones'] as const;

export type PairDeviceModalProps = { locationId: number; opened: boolean; onClose: () => void };

export const zonesText = (zones: readonly number[]) =>
  zones.length === 1 ? `zone ${zones[0]}` : `zones ${zones.join(', ')}`;

function PairDeviceForm({
  locationId,
  onClose,
  onPaired,
}: Omit<PairDeviceModalProps, 'opened'> & { onPaired: (device: Device) => void }) {
  const pair = usePairDevice();
  const zones = useLocationZones(locationId);
  const numbers = (zones.data?.results ?? []).map((z) => z.zone_number);
  const {
    register: field,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { code: '', serial_number: '', zones: [1] },
    resolver: withTextRule(zodResolver(schema)),
  });

  const submit = handleSubmit(async (values) => {
    try {
      onPaired(await pair.mutateAsync({ ...values, location: locationId }));
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Code shown on the screen"
          description={`${PAIRING_CODE_LENGTH} letters and digits; it is valid for 15 minutes.`}
          required
          withAsterisk={false}
          autoComplete="off"
          data-autofocus
          styles={{ input: { fontFamily: 'monospace', letterSpacing: '0.2em', textTransform: 'uppercase' } }}
          error={errors.code?.message}
          {...field('code')}
        />
        <TextInput
          label="Serial number or name"
          required
          withAsterisk={false}
          autoComplete="off"
          error={errors.serial_number?.message}
          {...field('serial_number')}
        />
        <Controller
          control={control}
          name="zones"
          render={({ field: zonesField, fieldState }) => (
            <Checkbox.Group
              label="Zones the screen shows"
              value={zonesField.value.map(String)}
              onChange={(next) => zonesField.onChange(next.map(Number).sort((a, b) => a - b))}
              error={fieldState.error?.message}
            >
              <Group gap="md" mt="xs">
                {numbers.map((zone, index) => (
                  <Checkbox
                    key={zone}
                    value={String(zone)}
                    label={`Zone ${zone}`}
                    ref={index === 0 ? zonesField.ref : undefined}
                  />
                ))}
                {zones.isSuccess && !numbers.length && (
                  <Text size="sm" c="dimmed">
                    The location has no zones.
                  </Text>
                )}
              </Group>
            </Checkbox.Group>
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Pair
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function PairDeviceModal({ opened, locationId, onClose }: PairDeviceModalProps) {
  const [paired, setPaired] = useState<Device | null>(null);
  const close = () => {
    setPaired(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Pair a screen" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened && paired && (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<IconCheck aria-hidden />} title="Screen paired">
            Device <strong>{paired.serial_number}</strong> shows {zonesText(paired.zones)}. The screen receives its
            token by itself within a few seconds.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      )}
      {/* A fresh form each time the dialog opens. */}
      {opened && !paired && <PairDeviceForm locationId={locationId} onClose={close} onPaired={setPaired} />}
    </Modal>
  );
}
