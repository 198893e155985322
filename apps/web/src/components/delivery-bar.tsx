// A delivery % as a bar with its figure: 100 % is everything that was due by now, marked by a line on
// a scale up to 150 %, so under- and over-delivery read at a glance; the fill takes the pacing's
// colour (grey without one). The bar is an image with a text alternative ("Delivered 91.7 % of what was due").
import { Box, Group, Text, type BoxProps } from '@mantine/core';
import { pacingOf, type Pacing } from '@marquee/contracts/delivery';
import { formatPct } from '../lib/delivery-format.ts';
import classes from './delivery-bar.module.css';

/** The end of the bar's scale, in %; the 100 % line sits at 100 / this of its width. */
export const DELIVERY_BAR_SCALE = 150;

export const deliveryBarLabel = (pct: number | null) =>
  pct === null ? 'Nothing was due yet' : `Delivered ${formatPct(pct)} of what was due`;

export type DeliveryBarProps = {
  /** Delivered ÷ due × 100; null when nothing was due yet. */
  pct: number | null;
  /** The fill's colour; the pacing of `pct` when not given, grey when null (not booked). */
  pacing?: Pacing | null;
  w?: BoxProps['w'];
  h?: number;
};

export function DeliveryBar({ pct, pacing = pacingOf(pct), w = 120, h = 8 }: DeliveryBarProps) {
  const label = deliveryBarLabel(pct);
  const share = pct === null ? 0 : Math.min(Math.max(pct, 0), DELIVERY_BAR_SCALE) / DELIVERY_BAR_SCALE;
  return (
    <Group gap="xs" wrap="nowrap">
      <Box className={classes.bar} role="img" aria-label={label} title={label} w={w} h={h} data-testid="delivery-bar">
        {share > 0 && (
          <span
            className={classes.fill}
            data-pacing={pacing ?? undefined}
            data-beyond={pct !== null && pct > DELIVERY_BAR_SCALE ? '' : undefined}
            style={{ width: `${share * 100}%` }}
          />
        )}
        <span className={classes.marker} aria-hidden="true" />
      </Box>
      <Text span size="sm" className={classes.figure} miw="5ch" ta="right" aria-hidden="true">
        {formatPct(pct)}
      </Text>
    </Group>
  );
}

/** The bar's key, for a screen that shows bars: what the line means. */
export function DeliveryBarKey() {
  return (
    <Text size="xs" c="dimmed">
      Delivery %: delivered of what was due by now. The dark line marks 100 %; a bar short of it is under-delivery, past
      it over-delivery (the scale ends at {DELIVERY_BAR_SCALE} %).
    </Text>
  );
}
