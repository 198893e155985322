// What a player reports beyond its basic heartbeat facts and what staff can do from afar, as the Screens list,
// a location's Devices tab and a screen's page show it: the screenshot thumbnail, the plays waiting on the
// device (warning colours when they wait long, and whether they grow), the faults badge, and the command
// buttons with their history.
import { Anchor, Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  DEVICE_COMMAND_KINDS,
  deviceCommandLabels,
  deviceCommandTexts,
  type DeviceCommand,
  type DeviceCommandKind,
} from '@marquee/contracts/device-commands';
import { queueTrend } from '@marquee/contracts/device-health';
import type { Device } from '@marquee/contracts/locations';
import { IconArrowDown, IconArrowUp, IconCamera, IconEraser, IconRefresh } from '@tabler/icons-react';
import { formatAge, useNow } from '../../../lib/age.ts';
import { formatQueueTrend, queueLevel } from '../../../lib/device-facts.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { showSuccess } from '../../../lib/notifications.ts';
import { deviceScreenshotUrl, useDeviceCommands } from '../api/get-device-commands.ts';
import { useSendDeviceCommand } from '../api/send-device-command.ts';
import { SmallTable } from '../../../components/small-table.tsx';
import { NotReported } from './device-facts.tsx';

type RemoteDevice = Pick<
  Device,
  | 'id'
  | 'serial_number'
  | 'screenshot_at'
  | 'queue_depth'
  | 'queue_since'
  | 'queue_depth_before'
  | 'faults_recent'
  | 'last_fault_at'
>;

/** The latest screenshot, small, linking to the full picture; a dash before the first one. */
export function ScreenshotThumbnail({ device, width = 96 }: { device: RemoteDevice; width?: number }) {
  if (!device.screenshot_at) return <NotReported>No screenshot</NotReported>;
  const url = deviceScreenshotUrl(device.id, device.screenshot_at);
  const taken = formatDateTime(device.screenshot_at);
  return (
    <Anchor
      href={url}
      target="_blank"
      rel="noopener"
      aria-label={`Screenshot of ${device.serial_number}, taken ${taken} (opens in a new tab)`}
    >
      <Image
        src={url}
        alt=""
        w={width}
        h={Math.round((width * 9) / 16)}
        fit="contain"
        radius="sm"
        bg="dark.9"
        title={`Taken ${taken}`}
        loading="lazy"
      />
    </Anchor>
  );
}

/** Filled, with text the contrast picks (dark on yellow, white on dark red): above 4.5:1 either way. */
const queueColors = { none: 'gray.7', waiting: 'yellow.4', old: 'red.9' } as const;

/** The plays waiting on the device: "Empty", or the number waiting and for how long, yellow while they
 * wait, red past an hour (when a backlog alert may open); below, whether the queue grew since the report
 * before (a device that cannot send, in red) or drained. */
export function QueueFact({ device }: { device: RemoteDevice }) {
  const now = useNow();
  if (device.queue_depth === null) return <NotReported />;
  const level = queueLevel(device, now);
  if (level === 'none') {
    return (
      <Text span size="sm">
        Empty
      </Text>
    );
  }
  const age = device.queue_since ? formatAge(device.queue_since, now) : '';
  return (
    <Stack gap={0}>
      <Badge variant="filled" color={queueColors[level]} autoContrast miw="max-content" data-level={level}>
        {device.queue_depth.toLocaleString('en')} waiting
      </Badge>
      {age && (
        <Text span size="xs" c="dimmed">
          for {age}
        </Text>
      )}
      <QueueTrendLine device={device} />
    </Stack>
  );
}

/** "↑ growing (+40 since the last report)" in red, or "↓ draining (…)" dimmed; nothing while steady or
 * without a report before. The words carry the meaning; the arrow only repeats it. */
