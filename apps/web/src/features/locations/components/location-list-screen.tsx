// /location: the locations in a browse list (active or disabled, search), each linking to its page.
import { Anchor, Badge, Button, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { isLocationBooked, type Location } from '@marquee/contracts/locations';
import { IconLayoutGrid, IconMapPin, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { locationPath, paths } from '../../../app/paths.ts';
import { useBrowseBulk } from '../../../components/browse-list/browse-bulk.tsx';
import { BrowseList } from '../../../components/browse-list/browse-list.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { useLocationsBrowseList } from '../api/get-locations.ts';
import { devicesOnlineLabel } from './location-labels.ts';
import { SysIdText } from '../../../components/sys-id.tsx';

function LocationRow({ location }: { location: Location }) {
  return (
    <Group gap="md" wrap="nowrap" align="center">
      {location.image ? (
        <Image src={location.image} alt="" w={56} h={56} radius="sm" fit="cover" />
      ) : (
        <ThemeIcon variant="light" color="gray" size={56} radius="sm" aria-hidden>
          <IconMapPin size={24} />
        </ThemeIcon>
      )}
      <Stack gap={2} miw={0} style={{ flex: 1 }}>
        <Group gap="sm" wrap="wrap">
          <Anchor component={Link} to={locationPath(location.id)} fw={600}>
            {location.name}
          </Anchor>
          <SysIdText value={location.sys_id} />
        </Group>
        <Text size="sm" c="dimmed" truncate>
          {location.address || 'No address'}
        </Text>
      </Stack>
      <Badge
        variant="outline"
        color={
          location.data_devices_count && location.data_devices_online === location.data_devices_count
            ? 'teal.9'
            : 'gray.7'
        }
        style={{ flexShrink: 0 }}
      >
        {devicesOnlineLabel(location.data_devices_online, location.data_devices_count)}
      </Badge>
    </Group>
  );
}

/** Locations booked campaigns still go to: refused, unless disabled anyway (override_capacity). */
const disableAnyway = {
  overridable: isLocationBooked,
  prompt: {
    title: 'Disable anyway',
    consequence: 'Disabling them anyway takes their screens from the campaigns named; each change is logged.',
  },
};

export function LocationListScreen() {
  const me = useCurrentUser();
  const list = useLocationsBrowseList();
  const bulk = useBrowseBulk({
    list,
    resource: 'locations',
    model: 'location',
    noun: { one: 'location', many: 'locations' },
    nameOf: (location) => location.name,
    disableAnyway,
  });
  const { canAdd } = permissionFlags(list.permissions, 'location');
  const canListZones = permissionFlags(me?._permissions, 'locationzone').canList;

  return (
    <>
      <PageHeader
        title="Locations"
        breadcrumbs={[{ label: 'Locations', to: paths.locations }]}
        actions={
          <>
            {canListZones && (
              <Button
                component={Link}
                to={paths.locationZones}
                variant="default"
                leftSection={<IconLayoutGrid size={16} aria-hidden />}
              >
                Zone settings
              </Button>
            )}
            {canAdd && (
              <Button component={Link} to={paths.locationAdd} leftSection={<IconPlus size={16} aria-hidden />}>
                Add location
              </Button>
            )}
          </>
        }
      />
      <Paper withBorder p="md" radius="md">
        {bulk.toolbar}
        <BrowseList
          label="Locations"
          list={list}
          getKey={(location) => location.id}
          renderItem={(location) => bulk.item(location, <LocationRow location={location} />)}
          searchPlaceholder="Name, address or system id"
          emptyText="No locations found."
        />
      </Paper>
    </>
  );
}
