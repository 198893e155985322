// Whether a device is reporting: Online after a heartbeat, Offline once the server's sweep found it
// silent for longer than DEVICE_OFFLINE_MINUTES (its last_status is then OFFLINE_STATUS), and "Never
// reported" before its first heartbeat. Used by the location's Devices tab and the reports.
import { Text } from '@mantine/core';
import { OFFLINE_STATUS } from '@marquee/contracts/device-gateway';
import { StatusBadge } from './status-badge.tsx';

export function DeviceConnection({ status }: { status: string | null }) {
  if (status === null) {
    return (
      <Text span size="sm" c="dimmed">
        Never reported
      </Text>
    );
  }
  const online = status !== OFFLINE_STATUS;
  return <StatusBadge on={online}>{online ? 'Online' : 'Offline'}</StatusBadge>;
}
