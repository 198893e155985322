import { MantineProvider } from '@mantine/core';
import { DEVICE_STATES, type DeviceState } from '@marquee/contracts/device-health';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { DeviceStateBadge } from './device-state-badge.tsx';

const inMantine = (ui: ReactNode) => render(<MantineProvider theme={theme}>{ui}</MantineProvider>);

describe('DeviceStateBadge', () => {
  const cases: [DeviceState, string, string, 'white' | 'black' | 'outline'][] = [
    // A green darker than green.9, so white text reads at 4.5:1 at every badge size.
    ['online', 'Online', '#237a35', 'white'],
    ['stale', 'Stale playlist', '--mantine-color-yellow-5', 'black'],
    ['screen_off', 'Screen off', '--mantine-color-orange-7', 'black'],
    ['offline', 'Offline', '--mantine-color-red-9', 'white'],
    ['never', 'Never reported', '--mantine-color-gray-7', 'outline'],
  ];

  it.each(cases)('shows %s as "%s" in its colour (%s) with %s text', (state, text, color, ink) => {
    inMantine(<DeviceStateBadge state={state} />);
    const badge = screen.getByText(text).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveAttribute('data-state', state);
    const style = badge.getAttribute('style') ?? '';
    expect(style).toContain(color);
    // White would not read on yellow or orange: those get black text.
    if (ink === 'black') expect(style).toContain('--badge-color: var(--mantine-color-black)');
    else expect(style).not.toContain('--mantine-color-black');
    expect(badge).toHaveAttribute('data-variant', ink === 'outline' ? 'outline' : 'filled');
  });

  it('covers every device state', () => {
    expect(cases.map(([state]) => state).sort()).toEqual([...DEVICE_STATES].sort());
  });
});
