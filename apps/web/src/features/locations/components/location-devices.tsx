// The Devices tab of a location: its devices with their screen-health state and what they last
// reported (time and status, the playlist they applied, screen on, off or off by schedule with its latest
// screenshot; under the serial, the type and the player's app version, uptime, free disk and CPU
// temperature; what a device that is not reporting last told is marked as the last known, as on the
// screen's page) and the zones they show (changed in place), pairing a screen by the code it shows,
// registering a new one (its token is shown
// once) and disabling or enabling one after a confirmation (disabling names the booked campaigns that play
// at the location, and says when no other screen there would play them).
import { Badge, Box, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { deviceTypeLabels, type DeviceRegistered } from '@marquee/contracts/locations';
import { IconDeviceTv, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ActiveStateButton } from '../../../components/active-state-button.tsx';
import { DeviceStateBadge } from '../../../components/device-state-badge.tsx';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.tsx';
import { StatusBadge } from '../../../components/status-badge.tsx';
import { formatScreenState } from '../../../lib/device-facts.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { useLocationDevices, type DeviceRow } from '../api/get-location-devices.ts';
import { useDeviceDisableWarnings } from '../api/get-device-disable-impact.ts';
import { rowPermissions } from '../api/location-action.ts';
import { useSetDeviceActive } from '../api/set-device-active.ts';
import { LastKnown, LastReport, NotReported, PlayerFacts, PlaylistApplied } from './device-facts.tsx';
import { ScreenshotThumbnail } from './device-remote.tsx';
import { DeviceTokenDialog } from './device-token-dialog.tsx';
import { DeviceZonesCell } from './device-zones-cell.tsx';
import { PairDeviceModal } from './pair-device-modal.tsx';
import { RegisterDeviceModal } from './register-device-modal.tsx';

function DeviceStatusButton({ device }: { device: DeviceRow }) {
  const setActive = useSetDeviceActive();
  const warnings = useDeviceDisableWarnings();
  const setTo = (active: boolean) =>
    setActive.mutate(
      { id: device.id, location: device.location, active },
      { onSuccess: () => showSuccess(`Device "${device.serial_number}" ${active ? 'enabled' : 'disabled'}.`) },
    );
  return (
    <ActiveStateButton
      isActive={device.is_active}
      noun="device"
      name={device.serial_number}
      disableNote="It will no longer receive campaigns."
      disableWarnings={() => warnings([device.id])}
      again
      compact
      loading={setActive.isPending}
      onDisable={() => setTo(false)}
      onEnable={() => setTo(true)}
    />
  );
}

export function LocationDevices({ locationId }: { locationId: number }) {
  const devices = useLocationDevices(locationId);
  const [registering, setRegistering] = useState(false);
  const [pairing, setPairing] = useState(false);
  const [registered, setRegistered] = useState<DeviceRegistered | null>(null);
  const listPermissions = devices.data?._permissions ?? [];
  const { canAdd } = permissionFlags(listPermissions, 'device');
  const rows = devices.data?.results ?? [];
  const canChangeAny = rows.some((row) => permissionFlags(rowPermissions(row, listPermissions), 'device').canChange);

  const body = (() => {
    if (devices.isPending) {
      return <ListSkeleton rows={3} height={36} testId="devices-skeleton" />;
    }
    if (devices.isError) {
      return <ListLoadError what="devices" onRetry={() => void devices.refetch()} />;
    }
    if (!rows.length) {
      return (
        <Text c="dimmed" ta="center" py="lg">
          No devices are registered on this location.
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={940}>
        <Table aria-label="Devices" verticalSpacing="xs" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Serial number</Table.Th>
              <Table.Th scope="col">State</Table.Th>
              <Table.Th scope="col">Last report</Table.Th>
              <Table.Th scope="col">Playlist applied</Table.Th>
              <Table.Th scope="col">Screen</Table.Th>
              <Table.Th scope="col">Screenshot</Table.Th>
              <Table.Th scope="col">Zones</Table.Th>
              <Table.Th scope="col">Enabled</Table.Th>
              {canChangeAny && (
                <Table.Th scope="col">
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((device) => {
              const { canChange, canView } = permissionFlags(rowPermissions(device, listPermissions), 'device');
              const screenState = formatScreenState(device.screen_state, device.screen_on);
              return (
                <Table.Tr key={device.id}>
                  <Table.Td>
                    <Stack gap={2}>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                          {device.serial_number}
                        </Text>
                        {device.is_simulated && (
                          <Badge
                            size="sm"
                            variant="outline"
                            color="gray.7"
                            title="Registered by npm run simulate"
                            miw="max-content"
                          >
                            Simulated
                          </Badge>
                        )}
                      </Group>
                      <PlayerFacts device={device} lead={deviceTypeLabels[device.device_type] ?? device.device_type} />
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <DeviceStateBadge state={device.state} />
                  </Table.Td>
                  <Table.Td>
                    <LastReport device={device} withStatus />
                  </Table.Td>
                  <Table.Td>
                    {device.playlist_version ? (
                      <LastKnown device={device}>
                        <PlaylistApplied device={device} />
                      </LastKnown>
                    ) : (
                      <NotReported />
                    )}
                  </Table.Td>
                  <Table.Td>
                    {screenState ? <LastKnown device={device}>{screenState}</LastKnown> : <NotReported />}
                  </Table.Td>
                  <Table.Td>{canView ? <ScreenshotThumbnail device={device} /> : <NotReported />}</Table.Td>
                  <Table.Td>
                    <DeviceZonesCell device={device} canChange={canChange} />
                  </Table.Td>
                  <Table.Td>
                    <Box miw="max-content">
                      <StatusBadge on={device.is_active}>{device.is_active ? 'Active' : 'Disabled'}</StatusBadge>
                    </Box>
                  </Table.Td>
                  {canChangeAny && <Table.Td>{canChange && <DeviceStatusButton device={device} />}</Table.Td>}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  })();

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Devices show the location&apos;s campaigns; each signs in with its own token.
        </Text>
        {canAdd && (
          <Group gap="sm">
            <Button leftSection={<IconDeviceTv size={16} aria-hidden />} onClick={() => setPairing(true)}>
              Pair a screen
            </Button>
            <Button
              variant="default"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setRegistering(true)}
            >
              Register device
            </Button>
          </Group>
        )}
      </Group>
      {body}
      <RegisterDeviceModal
        locationId={locationId}
        opened={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(device) => {
          setRegistering(false);
          setRegistered(device);
          showSuccess(`Device "${device.serial_number}" registered.`);
        }}
      />
      <DeviceTokenDialog device={registered} onClose={() => setRegistered(null)} />
      <PairDeviceModal locationId={locationId} opened={pairing} onClose={() => setPairing(false)} />
    </Stack>
  );
}
