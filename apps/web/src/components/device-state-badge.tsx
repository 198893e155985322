// A device's screen-health state as a badge that always carries its words (deviceStateLabels), so
// colour is never the only sign: online green, stale playlist yellow, screen off orange, offline red,
// never reported outlined grey. Used by the Screens list, a location's Devices tab and the home.
import { Badge, type BadgeProps } from '@mantine/core';
import { deviceStateLabels, type DeviceState } from '@marquee/contracts/device-health';
import type { CSSProperties } from 'react';

type Look = { variant: 'filled' | 'outline'; color: string; /** Dark text where white would not read. */ dark?: true };

/** Text on each reads at 4.5:1 or better at every badge size (white on the green 5.4, on red.9 5.5;
 * black on yellow.5 13, on orange.7 6.9; gray.7 on white 8.2). */
export const deviceStateLooks: Record<DeviceState, Look> = {
  online: { variant: 'filled', color: '#237a35' },
  stale: { variant: 'filled', color: 'yellow.5', dark: true },
  screen_off: { variant: 'filled', color: 'orange.7', dark: true },
  offline: { variant: 'filled', color: 'red.9' },
  never: { variant: 'outline', color: 'gray.7' },
};

const darkText = { '--badge-color': 'var(--mantine-color-black)' } as CSSProperties;

export type DeviceStateBadgeProps = { state: DeviceState } & Pick<BadgeProps, 'size'>;

export function DeviceStateBadge({ state, size }: DeviceStateBadgeProps) {
  const look = deviceStateLooks[state];
  return (
    <Badge
      variant={look.variant}
      color={look.color}
      size={size}
      style={look.dark ? darkText : undefined}
      data-state={state}
      miw="max-content"
    >
      {deviceStateLabels[state]}
    </Badge>
  );
}
