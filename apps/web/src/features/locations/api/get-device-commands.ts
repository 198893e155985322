// GET /api/devices/:id/commands/: the latest commands queued for a screen, for its page.
import type { DeviceCommandList } from '@marquee/contracts/device-commands';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';

export const deviceCommandsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...queryKeys.detail('devices', id), 'commands'] as const,
    queryFn: ({ signal }) => api.get<DeviceCommandList>(`${detailPath('devices', id)}commands/`, { signal }),
    // A command is handed out at the screen's next heartbeat (about a minute): follow it while the page is open.
    refetchInterval: 30_000,
  });

export const useDeviceCommands = (id: number, enabled = true) =>
  useQuery({ ...deviceCommandsQueryOptions(id), enabled });

/** The screen's latest screenshot; `at` (its time) makes a new picture a new address. */
export const deviceScreenshotUrl = (id: number, at: string) =>
  `${detailPath('devices', id)}screenshot/?at=${encodeURIComponent(at)}`;
