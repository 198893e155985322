import { notifications } from '@mantine/notifications';
import {
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../../lib/api.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserReportSubscriptions } from './user-report-subscriptions.tsx';

afterEach(() => vi.restoreAllMocks());

const subscription = (values: Partial<ReportSubscription>): ReportSubscription => ({
  id: 1,
  kind: 'delivery',
  title: 'Delivery of Spring',
  campaign: 7,
  campaign_name: 'Spring',
  query: {},
  period: 'all',
  date__gte: null,
  date__lte: null,
  frequency: 'daily',
  weekday: null,
  time: '08:00',
  created_at: '2026-11-20T10:00:00Z',
  last_sent_at: null,
  recipients: [],
  ...values,
});

const page = (results: ReportSubscription[]) => ({
  count: results.length,
  next: null,
  previous: null,
  results,
  _permissions: [],
});

function setup(results: ReportSubscription[]) {
  const get = vi
    .spyOn(api, 'get')
    .mockImplementation((path: string) =>
      path === reportSubscriptionsEndpoint
        ? (Promise.resolve(page(results)) as never)
        : (Promise.resolve({ time_zone: 'UTC' }) as never),
    );
  return { ...renderWithProviders(<UserReportSubscriptions />), get };
}

describe('UserReportSubscriptions', () => {
  it('lists the reports mailed to the user: what, when, which days, last sent', async () => {
    const { get } = setup([
      subscription({}),
      subscription({
        id: 2,
        kind: 'statistics',
        title: 'Plays by product',
        campaign: null,
        campaign_name: null,
        period: 'rolling',
        date__gte: '2026-11-01',
        date__lte: '2026-11-07',
        frequency: 'weekly',
        weekday: 1,
        time: '23:30',
        last_sent_at: '2026-11-23T22:30:00Z',
        recipients: [
          { user: 4, name: 'Ann Analyst', email: 'ann@example.com' },
          { user: 9, name: 'Bo Boss', email: 'bo@example.com' },
        ],
      }),
    ]);
    const section = await screen.findByRole('region', { name: 'Scheduled reports' });
    const rows = await within(section).findAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByText('Delivery of Spring')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('The whole run of the campaign so far')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Not yet')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('The last 7 days up to the day of sending')).toBeInTheDocument();
    // Whom each goes to: the user, and the other users chosen, with their addresses.
    const sentTo = (row: HTMLElement) =>
      within(within(row).getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(sentTo(rows[1]!)).toEqual(['You']);
    expect(sentTo(rows[2]!)).toEqual(['You', 'Ann Analyst ann@example.com', 'Bo Boss bo@example.com']);
    expect(within(section).getByRole('columnheader', { name: 'Sent to' })).toBeInTheDocument();
    expect(await within(rows[2]!).findByText('Every Monday at 23:30 (UTC)')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(reportSubscriptionsEndpoint, expect.objectContaining({ query: { page_size: 0 } }));
  });

  it('says what to do when there are none', async () => {
    setup([]);
    expect(await screen.findByText(texts.empty)).toBeInTheDocument();
  });

  it('unsubscribes after asking, and the row goes', async () => {
    const { user } = setup([subscription({})]);
    const remove = vi.spyOn(api, 'delete').mockImplementation(() => {
      vi.spyOn(api, 'get').mockResolvedValue(page([]));
      return Promise.resolve() as never;
    });
    const toast = vi.spyOn(notifications, 'show');
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe from Delivery of Spring' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unsubscribe' });
    expect(within(dialog).getByText(texts.unsubscribeConfirm('Delivery of Spring'))).toBeInTheDocument();
    expect(remove).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(`${reportSubscriptionsEndpoint}1/`));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ message: texts.unsubscribed('Delivery of Spring') }),
      ),
    );
  });
});
