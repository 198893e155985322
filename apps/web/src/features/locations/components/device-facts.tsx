// What a device last reported, as the Screens list, a location's Devices tab and a screen's page show it:
// when (in the configured time zone, with its age), the playlist it applied, and its player facts, marked
// as the last known while the device is not reporting.
import { Box, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { Device } from '@marquee/contracts/locations';
import { screenTexts } from '@marquee/contracts/screens';
import { Fragment, type ReactNode } from 'react';
import { formatAge, useNow } from '../../../lib/age.ts';
import {
  formatDiskFree,
  formatTemperature,
  formatUptime,
  isReporting,
  shortVersion,
} from '../../../lib/device-facts.ts';
import { formatDateTime } from '../../../lib/format.ts';

const nowrap = { whiteSpace: 'nowrap' } as const;

/** A date and time in the configured zone that may wrap between the date and the time, never inside
 * either (a date would otherwise break at its hyphens in a narrow column). */
export function DateTime({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(' ');
  return (
    <Text span size="sm">
      <span style={nowrap}>{date}</span> <span style={nowrap}>{time}</span>
    </Text>
  );
}

/** Dimmed text standing for a fact the device has not reported. */
export function NotReported({ children = '—' }: { children?: string }) {
  return (
    <Text span size="sm" c="dimmed">
      {children}
    </Text>
  );
}

/** How the facts of a device that is not reporting look: in italics, never as current. Not faded: faded
 * text would fall below a readable contrast. */
export const lastKnownStyle = { fontStyle: 'italic' } as const;

/** A fact the device reported, as the last known while it is not reporting (`isReporting`): in italics,
 * with "last known" for screen readers and, on hover, when it was reported; as it is while it reports.
 * `inline` inside a line of text. */
export function LastKnown({
  device,
  inline = false,
  children,
}: {
  device: Pick<Device, 'state' | 'last_status_date'>;
  inline?: boolean;
  children: ReactNode;
}) {
  if (isReporting(device.state)) return children;
  return (
    <Box
      component={inline ? 'span' : 'div'}
      style={lastKnownStyle}
      title={
        device.last_status_date
          ? screenTexts.lastKnown(formatDateTime(device.last_status_date))
          : screenTexts.neverReported
      }
    >
      {children} <VisuallyHidden>(last known)</VisuallyHidden>
    </Box>
  );
}

/** The last report's time and age ("5 min ago"), with its status text when `withStatus`; "Never" before
 * the first one. */
export function LastReport({ device, withStatus = false }: { device: Device; withStatus?: boolean }) {
  const now = useNow();
  if (!device.last_status_date) return <NotReported>Never</NotReported>;
  const age = `${formatAge(device.last_status_date, now)} ago`;
  return (
    <Stack gap={0}>
      <DateTime value={device.last_status_date} />
      <Text span size="xs" c="dimmed">
        {withStatus && device.last_status ? `${device.last_status} · ${age}` : age}
      </Text>
    </Stack>
  );
}

/** When the device applied the playlist version it reports, and that version (shortened). */
export function PlaylistApplied({ device }: { device: Device }) {
  if (!device.playlist_version) return <NotReported />;
  return (
    <Stack gap={0}>
      {device.playlist_applied_at ? (
        <DateTime value={device.playlist_applied_at} />
      ) : (
        <Text span size="sm">
          —
        </Text>
      )}
      <Text span size="xs" c="dimmed" title={`Playlist version ${device.playlist_version}`}>
        Version{' '}
        <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>
          {shortVersion(device.playlist_version)}
        </span>
      </Text>
    </Stack>
  );
}

/** The player's facts it reported: app version, uptime, free disk, CPU temperature. */
export function playerFacts(device: Device): string[] {
  return [
    device.app_version && `App ${device.app_version}`,
    device.uptime_s !== null && `Up ${formatUptime(device.uptime_s)}`,
    device.disk_free_mb !== null && `${formatDiskFree(device.disk_free_mb)} free`,
    device.cpu_temp_c !== null && `CPU ${formatTemperature(device.cpu_temp_c)}`,
  ].filter((fact): fact is string => Boolean(fact));
}

/** The player's facts in one dimmed line that wraps between facts, never inside one, after `lead` (the
 * device type, not a reported fact: never marked as the last known); nothing without either. */
export function PlayerFacts({ device, lead }: { device: Device; lead?: string }) {
  const facts = playerFacts(device);
  if (!facts.length && !lead) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="player-facts">
      {lead && <span style={nowrap}>{lead}</span>}
      {lead && facts.length > 0 && ' · '}
      {facts.length > 0 && (
        <LastKnown device={device} inline>
          {facts.map((fact, index) => (
            <Fragment key={index}>
              {index > 0 && ' · '}
              <span style={nowrap}>{fact}</span>
            </Fragment>
          ))}
        </LastKnown>
      )}
    </Text>
  );
}
