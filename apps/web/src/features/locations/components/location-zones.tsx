// The Zones tab of a location: its zones by number with the name edited in place and the overlay,
// and adding a zone for a configured number the location does not have yet.
import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { ListLoadError, ListSkeleton } from '../../../components/list-states.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';
import { useLocationZones } from '../api/get-location-zones.ts';
import { rowPermissions } from '../api/location-action.ts';
import { AddZoneModal } from './add-zone-modal.tsx';
import { ZoneNameEditor } from './zone-name-editor.tsx';
import { ZoneOverlayCell } from './zone-overlay-cell.tsx';

export type LocationZonesProps = {
  locationId: number;
  /** May add zones to this location (a change of the location). */
  canChangeLocation: boolean;
};

export function LocationZones({ locationId, canChangeLocation }: LocationZonesProps) {
  const zones = useLocationZones(locationId);
  const config = useAppConfig();
  const [adding, setAdding] = useState(false);
  const rows = zones.data?.results ?? [];
  const listPermissions = zones.data?._permissions ?? [];
  const taken = new Set(rows.map((zone) => zone.zone_number));
  const freeNumbers = (config?.zones ?? []).filter((number) => !taken.has(number));
  const canAdd = canChangeLocation || permissionFlags(listPermissions, 'locationzone').canAdd;

  const body = (() => {
    if (zones.isPending) {
      return <ListSkeleton rows={3} height={44} testId="zones-skeleton" />;
    }
    if (zones.isError) {
      return <ListLoadError what="zones" onRetry={() => void zones.refetch()} />;
    }
    if (!rows.length) {
      return (
        <Text c="dimmed" ta="center" py="lg">
          This location has no zones yet.
        </Text>
      );
    }
    return (
      <Table.ScrollContainer minWidth={640}>
        <Table aria-label="Zones" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={90}>
                Zone
              </Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Overlay</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((zone) => {
              const readOnly = !permissionFlags(rowPermissions(zone, listPermissions), 'locationzone').canChange;
              return (
                <Table.Tr key={zone.id}>
                  <Table.Td>{zone.zone_number}</Table.Td>
                  <Table.Td>
                    <ZoneNameEditor zone={zone} readOnly={readOnly} />
                  </Table.Td>
                  <Table.Td>
                    <ZoneOverlayCell zone={zone} readOnly={readOnly} />
                  </Table.Td>
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
          An overlay is shown over the video in its zone, e.g. a frame or a price tag.
        </Text>
        {/* New locations get every configured zone; a zone number can be missing only on older ones. */}
        {canAdd && zones.isSuccess && freeNumbers.length > 0 && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            Add zone
          </Button>
        )}
      </Group>
      {body}
      <AddZoneModal
        locationId={locationId}
        freeNumbers={freeNumbers}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </Stack>
  );
}
