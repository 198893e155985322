// /location/zones: the zones of every location in one grid (names and overlays), filtered by
// location and a search text, both kept in the URL.
import { Anchor, Group, Paper, Select, Stack } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { locationPath, paths } from '../../../app/paths.ts';
import { TextFilter } from '../../../components/data-table/text-filter.tsx';
import { Grid, type GridColumn } from '../../../components/grid/grid.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { useLocationChoices } from '../api/get-location-choices.ts';
import type { ZoneRow } from '../api/get-location-zones.ts';
import { ZoneNameEditor } from './zone-name-editor.tsx';
import { ZoneOverlayCell } from './zone-overlay-cell.tsx';

const ORDERING = 'location_name,zone_number';

function useZoneFilters() {
  const [params, setParams] = useSearchParams();
  // Build on the latest URL: the debounced search keeps an older callback.
  const latest = useRef(params);
  useLayoutEffect(() => {
    latest.current = params;
  }, [params]);
  const update = useCallback(
    (name: string, value: string | null) => {
      const next = new URLSearchParams(latest.current);
      if (value) next.set(name, value);
      else next.delete(name);
      latest.current = next;
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const location = Number(params.get('location'));
  return {
    location: Number.isInteger(location) && location > 0 ? location : undefined,
    search: params.get('search') ?? '',
    setLocation: (value: string | null) => update('location', value),
    setSearch: (value: string) => update('search', value.trim() || null),
  };
}

const canChange = (zone: ZoneRow) => permissionFlags(zone._permissions, 'locationzone').canChange;

const columns: GridColumn<ZoneRow>[] = [
  {
    id: 'location',
    header: 'Location',
    width: '22%',
    cell: (zone) => (
      <Anchor component={Link} to={`${locationPath(zone.location)}?tab=zones`} size="sm">
        {zone.location_name}
      </Anchor>
    ),
  },
  { id: 'zone', header: 'Zone', width: 64, cell: (zone) => zone.zone_number },
  {
    id: 'name',
    header: 'Name',
    width: '30%',
    cell: (zone) => <ZoneNameEditor zone={zone} readOnly={!canChange(zone)} withLocation />,
  },
  {
    id: 'overlay',
    header: 'Overlay',
    cell: (zone) => <ZoneOverlayCell zone={zone} readOnly={!canChange(zone)} withLocation />,
  },
];

export function ZoneSettingsScreen() {
  const filters = useZoneFilters();
  const locations = useLocationChoices();
  const options = useMemo(
    () => (locations.data ?? []).map((location) => ({ value: String(location.id), label: location.name })),
    [locations.data],
  );
  const params = { location: filters.location, search: filters.search || undefined, ordering: ORDERING };

  return (
    <>
      <PageHeader
        title="Zone settings"
        heading="Zone settings"
        breadcrumbs={[{ label: 'Locations', to: paths.locations }, { label: 'Zone settings' }]}
      />
      <Paper withBorder p="md" radius="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <Select
              label="Location"
              data={options}
              value={filters.location ? String(filters.location) : null}
              onChange={filters.setLocation}
              placeholder={locations.isPending ? 'Loading…' : 'Every location'}
              searchable
              // Thousands of locations: render the first matches only (typing narrows them).
              limit={100}
              clearable
              clearButtonProps={{ 'aria-label': 'Show every location' }}
              nothingFoundMessage="No such location"
              w={{ base: '100%', xs: 280 }}
            />
            <TextFilter
              label="Search"
              value={filters.search}
              onChange={filters.setSearch}
              placeholder="Zone or location name"
            />
          </Group>
          <Grid<ZoneRow>
            label="Zones"
            resource="locationZones"
            params={params}
            columns={columns}
            getRowId={(zone) => zone.id}
            rowHeight={64}
            minWidth={720}
            emptyText="No zones found."
          />
        </Stack>
      </Paper>
    </>
  );
}
