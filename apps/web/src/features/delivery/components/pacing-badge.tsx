// A campaign's pacing as a coloured badge that always carries its words (Ahead, On track, Behind, At
// risk), so colour is never the only sign: ahead blue, on track green, behind yellow, at risk red.
// Screen readers hear "Pacing: On track". Before anything was due there is no pacing yet.
import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';
import { pacingLabels, type Pacing } from '@marquee/contracts/delivery';

/** Filled colours with text of enough contrast (autoContrast picks dark text on the yellow). */
export const pacingColors: Record<Pacing, string> = {
  ahead: 'blue.8',
  on_track: 'green.9',
  behind: 'yellow.5',
  at_risk: 'red.8',
};

export const NOT_DUE_YET = 'Not due yet';

export type PacingBadgeProps = { pacing: Pacing | null | undefined } & Pick<BadgeProps, 'size'>;

export function PacingBadge({ pacing, size }: PacingBadgeProps) {
  const label = pacing ? pacingLabels[pacing] : NOT_DUE_YET;
  return (
    <Badge
      variant={pacing ? 'filled' : 'outline'}
      color={pacing ? pacingColors[pacing] : 'gray.7'}
      autoContrast
      size={size}
      title={`Pacing: ${label}`}
      data-pacing={pacing ?? 'none'}
      miw="max-content"
    >
      <VisuallyHidden>Pacing: </VisuallyHidden>
      {label}
    </Badge>
  );
}
