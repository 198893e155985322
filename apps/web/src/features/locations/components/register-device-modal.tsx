// Registering a device on a location: serial number and type in a dialog; the answer carries the
// device's secret token, handed to `onRegistered` to be shown once.
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEVICE_TYPES,
  deviceInput,
  deviceTypeLabels,
  type DeviceInput,
  type DeviceRegistered,
} from '@marquee/contracts/locations';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { withTextRule } from '../../../lib/control-characters.ts';
import { applyServerErrors } from '../../../lib/form-errors.ts';
import { useRegisterDevice } from '../api/register-device.ts';

type Values = { serial_number: string; device_type: string };

// The select holds text until a type is chosen.
const schema = deviceInput
  .omit({ location: true })
  .extend({ device_type: z.string().pipe(deviceInput.shape.device_type) });
const FIELDS = ['serial_number', 'device_type'] as const;
const typeOptions = DEVICE_TYPES.map((type) => ({ value: type, label: deviceTypeLabels[type] }));

export type RegisterDeviceModalProps = {
  locationId: number;
  opened: boolean;
  onClose: () => void;
  onRegistered: (device: DeviceRegistered) => void;
};

function RegisterDeviceForm({ locationId, onClose, onRegistered }: Omit<RegisterDeviceModalProps, 'opened'>) {
  const register = useRegisterDevice();
  const {
    register: field,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Omit<DeviceInput, 'location'>>({
    defaultValues: { serial_number: '', device_type: '' },
    resolver: withTextRule(zodResolver(schema)),
  });

  const submit = handleSubmit(async (values) => {
    try {
      const device = await register.mutateAsync({ ...values, location: locationId });
      onRegistered(device);
    } catch (error) {
      applyServerErrors(error, setError, FIELDS);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="Serial number"
          required
          withAsterisk={false}
          autoComplete="off"
          data-autofocus
          error={errors.serial_number?.message}
          {...field('serial_number')}
        />
        <Controller
          control={control}
          name="device_type"
          render={({ field: select, fieldState }) => (
            <Select
              label="Device type"
              required
              withAsterisk={false}
              data={typeOptions}
              value={select.value || null}
              onChange={(value) => select.onChange(value ?? '')}
              onBlur={select.onBlur}
              ref={select.ref}
              name={select.name}
              error={fieldState.error?.message}
              placeholder="Choose a type"
              allowDeselect={false}
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting}>
            Register
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function RegisterDeviceModal({ opened, ...props }: RegisterDeviceModalProps) {
  return (
    <Modal opened={opened} onClose={props.onClose} title="Register device" closeButtonProps={{ 'aria-label': 'Close' }}>
      {/* A fresh form each time the dialog opens. */}
      {opened && <RegisterDeviceForm {...props} />}
    </Modal>
  );
}
