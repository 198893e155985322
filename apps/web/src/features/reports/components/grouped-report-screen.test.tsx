import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { StatisticsRow } from '@marquee/contracts/statistics';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../app/paths.ts';
import { periodLimits, ReportPeriod } from '../../../components/report-period.tsx';
import { api } from '../../../lib/api.ts';
import type { QueryParams } from '../../../lib/api-client.ts';
import { configFixture } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ProductReportScreen } from './grouped-report-screen.tsx';
import { statisticsPageFixture } from './report-fixtures.ts';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const STATISTICS = '/api/event-statistics/';
const rows: StatisticsRow[] = [
  { product: 4, product_name: 'Trail Jacket', plays: 2428, viewers: 3346, play_seconds: 18775 },
  { product: 1, product_name: 'Morning Blend', plays: 1910, viewers: 2618, play_seconds: 11070 },
];

function renderProducts(route: string) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve(configFixture({ time_zone: 'Pacific/Auckland' })) as never;
    if (path === STATISTICS) return Promise.resolve(statisticsPageFixture(rows)) as never;
    return Promise.reject(new Error(`unexpected ${path}`));
  });
  const rendered = renderWithProviders(<></>, {
    route,
    routes: [{ path: paths.reportProducts, element: <ProductReportScreen /> }],
  });
  const statisticsQueries = () =>
    get.mock.calls.filter(([path]) => path === STATISTICS).map(([, options]) => options?.query as QueryParams);
  return { ...rendered, statisticsQueries };
}

describe('ProductReportScreen', () => {
  it('asks for the statistics grouped by product over the period, most plays first, and shows them with totals', async () => {
    const { user, statisticsQueries } = renderProducts(
      '/reports/campaigns/products?date__gte=2026-11-01&date__lte=2026-11-14',
    );
    const table = await screen.findByRole('table', { name: 'Plays by product' });
    expect(statisticsQueries().at(-1)).toEqual({
      group_by: 'product',
      date__gte: '2026-11-01',
      date__lte: '2026-11-14',
      ordering: '-plays',
      page: 1,
      page_size: 15,
    });
    expect(await within(table).findByText('Trail Jacket')).toBeInTheDocument();
    expect(within(screen.getByTestId('totals-row')).getByText('4,338')).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: 'Plays and viewers by product' })).toBeInTheDocument();

    const download = vi.spyOn(api, 'download').mockReturnValue(new Promise(() => {}));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const query = download.mock.calls[0]![1]!.query!;
    expect(query.group_by).toBe('product');
    expect(query.format).toBe('csv');
    expect(query.filename).toBe('product-statistics-2026-11-01-2026-11-14');
    expect(query).not.toHaveProperty('page');
  });

  it('keeps the sort in the URL and asks again', async () => {
    const { user, router, statisticsQueries } = renderProducts('/reports/campaigns/products?page=2');
    await screen.findByRole('table', { name: 'Plays by product' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), '-viewers');
    await waitFor(() => expect(statisticsQueries().at(-1)).toMatchObject({ ordering: '-viewers', page: 1 }));
    expect(router.state.location.search).toBe('?ordering=-viewers');
  });

  it('covers the last 30 days up to today in the configured time zone by default', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Still the 14th in UTC, already the 15th in Auckland.
    vi.setSystemTime(new Date('2026-11-14T20:00:00Z'));
    const { statisticsQueries } = renderProducts('/reports/campaigns/products');
    await waitFor(() =>
      expect(statisticsQueries().at(-1)).toMatchObject({ date__gte: '2026-10-17', date__lte: '2026-11-15' }),
    );
  });
});

describe('reporting date range', () => {
  it('lets the end start at the start, the start go up to the end, neither past the maximum', () => {
    expect(periodLimits({ from: '2026-11-01', to: '2026-11-10', max: '2026-11-20' })).toEqual({
      startMax: '2026-11-10',
      endMin: '2026-11-01',
      endMax: '2026-11-20',
    });
    expect(periodLimits({ from: '2026-11-01', to: '2026-12-31', max: '2026-11-20' }).startMax).toBe('2026-11-20');
    expect(periodLimits({ from: '', to: '', max: '2026-11-20' })).toEqual({
      startMax: '2026-11-20',
      endMin: undefined,
      endMax: '2026-11-20',
    });
  });

  it('keeps the end from the start up to the maximum', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(configFixture());
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <ReportPeriod from="2026-11-10" to="2026-11-20" max="2026-11-25" onChange={onChange} />,
    );
    await user.click(screen.getByRole('textbox', { name: 'To' }));
    const day = (label: string) => screen.getByRole('button', { name: label, hidden: true });
    expect(await screen.findByRole('button', { name: '9 November 2026', hidden: true })).toBeDisabled();
    expect(day('26 November 2026')).toBeDisabled();
    await user.click(day('22 November 2026'));
    expect(onChange).toHaveBeenCalledWith({ from: '2026-11-10', to: '2026-11-22' });
  });

  it('keeps the start up to the end', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(configFixture());
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <ReportPeriod from="2026-11-10" to="2026-11-20" max="2026-11-25" onChange={onChange} />,
    );
    const day = (label: string) => screen.getByRole('button', { name: label, hidden: true });
    await user.click(screen.getByRole('textbox', { name: 'From' }));
    expect(await screen.findByRole('button', { name: '21 November 2026', hidden: true })).toBeDisabled();
    await user.click(day('12 November 2026'));
    expect(onChange).toHaveBeenLastCalledWith({ from: '2026-11-12', to: '2026-11-20' });
  });
});
