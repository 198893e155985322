import type { Permission } from '@marquee/contracts/permissions';
import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { PermissionPicker } from './permission-picker.tsx';

const p = (id: number, codename: string, name: string, model: string, dependent: number[]): Permission => ({
  id,
  codename,
  name,
  model,
  dependent,
  masters: [],
});

// change_role → view_role → list_role; add_role → view_role and list_permission.
const permissions = [
  p(1, 'change_role', 'Can change role', 'role', [2]),
  p(2, 'view_role', 'Can view role', 'role', [3]),
  p(3, 'list_role', 'Can list role', 'role', []),
  p(4, 'add_role', 'Can add role', 'role', [2, 5]),
  p(5, 'list_permission', 'Can list permission', 'permission', []),
];

function Harness({ initial = [], readOnly = false }: { initial?: number[]; readOnly?: boolean }) {
  const [direct, setDirect] = useState<number[]>(initial);
  return (
    <>
      <PermissionPicker permissions={permissions} direct={direct} onChange={setDirect} readOnly={readOnly} />
      <output data-testid="direct">{direct.join(',')}</output>
    </>
  );
}

/** Toggled rows move to the other table after a short pause. */
const moved = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));

const table = (name: 'Available permissions' | 'Selected permissions') =>
  screen.getByRole('region', { name: new RegExp(name) });

describe('PermissionPicker', () => {
  it('groups the permissions by model', () => {
    renderWithProviders(<Harness />);
    const available = table('Available permissions');
    expect(within(available).getByRole('columnheader', { name: 'Role' })).toBeInTheDocument();
    expect(within(available).getByRole('columnheader', { name: 'Codename' })).toBeInTheDocument();
    expect(within(available).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('selecting a permission moves it and its dependents (transitively) to selected, marked as implied', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Can change role' }));

    // The form value changes at once; the clicked row first shows its new state where it is.
    expect(screen.getByTestId('direct')).toHaveTextContent(/^1$/);
    expect(within(table('Available permissions')).getByRole('checkbox', { name: 'Can change role' })).toBeChecked();
    await moved();
    const selected = table('Selected permissions');
    for (const name of ['Can change role', 'Can view role', 'Can list role']) {
      expect(within(selected).getByRole('checkbox', { name })).toBeChecked();
    }
    expect(within(selected).getByRole('checkbox', { name: 'Can list role' })).toHaveAccessibleDescription(
      'Implied by Can change role',
    );
    expect(within(table('Available permissions')).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('unselecting a master keeps the dependents another selected master still implies', async () => {
    const { user } = renderWithProviders(<Harness />);
    await user.click(screen.getByRole('checkbox', { name: 'Can change role' }));
    await moved();
    await user.click(screen.getByRole('checkbox', { name: 'Can add role' }));
    await moved();
    await user.click(screen.getByRole('checkbox', { name: 'Can change role' }));
    await moved();

    expect(screen.getByTestId('direct')).toHaveTextContent(/^4$/);
    const selected = table('Selected permissions');
    expect(within(selected).getByRole('checkbox', { name: 'Can view role' })).toHaveAccessibleDescription(
      'Implied by Can add role',
    );
    expect(within(selected).queryByRole('checkbox', { name: 'Can change role' })).toBeNull();
    expect(within(table('Available permissions')).getByRole('checkbox', { name: 'Can change role' })).not.toBeChecked();
  });

  it('unselecting the only master returns its dependents to available', async () => {
    const { user } = renderWithProviders(<Harness initial={[1]} />);
    await user.click(screen.getByRole('checkbox', { name: 'Can change role' }));
    expect(screen.getByTestId('direct')).toHaveTextContent(/^$/);
    expect(within(table('Selected permissions')).getByRole('checkbox', { name: 'Can change role' })).not.toBeChecked();
    await moved();
    expect(within(table('Available permissions')).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('is keyboard operable', async () => {
    const { user } = renderWithProviders(<Harness />);
    screen.getByRole('checkbox', { name: 'Can view role' }).focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('direct')).toHaveTextContent(/^2$/);
    await moved();
    expect(within(table('Selected permissions')).getByRole('checkbox', { name: 'Can view role' })).toBeChecked();
    // Focus stays in the available table for the next choice.
    expect(document.activeElement).toHaveAttribute('type', 'checkbox');
    expect(table('Available permissions')).toContainElement(document.activeElement as HTMLElement);
  });

  it('read-only shows no checkboxes', () => {
    renderWithProviders(<Harness initial={[1]} readOnly />);
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(table('Selected permissions')).getByText('Can list role')).toBeInTheDocument();
  });
});
