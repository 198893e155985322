// An outlined badge for a yes/no state (Active/Disabled, Online/Offline, has devices): dark teal when
// on, grey when off. Both colours keep the text's contrast above 4.5:1 on white.
import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';

export type StatusBadgeProps = { on: boolean; children: ReactNode; title?: string } & Pick<BadgeProps, 'size'>;

export function StatusBadge({ on, children, ...props }: StatusBadgeProps) {
  return (
    <Badge color={on ? 'teal.9' : 'gray.7'} variant="outline" {...props}>
      {children}
    </Badge>
  );
}
