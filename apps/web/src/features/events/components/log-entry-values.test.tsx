import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { diffValues, LogEntryValues } from './log-entry-values.tsx';

describe('LogEntryValues', () => {
  it('marks the keys whose values differ', () => {
    expect(diffValues({ a: 1, b: [1, 2], c: 'x' }, { a: 1, b: [1, 3], d: true })).toEqual([
      { key: 'a', before: 1, after: 1, changed: false },
      { key: 'b', before: [1, 2], after: [1, 3], changed: true },
      { key: 'c', before: 'x', after: undefined, changed: true },
      { key: 'd', before: undefined, after: true, changed: true },
    ]);
    // An addition has nothing to compare with.
    expect(diffValues(null, { a: 1 })).toEqual([{ key: 'a', before: undefined, after: 1, changed: false }]);
  });

  it('shows before and after side by side with the changed rows highlighted', () => {
    renderWithProviders(
      <LogEntryValues before={{ name: 'Old', permissions: [1, 2] }} after={{ name: 'New', permissions: [1, 2] }} />,
    );
    const rows = screen.getAllByRole('row');
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Field', 'Before', 'After']);
    const name = screen.getByRole('rowheader', { name: /name/ }).closest('tr')!;
    expect(name).toHaveAttribute('data-changed', 'true');
    expect(within(name).getByText('changed')).toBeInTheDocument();
    const permissions = screen.getByRole('rowheader', { name: 'permissions' }).closest('tr')!;
    expect(permissions).not.toHaveAttribute('data-changed');
    expect(within(permissions).getAllByText('1, 2')).toHaveLength(2);
  });
});
