import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { configFixture, statisticsPageFixture } from './report-fixtures.ts';
import { pagerSteps, StatisticsPager } from './statistics-pager.tsx';
import { StatisticsTable } from './statistics-table.tsx';

afterEach(() => vi.restoreAllMocks());

describe('StatisticsPager', () => {
  it('jumps 1, 10 and 100 pages both ways, and to the first and last page', () => {
    const { back, forward } = pagerSteps(150, 400);
    expect(back.map((s) => [s.text, s.target])).toEqual([
      ['«', 1],
      ['−100', 50],
      ['−10', 140],
      ['‹', 149],
    ]);
    expect(forward.map((s) => [s.text, s.target])).toEqual([
      ['›', 151],
      ['+10', 160],
      ['+100', 250],
      ['»', 400],
    ]);
  });

  it('calls back with the target page and disables the jumps that leave the pages', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <StatisticsPager label="Statistics pages" page={5} totalPages={60} onChange={onChange} />,
    );
    const nav = await screen.findByRole('navigation', { name: 'Statistics pages' });
    expect(within(nav).getByText('Page 5 of 60')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Back 100 pages' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Back 10 pages' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Forward 100 pages' })).toBeDisabled();

    await user.click(within(nav).getByRole('button', { name: 'Forward 10 pages' }));
    await user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await user.click(within(nav).getByRole('button', { name: 'Previous page' }));
    await user.click(within(nav).getByRole('button', { name: 'Last page' }));
    await user.click(within(nav).getByRole('button', { name: 'First page' }));
    expect(onChange.mock.calls.map(([page]) => page as number)).toEqual([15, 6, 4, 60, 1]);
  });

  it('offers the 100-page jumps when there are pages to jump to', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <StatisticsPager label="Statistics pages" page={150} totalPages={400} onChange={onChange} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Back 100 pages' }));
    await user.click(screen.getByRole('button', { name: 'Forward 100 pages' }));
    expect(onChange.mock.calls).toEqual([[50], [250]]);
  });

  it('is not shown for a single page', () => {
    renderWithProviders(<StatisticsPager label="Statistics pages" page={1} totalPages={1} onChange={vi.fn()} />);
    expect(screen.queryByRole('navigation', { name: 'Statistics pages' })).toBeNull();
  });
});

describe('StatisticsTable', () => {
  it('shows the rows, a totals row over the whole query and the pager', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(configFixture());
    const onPageChange = vi.fn();
    const data = statisticsPageFixture(
      [
        { date: '2026-11-16', plays: 1200, viewers: 1500, play_seconds: 3725 },
        { date: '2026-11-17', plays: 215, viewers: 271, play_seconds: 1661 },
      ],
      { count: 40, totals: { plays: 12345, viewers: 23456, play_seconds: 7325 } },
    );
    const { user } = renderWithProviders(
      <StatisticsTable
        label="Statistics"
        groups={['day']}
        data={data}
        loading={false}
        page={2}
        pageSize={15}
        onPageChange={onPageChange}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Statistics' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Plays', 'Viewers', 'Play time']);
    const [, first] = within(table).getAllByRole('row');
    expect(within(first!).getByText('1,200')).toBeInTheDocument();
    expect(within(first!).getByText('1:02:05')).toBeInTheDocument();

    const totals = screen.getByTestId('totals-row');
    expect(within(totals).getByRole('rowheader', { name: 'Total' })).toBeInTheDocument();
    expect(within(totals).getByText('12,345')).toBeInTheDocument();
    expect(within(totals).getByText('23,456')).toBeInTheDocument();
    expect(within(totals).getByText('2:02:05')).toBeInTheDocument();

    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenCalledWith(3);
  });

  it('names genders and age groups, and says when there is nothing', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(configFixture());
    const data = statisticsPageFixture([{ gender: 'f', age_group: 2, plays: 3, viewers: 4, play_seconds: 20 }]);
    renderWithProviders(
      <StatisticsTable
        label="Audience"
        groups={['gender', 'age_group']}
        data={data}
        loading={false}
        page={1}
        pageSize={15}
        onPageChange={vi.fn()}
      />,
    );
    expect(await screen.findByText('Women')).toBeInTheDocument();
    expect(await screen.findByText('25–34')).toBeInTheDocument();
  });

  it('says "No plays in this period." without rows, and shows no totals', async () => {
    vi.spyOn(api, 'get').mockResolvedValue(configFixture());
    renderWithProviders(
      <StatisticsTable
        label="Statistics"
        groups={['day']}
        data={statisticsPageFixture([])}
        loading={false}
        page={1}
        pageSize={15}
        onPageChange={vi.fn()}
      />,
    );
    expect(await screen.findByText('No plays in this period.')).toBeInTheDocument();
    expect(screen.queryByTestId('totals-row')).toBeNull();
  });
});

describe('ExportButtons', () => {
  it('links each format to the same query without its paging, with the file name', async () => {
    renderWithProviders(
      <ExportButtons
        params={{
          campaign: 3,
          location: 2,
          date__gte: '2026-11-01',
          date__lte: '2026-11-14',
          p_zones: '1,3',
          group_by: 'day',
          page: 4,
          page_size: 15,
        }}
        filename="CMP-000003-LOC-2"
      />,
    );
    const hrefs = ['CSV', 'XLSX', 'XLS'].map((name) => {
      const link = screen.getByRole('link', { name: `Export ${name}` });
      expect(link).toHaveAttribute('download');
      return new URL(link.getAttribute('href')!, 'http://x');
    });
    for (const [index, format] of ['csv', 'xlsx', 'xls'].entries()) {
      const url = hrefs[index]!;
      expect(url.pathname).toBe('/api/event-statistics/');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        campaign: '3',
        location: '2',
        date__gte: '2026-11-01',
        date__lte: '2026-11-14',
        p_zones: '1,3',
        group_by: 'day',
        format,
        filename: 'CMP-000003-LOC-2',
      });
    }
  });
});
