// POST /api/devices/:id/commands/: queue reload, clear_cache or screenshot for a screen (change_device).
import type { DeviceCommand, DeviceCommandKind } from '@marquee/contracts/device-commands';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';
import { deviceCommandsQueryOptions } from './get-device-commands.ts';

export type SendDeviceCommandInput = { id: number; kind: DeviceCommandKind };

export const sendDeviceCommand = ({ id, kind }: SendDeviceCommandInput) =>
  api.post<DeviceCommand>(`${detailPath('devices', id)}commands/`, { kind });

export function useSendDeviceCommand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendDeviceCommand,
    onSuccess: async (_command, { id }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: deviceCommandsQueryOptions(id).queryKey }),
        queryClient.invalidateQueries({ queryKey: queryKeys.detail('devices', id) }),
      ]);
    },
  });
}
