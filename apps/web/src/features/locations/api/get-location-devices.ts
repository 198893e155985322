// GET /api/locations/:id/data_devices/: the devices registered on the location, every page.
import type { Device } from '@marquee/contracts/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchAllPages } from '../../../lib/fetch-pages.ts';
import { locationActionPath, locationDevicesKey } from './location-action.ts';

export type DeviceRow = Device & { _permissions?: string[] };

const params = { ordering: 'serial_number', page_size: 100 };

export const locationDevicesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: locationDevicesKey(id),
    queryFn: ({ signal }) => fetchAllPages<DeviceRow>(locationActionPath(id, 'data_devices'), params, { signal }),
  });

export const useLocationDevices = (id: number) => useQuery(locationDevicesQueryOptions(id));
