// The zones of the calendar's location in a campaign's details, ZONES_CALENDAR_PAGE_SIZE a page
// (page in the URL as zones_page): number, name, overlay, and whether the campaign plays there and
// shows its overlay there.
import { Badge, Center, Image, Stack, Table, Text } from '@mantine/core';
import type { Campaign } from '@marquee/contracts/campaigns';
import { permissionFlags } from '@marquee/contracts/common';
import { ZONES_CALENDAR_PAGE_SIZE } from '@marquee/contracts/constants';
import type { LocationZone } from '@marquee/contracts/locations';
import { useSearchParams } from 'react-router';
import { ListLoadError, ListSkeleton, staleRows } from '../../../../components/list-states.tsx';
import { useCurrentUser } from '../../../../lib/current-user.ts';
import { useCalendarZones } from '../../api/get-calendar-location.ts';
import { CalendarPager } from './calendar-pager.tsx';

export type CalendarZonesProps = {
  locationId: number;
  locationName: string;
  campaign: Pick<Campaign, 'p_zones' | 'p_zones_overlay'>;
};

const PAGE_PARAM = 'zones_page';

/** Read with its column header ("Plays here", "Shows the overlay"). */
function YesNo({ yes }: { yes: boolean }) {
  return (
    <Badge variant="light" color={yes ? 'teal' : 'gray'}>
      {yes ? 'Yes' : 'No'}
    </Badge>
  );
}

function Overlay({ zone }: { zone: LocationZone }) {
  if (zone.image) {
    return (
      <Image
        src={zone.image.url}
        alt={`Overlay of zone ${zone.zone_number}`}
        w={64}
        h={40}
        fit="contain"
        radius="sm"
        bg="gray.1"
      />
    );
  }
  return (
    <Center w={64} h={40} style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 4 }}>
      <Text size="xs" c="dimmed">
        None
      </Text>
    </Center>
  );
}

export function CalendarZones({ locationId, locationName, campaign }: CalendarZonesProps) {
  const me = useCurrentUser();
  const canViewLocation = permissionFlags(me?._permissions, 'location').canView;
  const [params, setParams] = useSearchParams();
  const asked = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(asked) && asked > 0 ? asked : 1;
  const zones = useCalendarZones(locationId, page, canViewLocation);

  const setPage = (value: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value > 1) next.set(PAGE_PARAM, String(value));
        else next.delete(PAGE_PARAM);
        return next;
      },
      { replace: true },
    );

  if (!canViewLocation) {
    return (
      <Text size="sm" c="dimmed">
        Plays in zones {campaign.p_zones.join(', ') || 'none'}
        {campaign.p_zones_overlay.length > 0 && `, with the overlay in ${campaign.p_zones_overlay.join(', ')}`}. You may
        not view the zones of this location.
      </Text>
    );
  }
  if (zones.isPending) return <ListSkeleton rows={3} height={48} testId="calendar-zones-skeleton" />;
  if (zones.isError) return <ListLoadError what="zones" onRetry={() => void zones.refetch()} />;
  const rows = zones.data.results;
  if (!rows.length) {
    return (
      <Text c="dimmed" ta="center" py="md">
        {locationName} has no zones.
      </Text>
    );
  }

  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={560}>
        <Table
          aria-label={`Zones at ${locationName}`}
          verticalSpacing="xs"
          aria-busy={zones.isFetching}
          {...staleRows(zones.isPlaceholderData)}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col" w={80}>
                Zone
              </Table.Th>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Overlay</Table.Th>
              <Table.Th scope="col">Plays here</Table.Th>
              <Table.Th scope="col">Shows the overlay</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((zone) => (
              <Table.Tr key={zone.id}>
                <Table.Td>{zone.zone_number}</Table.Td>
                <Table.Td>{zone.name}</Table.Td>
                <Table.Td>
                  <Overlay zone={zone} />
                </Table.Td>
                <Table.Td>
                  <YesNo yes={campaign.p_zones.includes(zone.zone_number)} />
                </Table.Td>
                <Table.Td>
                  <YesNo yes={campaign.p_zones_overlay.includes(zone.zone_number)} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <CalendarPager
        noun="zones"
        page={page}
        pageSize={ZONES_CALENDAR_PAGE_SIZE}
        count={zones.data.count}
        onChange={setPage}
      />
    </Stack>
  );
}
