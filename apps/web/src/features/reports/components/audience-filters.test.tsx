import { appConfigEndpoint } from '@marquee/contracts/app-config';
import { statisticsTexts } from '@marquee/contracts/statistics';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { configFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { AudienceFilters } from './audience-filters.tsx';

afterEach(() => vi.restoreAllMocks());

function renderFilters(filters: Record<string, string>) {
  vi.spyOn(api, 'get').mockImplementation((path: string) =>
    path === appConfigEndpoint ? (Promise.resolve(configFixture()) as never) : Promise.reject(new Error(path)),
  );
  const onChange = vi.fn();
  return { onChange, ...renderWithProviders(<AudienceFilters filters={filters} onChange={onChange} />) };
}

describe('AudienceFilters', () => {
  it.each([
    [{ p_zones: '1', p_start_time: '08:00' }, false],
    [{ p_gender: 'f' }, true],
    [{ p_age: '1,2' }, true],
  ])('with %o, says how plays are counted: %s', async (filters, shown) => {
    renderFilters(filters);
    expect(await screen.findByRole('combobox', { name: 'Gender' })).toBeInTheDocument();
    if (shown) expect(screen.getByText(statisticsTexts.audiencePlays)).toBeInTheDocument();
    else expect(screen.queryByText(statisticsTexts.audiencePlays)).not.toBeInTheDocument();
  });

  it('reports a chosen gender as its value', async () => {
    const { user, onChange } = renderFilters({});
    await user.click(await screen.findByRole('combobox', { name: 'Gender' }));
    await user.click(await screen.findByRole('option', { name: 'Women', hidden: true }));
    expect(onChange).toHaveBeenCalledWith('p_gender', 'f');
  });
});
