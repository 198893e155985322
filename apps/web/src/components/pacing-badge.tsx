// A campaign's pacing as a coloured badge that always carries its words (Ahead, On track, Behind, At
// risk; Not booked; once finished, Delivered or Under-delivered), so colour is never the only sign: ahead
// blue, on track green, behind yellow, at risk red, not booked outlined grey, finished dark grey or
// dark orange when short. Screen readers hear "Pacing: On track". There is none before anything was due.
import { Badge, VisuallyHidden, type BadgeProps } from '@mantine/core';
import { pacingLabels, type Pacing } from '@marquee/contracts/delivery';

/** Filled colours with text of enough contrast at every badge size (4.5:1 for small bold text; green.9
 * gives white only 4.4, hence a darker green; autoContrast picks dark text on the yellow). */
export const pacingColors: Record<Pacing, string> = {
  ahead: 'blue.8',
  on_track: '#237a35',
  behind: 'yellow.5',
  at_risk: 'red.9',
  not_booked: 'gray.7',
  finished_over: 'dark.5',
  finished_under: '#a84300',
};

/** States drawn outlined: nothing was sold yet. */
const OUTLINED: ReadonlySet<Pacing> = new Set(['not_booked']);

export const NOT_DUE_YET = 'Not due yet';
export const NOT_BOOKED = 'Not booked';

export type PacingBadgeProps = {
  pacing: Pacing | null | undefined;
  /** The row's delivery %: with one but no pacing, the campaign is not booked. */
  pct?: number | null;
} & Pick<BadgeProps, 'size'>;

export function PacingBadge({ pacing, pct = null, size }: PacingBadgeProps) {
  const label = pacing ? pacingLabels[pacing] : pct === null ? NOT_DUE_YET : NOT_BOOKED;
  return (
    <Badge
      variant={pacing && !OUTLINED.has(pacing) ? 'filled' : 'outline'}
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