function QueueTrendLine({ device }: { device: RemoteDevice }) {
  const trend = queueTrend(device);
  const text = formatQueueTrend(trend);
  if (!trend || !text) return null;
  const growing = trend.direction === 'growing';
  const Icon = growing ? IconArrowUp : IconArrowDown;
  return (
    <Group gap={2} wrap="nowrap" c={growing ? 'red.9' : 'dimmed'} data-trend={trend.direction}>
      <Icon size={12} aria-hidden />
      <Text span size="xs" fw={growing ? 600 : undefined}>
        {text}
      </Text>
    </Group>
  );
}

/** Faults the player reported in the 24 hours up to its last report, with when the last one was. */
export function FaultsBadge({ device }: { device: RemoteDevice }) {
  if (!device.faults_recent) return <NotReported>None</NotReported>;
  const last = device.last_fault_at ? `, the last at ${formatDateTime(device.last_fault_at)}` : '';
  return (
    <Badge
      variant="filled"
      color="orange.3"
      autoContrast
      miw="max-content"
      title={`${device.faults_recent} faults in the 24 hours up to its last report${last}`}
    >
      {device.faults_recent.toLocaleString('en')} {device.faults_recent === 1 ? 'fault' : 'faults'}
    </Badge>
  );
}

const commandIcons: Record<DeviceCommandKind, typeof IconRefresh> = {
  reload: IconRefresh,
  clear_cache: IconEraser,
  screenshot: IconCamera,
};

/** The buttons that queue a command for the screen (clearing its cache asks first). */
export function CommandButtons({ device }: { device: RemoteDevice }) {
  const send = useSendDeviceCommand();
  const queue = (kind: DeviceCommandKind) =>
    send.mutate(
      { id: device.id, kind },
      {
        onSuccess: () =>
          showSuccess(`"${deviceCommandLabels[kind]}" queued: the screen carries it out at its next report.`),
      },
    );
  const ask = (kind: DeviceCommandKind) =>
    kind === 'clear_cache'
      ? modals.openConfirmModal({
          title: 'Clear cache',
          children: <Text size="sm">{deviceCommandTexts.clearCacheConfirm}</Text>,
          labels: { confirm: 'Clear cache', cancel: 'Cancel' },
          confirmProps: { color: 'red' },
          onConfirm: () => queue(kind),
        })
      : queue(kind);
  return (
    <Group gap="sm">
      {DEVICE_COMMAND_KINDS.map((kind) => {
        const Icon = commandIcons[kind];
        return (
          <Button
            key={kind}
            variant="outline"
            color={kind === 'clear_cache' ? 'red' : undefined}
            leftSection={<Icon size={16} aria-hidden />}
            loading={send.isPending && send.variables?.kind === kind}
            onClick={() => ask(kind)}
          >
            {deviceCommandLabels[kind]}
          </Button>
        );
      })}
    </Group>
  );
}

const commandStatus = (c: DeviceCommand) =>
  c.done_at
    ? `Done ${formatDateTime(c.done_at)}`
    : c.delivered_at
      ? `Sent ${formatDateTime(c.delivered_at)}`
      : 'Queued';

/** The latest commands with who queued them and how far each got. */
export function CommandHistory({ deviceId }: { deviceId: number }) {
  const commands = useDeviceCommands(deviceId);
  if (commands.isError) {
    return (
      <Text size="sm" c="red.9">
        The commands could not be loaded.
      </Text>
    );
  }
  const rows = commands.data?.results ?? [];
  if (!commands.data) return null;
  return (
    <SmallTable
      label="Commands"
      empty={deviceCommandTexts.noCommands}
      minWidth={480}
      rows={rows}
      rowKey={(c) => c.id}
      columns={[
        { header: 'Command', cell: (c) => deviceCommandLabels[c.kind] },
        { header: 'Queued', cell: (c) => formatDateTime(c.issued_at) },
        { header: 'By', cell: (c) => c.issued_by_name ?? '—' },
        { header: 'Status', cell: commandStatus },
      ]}
    />
  );
}
