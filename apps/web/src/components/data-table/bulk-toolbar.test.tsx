import type { UserInfo } from '@marquee/contracts/auth';
import { isLocationBooked, locationTexts } from '@marquee/contracts/locations';
import { OVERRIDE_CAPACITY } from '@marquee/contracts/permissions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api.ts';
import { userInfoQueryKey } from '../../lib/current-user.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { BulkToolbar, type BulkActionOption } from './bulk-toolbar.tsx';
import { useRowSelection } from './selection.tsx';

type Row = { id: number; name: string };
const rows: Row[] = [
  { id: 1, name: 'Harbour' },
  { id: 2, name: 'Station' },
  { id: 3, name: 'Mall' },
];
const idOf = (row: Row) => row.id;
const refusal = locationTexts.disableBooked(['Morning Blend launch']);
const disable: BulkActionOption = {
  action: 'deactivate',
  label: 'Disable',
  done: 'disabled',
  danger: true,
  anyway: {
    overridable: isLocationBooked,
    prompt: { title: 'Disable anyway', consequence: 'Disabling them anyway takes their screens.' },
  },
};

function Toolbar() {
  const selection = useRowSelection(idOf, '');
  return (
    <BulkToolbar
      resource="locations"
      noun={{ one: 'location', many: 'locations' }}
      selection={selection}
      shown={rows}
      actions={[disable]}
      idOf={idOf}
      nameOf={(row) => row.name}
    />
  );
}

const renderToolbar = (permissions: string[]) => {
  const view = renderWithProviders(<Toolbar />);
  view.queryClient.setQueryData(userInfoQueryKey, {
    id: 1,
    username: 'ann',
    full_name: 'Ann',
    time_zone: 'UTC',
    _permissions: permissions,
  } satisfies UserInfo);
  return view;
};

/** Ticks every row and confirms Disable; the server refuses Station for its booked campaigns. */
async function disableAll(permissions: string[]) {
  const post = vi
    .spyOn(api, 'post')
    .mockResolvedValueOnce({
      results: [
        { id: 1, status: 200 },
        { id: 2, status: 400, errors: { non_field_errors: [refusal] } },
        { id: 3, status: 200 },
      ],
    })
    .mockResolvedValueOnce({ results: [{ id: 2, status: 200 }] });
  const { user } = renderToolbar(permissions);
  await user.click(screen.getByRole('checkbox', { name: 'Select all shown' }));
  await user.click(screen.getByRole('button', { name: 'Disable' }));
  const confirm = await screen.findByRole('dialog', { name: 'Disable 3 locations?' });
  await user.click(within(confirm).getByRole('button', { name: 'Disable 3 locations' }));
  const outcome = await screen.findByRole('dialog', { name: '2 of 3 locations disabled' });
  expect(within(outcome).getByRole('list', { name: 'Refused locations' })).toHaveTextContent(`Station: ${refusal}`);
  return { post, user, outcome };
}

afterEach(() => vi.restoreAllMocks());

describe('BulkToolbar', { timeout: 20_000 }, () => {
  it('offers who may book over capacity to disable the rows booked campaigns still use, overriding', async () => {
    const { post, user, outcome } = await disableAll(['change_location', OVERRIDE_CAPACITY]);
    expect(post).toHaveBeenCalledWith('/api/locations/bulk/deactivate/', { ids: [1, 2, 3] });
    await user.click(within(outcome).getByRole('button', { name: 'Disable anyway' }));
    await waitFor(() =>
      expect(post).toHaveBeenLastCalledWith('/api/locations/bulk/deactivate/', { ids: [2], override_capacity: true }),
    );
  });

  it('names the refused rows and their campaigns to anyone else, without the override', async () => {
    const { post, outcome } = await disableAll(['change_location']);
    expect(within(outcome).queryByRole('button', { name: 'Disable anyway' })).toBeNull();
    expect(post).toHaveBeenCalledTimes(1);
  });
});
