import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render.tsx';
import { FillBar, FillLegend, fillText } from './fill-bar.tsx';

describe('FillBar', () => {
  it('says the booked and held shares in words', () => {
    expect(fillText(0.75, 0.1)).toBe('75 % booked, 10 % held');
    expect(fillText(0.5)).toBe('50 % booked');
    expect(fillText(1.25, 0)).toBe('125 % booked');
  });

  it('is an image named by its figures, coloured by level, with the held part after the booked one', () => {
    renderWithProviders(
      <>
        <FillBar fill={0.5} held={0.25} />
        <FillBar fill={0.9} label="Entrance: 90 % booked" />
        <FillBar fill={1.5} held={0.2} />
      </>,
    );
    const open = screen.getByRole('img', { name: '50 % booked, 25 % held' });
    expect(open).toHaveAttribute('data-level', 'open');
    expect(open).toHaveAttribute('title', '50 % booked, 25 % held');
    const parts = open.querySelectorAll('span');
    expect(parts).toHaveLength(2);
    expect((parts[0] as HTMLElement).style.width).toBe('50%');
    expect((parts[1] as HTMLElement).style.width).toBe('25%');

    expect(screen.getByRole('img', { name: 'Entrance: 90 % booked' })).toHaveAttribute('data-level', 'tight');

    // Overbooked: the bar is full and red; no room is left to draw the holds in.
    const over = screen.getByRole('img', { name: '150 % booked, 20 % held' });
    expect(over).toHaveAttribute('data-level', 'over');
    const overParts = over.querySelectorAll('span');
    expect(overParts).toHaveLength(1);
    expect((overParts[0] as HTMLElement).style.width).toBe('100%');
  });

  it('takes its colour from booked + held, red whenever they are over, holds striped in it', () => {
    renderWithProviders(
      <>
        <FillBar fill={20 / 30} held={10 / 30} label="Full with holds" />
        <FillBar fill={20 / 30} held={13 / 30} label="3 s over with holds" />
        <FillBar fill={0.5} held={0.2} label="Open" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Full with holds' })).toHaveAttribute('data-level', 'tight');
    const over = screen.getByRole('img', { name: '3 s over with holds' });
    expect(over).toHaveAttribute('data-level', 'over');
    const held = over.querySelector('[data-part="held"]') as HTMLElement;
    expect(held.className).toMatch(/over/);
    expect(held.className).toMatch(/held/);
    expect(screen.getByRole('img', { name: 'Open' })).toHaveAttribute('data-level', 'open');
  });

  it('draws nothing inside an empty bar', () => {
    renderWithProviders(<FillBar fill={0} />);
    expect(screen.getByRole('img', { name: '0 % booked' }).querySelectorAll('span')).toHaveLength(0);
  });

  it('has a legend of the levels and holds', () => {
    renderWithProviders(<FillLegend />);
    const legend = screen.getByRole('list', { name: 'Fill of the loop' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Under 80 %', '80–100 %', 'Over 100 %', 'Held']);
  });
});
