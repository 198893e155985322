import { MantineProvider } from '@mantine/core';
import { PACING_STATES, type Pacing } from '@marquee/contracts/delivery';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { PacingBadge } from './pacing-badge.tsx';

const inMantine = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('PacingBadge', () => {
  const cases: [Pacing, string, string][] = [
    ['ahead', 'Ahead', '--mantine-color-blue-'],
    // A green darker than green.9, so white text reads at 4.5:1 at every badge size.
    ['on_track', 'On track', '#237a35'],
    ['behind', 'Behind', '--mantine-color-yellow-'],
    ['at_risk', 'At risk', '--mantine-color-red-'],
    ['not_booked', 'Not booked', '--mantine-color-gray-'],
    ['finished_over', 'Delivered', '--mantine-color-dark-'],
    ['finished_under', 'Under-delivered', '#a84300'],
  ];

  it.each(cases)('shows %s as "%s" in its colour (%s), named "Pacing: …" for screen readers', (pacing, text, color) => {
    inMantine(<PacingBadge pacing={pacing} />);
    const label = screen.getByText(text);
    const badge = label.closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveTextContent(`Pacing: ${text}`);
    expect(badge).toHaveAttribute('data-pacing', pacing);
    expect(badge.getAttribute('style')).toContain(color);
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
