import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { DeliveryBar } from './delivery-bar.tsx';

const inMantine = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

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
