// How full a loop is, as a small bar and a legend: the colour is the level of booked + held together
// (under 80 % green, 80–100 % amber, red whenever it is over; see `fillLevel`), the booked share solid
// and the held share striped after it. The bar is an image with a text alternative, so the figures
// reach screen readers too.
import { Box, type BoxProps } from '@mantine/core';
import { fillLevel } from '@marquee/contracts/inventory';
import classes from './fill-bar.module.css';

export type FillLevel = ReturnType<typeof fillLevel>;

export const fillLevelLabels: Record<FillLevel, string> = {
  open: 'Under 80 %',
  tight: '80–100 %',
  over: 'Over 100 %',
};

const percent = (share: number) => `${Math.round(share * 100)} %`;

/** "75 % booked, 10 % held" ("75 % booked" without holds). */
export function fillText(fill: number, held = 0): string {
  return held > 0 ? `${percent(fill)} booked, ${percent(held)} held` : `${percent(fill)} booked`;
}

export type FillBarProps = {
  /** Booked share of the loop (0–1, above 1 when overbooked). */
  fill: number;
  /** Held share of the loop (0–1). */
  held?: number;
  /** The text alternative; `fillText(fill, held)` when not given. */
  label?: string;
  /** Width of the bar (any CSS length or px number); 100 % by default. */
  w?: BoxProps['w'];
  /** Height in px. */
  h?: number;
} & Pick<BoxProps, 'mt' | 'mb' | 'mx' | 'my'>;

const clamp = (share: number) => Math.min(Math.max(share, 0), 1);

export function FillBar({ fill, held = 0, label, w = '100%', h = 6, ...spacing }: FillBarProps) {
  const text = label ?? fillText(fill, held);
  const booked = clamp(fill);
  const heldPart = Math.min(clamp(held), 1 - booked);
  const level = fillLevel(fill, held);
  return (
    <Box className={classes.bar} role="img" aria-label={text} title={text} w={w} h={h} data-level={level} {...spacing}>
      {booked > 0 && <span className={`${classes.part} ${classes[level]}`} style={{ width: `${booked * 100}%` }} />}
      {heldPart > 0 && (
        <span
          className={`${classes.part} ${classes[level]} ${classes.held}`}
          data-part="held"
          style={{ width: `${heldPart * 100}%` }}
        />
      )}
    </Box>
  );
}

/** The colours' key (booked + held): Under 80 % / 80–100 % / Over 100 % / Held (striped). */
export function FillLegend({ label = 'Fill of the loop' }: { label?: string }) {
  const items: { key: string; text: string; className: string }[] = [
    ...(Object.keys(fillLevelLabels) as FillLevel[]).map((level) => ({
      key: level,
      text: fillLevelLabels[level],
      className: classes[level]!,
    })),
    { key: 'held', text: 'Held', className: classes.held! },
  ];
  return (
    <ul className={classes.legend} aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <span className={`${classes.swatch} ${item.className}`} aria-hidden="true" />
          {item.text}
        </li>
      ))}
    </ul>
  );
}
