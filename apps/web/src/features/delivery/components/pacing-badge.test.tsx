import { MantineProvider } from '@mantine/core';
import { PACING_STATES, type Pacing } from '@marquee/contracts/delivery';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../app/theme.ts';
import { DeliveryBar } from './delivery-bar.tsx';
import { PacingBadge } from './pacing-badge.tsx';

const inMantine = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('PacingBadge', () => {
  const cases: [Pacing, string, string][] = [
    ['ahead', 'Ahead', 'blue'],
    ['on_track', 'On track', 'green'],
    ['behind', 'Behind', 'yellow'],
    ['at_risk', 'At risk', 'red'],
  ];

  it.each(cases)('shows %s as "%s" in %s, named "Pacing: …" for screen readers', (pacing, text, color) => {
    inMantine(<PacingBadge pacing={pacing} />);
    const label = screen.getByText(text);
    const badge = label.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveTextContent(`Pacing: ${text}`);
    expect(badge).toHaveAttribute('data-pacing', pacing);
    expect(badge.getAttribute('style')).toContain(`--mantine-color-${color}-`);
  });

  it('covers every pacing state', () => {
    expect(cases.map(([pacing]) => pacing).sort()).toEqual([...PACING_STATES].sort());
  });

  it('says "Not due yet" in grey before anything was due', () => {
    inMantine(<PacingBadge pacing={null} />);
    const badge = screen.getByText('Not due yet').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveTextContent('Pacing: Not due yet');
    expect(badge).toHaveAttribute('data-pacing', 'none');
  });

  it('says "Not booked" for a campaign with figures but no pacing (new or rejected)', () => {
    inMantine(<PacingBadge pacing={null} pct={98.3} />);
    expect(screen.getByText('Not booked').closest('.mantine-Badge-root')).toHaveTextContent('Pacing: Not booked');
  });
});

describe('DeliveryBar', () => {
  const fill = (bar: HTMLElement) => bar.querySelector<HTMLElement>('span[data-pacing], span[style]');

  it('fills its share of a 150 % scale in the pacing colour, and names the figure', () => {
    inMantine(<DeliveryBar pct={90} />);
    const bar = screen.getByRole('img', { name: 'Delivered 90 % of what was due' });
    // 90 of 150: three fifths of the bar; the 100 % line is at two thirds.
    expect(fill(bar)).toHaveStyle({ width: '60%' });
    expect(fill(bar)).toHaveAttribute('data-pacing', 'behind');
    expect(screen.getByText('90 %')).toBeInTheDocument();
  });

  it('shows over-delivery past the 100 % line and stops at the end of the scale', () => {
    inMantine(
      <>
        <DeliveryBar pct={120} />
        <DeliveryBar pct={240.5} />
      </>,
    );
    const over = screen.getByRole('img', { name: 'Delivered 120 % of what was due' });
    expect(fill(over)).toHaveStyle({ width: '80%' });
    expect(fill(over)).toHaveAttribute('data-pacing', 'ahead');
    expect(fill(over)).not.toHaveAttribute('data-beyond');
    const beyond = screen.getByRole('img', { name: 'Delivered 240.5 % of what was due' });
    expect(fill(beyond)).toHaveStyle({ width: '100%' });
    expect(fill(beyond)).toHaveAttribute('data-beyond');
  });

  it('takes the colour of the pacing it is given, grey for none', () => {
    inMantine(
      <>
        <DeliveryBar pct={98.3} pacing={null} />
        <DeliveryBar pct={98.3} pacing="at_risk" />
      </>,
    );
    const [none, given] = screen.getAllByRole('img', { name: 'Delivered 98.3 % of what was due' });
    expect(fill(none!)).toHaveStyle({ width: `${(98.3 / 150) * 100}%` });
    expect(fill(none!)).not.toHaveAttribute('data-pacing');
    expect(fill(given!)).toHaveAttribute('data-pacing', 'at_risk');
  });

  it('is empty with a dash before anything was due', () => {
    inMantine(<DeliveryBar pct={null} />);
    const bar = screen.getByRole('img', { name: 'Nothing was due yet' });
    expect(fill(bar)).toBeNull();
    expect(screen.getByText('–')).toBeInTheDocument();
  });
});
