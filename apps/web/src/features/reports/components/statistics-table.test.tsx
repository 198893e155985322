import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ExportButtons } from './export-buttons.tsx';
import { configFixture } from '../../../test/fixtures.ts';
import { statisticsPageFixture } from './report-fixtures.ts';
import { pagerSteps, StatisticsPager } from './statistics-pager.tsx';
import { StatisticsTable, type StatisticsTableProps } from './statistics-table.tsx';

afterEach(() => vi.restoreAllMocks());

/** The table of one page of days with the config it reads, with `props` in place of the defaults. */
function renderTable(props: Partial<StatisticsTableProps> & Pick<StatisticsTableProps, 'data'>) {
  vi.spyOn(api, 'get').mockResolvedValue(configFixture());
  return renderWithProviders(
    <StatisticsTable
      label="Statistics"
      groups={['day']}
      loading={false}
      page={1}
      pageSize={15}
      onPageChange={vi.fn()}
      {...props}
    />,
  );
}

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
    const onPageChange = vi.fn();
    const data = statisticsPageFixture(
      [
        { date: '2026-11-16', plays: 1200, viewers: 1500, play_seconds: 3725 },
        { date: '2026-11-17', plays: 215, viewers: 271, play_seconds: 1661 },
      ],
      { count: 40, totals: { plays: 12345, viewers: 23456, play_seconds: 7325 } },
    );
    const { user } = renderTable({ data, page: 2, onPageChange });
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

  it.each([
    [true, true],
    [false, false],
  ])(
    'dims the rows it still shows while the next ones load and marks them stale (fetching %s)',
    async (fetching, stale) => {
      const data = statisticsPageFixture([{ date: '2026-11-16', plays: 7, viewers: 9, play_seconds: 10 }]);
      renderTable({ data, fetching });
      const body = (await screen.findByRole('table', { name: 'Statistics' })).querySelector('tbody')!;
      expect(body.hasAttribute('data-stale')).toBe(stale);
      expect(body.style.opacity).toBe(stale ? '0.6' : '');
    },
  );

  it('names genders and age groups, and says when there is nothing', async () => {
    const data = statisticsPageFixture([{ gender: 'f', age_group: 2, plays: 3, viewers: 4, play_seconds: 20 }]);
    renderTable({ label: 'Audience', groups: ['gender', 'age_group'], data });
    expect(await screen.findByText('Women')).toBeInTheDocument();
    expect(await screen.findByText('25–34')).toBeInTheDocument();
  });

  it('says "No plays in this period." without rows, and shows no totals', async () => {
    renderTable({ data: statisticsPageFixture([]) });
    expect(await screen.findByText('No plays in this period.')).toBeInTheDocument();
    expect(screen.queryByTestId('totals-row')).toBeNull();
  });
});

describe('ExportButtons', () => {
  const params = {
    campaign: 3,
    location: 2,
    date__gte: '2026-11-01',
    date__lte: '2026-11-14',
    p_zones: '1,3',
    group_by: 'day',
    page: 4,
    page_size: 15,
  };

  /** api.download held open by the test: it reports progress, then gives the file or fails. */
  function mockDownload() {
    const calls: { path: string; options: Parameters<typeof api.download>[1] }[] = [];
    let settle: { resolve: (file: File) => void; reject: (error: unknown) => void } | undefined;
    vi.spyOn(api, 'download').mockImplementation((path, options) => {
      calls.push({ path, options });
      return new Promise<File>((resolve, reject) => {
        settle = { resolve, reject };
        options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    return { calls, finish: (file: File) => settle!.resolve(file) };
  }

  it('fetches each format of the same query without its paging, shows progress, then saves the file', async () => {
    const download = mockDownload();
    const createObjectURL = vi.fn(() => 'blob:export');
    const revokeObjectURL = vi.fn();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.href} ${this.download}`);
    });
    const show = vi.spyOn(notifications, 'show');
    const { user } = renderWithProviders(<ExportButtons params={params} filename="CMP-000003-LOC-2" />);

    await user.click(screen.getByRole('button', { name: 'Export Excel (.xlsx)' }));
    expect(download.calls).toHaveLength(1);
    expect(download.calls[0]!.path).toBe('/api/event-statistics/');
    expect(download.calls[0]!.options?.query).toEqual({
      campaign: 3,
      location: 2,
      date__gte: '2026-11-01',
      date__lte: '2026-11-14',
      p_zones: '1,3',
      group_by: 'day',
      format: 'xlsx',
      filename: 'CMP-000003-LOC-2',
    });
    // While it runs the other formats wait, and the bytes received so far show.
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
    download.calls[0]!.options?.onProgress?.({ loaded: 2048, total: undefined });
    const progress = await screen.findByRole('status', { name: 'Export progress' });
    expect(progress).toHaveTextContent('Excel (.xlsx): 2.0 KB received');

    download.finish(new File(['PK'], 'CMP-000003-LOC-2.xlsx'));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ message: 'Exported CMP-000003-LOC-2.xlsx (2.0 B).' }),
      ),
    );
    expect(clicked).toEqual(['blob:export CMP-000003-LOC-2.xlsx']);
    expect(screen.queryByRole('status', { name: 'Export progress' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('cancels a running export and saves nothing', async () => {
    const download = mockDownload();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click');
    const { user } = renderWithProviders(<ExportButtons params={params} filename="x" />);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel export' }));
    expect(download.calls[0]!.options?.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Export progress' })).toBeNull());
    expect(click).not.toHaveBeenCalled();
  });

  it('offers nothing while the report cannot be exported yet', () => {
    renderWithProviders(<ExportButtons params={params} filename="x" disabled />);
    for (const name of ['CSV', 'Excel (.xlsx)', 'Excel 97 (.xls)']) {
      expect(screen.getByRole('button', { name: `Export ${name}` })).toBeDisabled();
    }
  });
});
