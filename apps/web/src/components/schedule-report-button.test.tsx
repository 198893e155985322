import { notifications } from '@mantine/notifications';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import {
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ScheduleReportButton, statisticsFilters } from './schedule-report-button.tsx';

afterEach(() => vi.restoreAllMocks());

const TODAY = '2026-11-26';

function setup(ui: React.ReactNode) {
  vi.spyOn(api, 'get').mockImplementation((path: string) =>
    path === appConfigEndpoint
      ? (Promise.resolve({ time_zone: 'Europe/Berlin' }) as never)
      : Promise.reject(new Error(path)),
  );
  const post = vi.spyOn(api, 'post').mockImplementation(
    (_path, body) =>
      Promise.resolve({
        id: 1,
        created_at: '',
        last_sent_at: null,
        ...(body as object),
      } as ReportSubscription) as never,
  );
  const toast = vi.spyOn(notifications, 'show');
  return { ...renderWithProviders(ui), post, toast };
}

describe('statisticsFilters', () => {
  it('keeps the filters a subscription stores, as text, and drops paging, export and empty values', () => {
    expect(
      statisticsFilters({
        group_by: 'product',
        ordering: '-plays',
        campaign: 4,
        p_gender: '',
        p_age: null,
        page: 2,
        page_size: 10,
        date__gte: '2026-11-01',
        format: 'csv',
      }),
    ).toEqual({ group_by: 'product', ordering: '-plays', campaign: '4' });
  });
});

describe('ScheduleReportButton', () => {
  it('subscribes to the statistics on screen weekly at a chosen time, with rolling days by default', async () => {
    const { user, post, toast } = setup(
      <ScheduleReportButton
        target={{ kind: 'statistics', query: { group_by: 'product', ordering: '-plays', page: 1, page_size: 25 } }}
        title="Plays by product"
        period={{ from: '2026-10-28', to: TODAY }}
        today={TODAY}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Schedule by mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Schedule by mail' });
    expect(within(dialog).getByRole('radio', { name: 'Daily' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'The last 30 days up to the day of sending' })).toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'From 2026-10-28 up to the day of sending' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: '2026-10-28 to 2026-11-26' })).not.toBeChecked();
    expect(within(dialog).queryByRole('combobox', { name: 'Day of the week' })).toBeNull();
    expect(
      await within(dialog).findByText("HH:mm, 24-hour, in the server's time zone, Europe/Berlin."),
    ).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: 'Weekly' }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Day of the week' }), 'Friday');
    const time = within(dialog).getByLabelText(/^Time/);
    await user.clear(time);
    await user.type(time, '17:45');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));

    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        reportSubscriptionsEndpoint,
        {
          kind: 'statistics',
          title: 'Plays by product',
          query: { group_by: 'product', ordering: '-plays' },
          frequency: 'weekly',
          weekday: 5,
          time: '17:45',
          period: 'rolling',
          date__gte: '2026-10-28',
          date__lte: TODAY,
        },
        { formErrors: true },
      ),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({
          message: texts.subscribed('Plays by product', 'Every Friday at 17:45 (Europe/Berlin)'),
        }),
      ),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a delivery report over its whole run: no day choice, the campaign named', async () => {
    const { user, post } = setup(
      <ScheduleReportButton target={{ kind: 'delivery', campaign: 7 }} title="Delivery of Spring" today={TODAY} />,
    );
    await user.click(screen.getByRole('button', { name: 'Schedule by mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Days in each mail: the whole run of the campaign so far.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('radiogroup', { name: 'Days in each mail' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(
        reportSubscriptionsEndpoint,
        {
          kind: 'delivery',
          campaign: 7,
          title: 'Delivery of Spring',
          frequency: 'daily',
          weekday: null,
          time: '08:00',
          period: 'all',
        },
        { formErrors: true },
      ),
    );
  });

  it('a period that ended before today stays as it is by default; server field messages show on their fields', async () => {
    const { user, post } = setup(
      <ScheduleReportButton
        target={{ kind: 'statistics', query: { campaign: 3, location: 4 } }}
        title="Spring at Hall"
        period={{ from: '2026-01-01', to: '2026-01-31' }}
        today={TODAY}
      />,
    );
    post.mockRejectedValue(new ApiError(400, { time: [texts.badTime], date__lte: [texts.endBeforeStart] }));
    await user.click(screen.getByRole('button', { name: 'Schedule by mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('radio', { name: '2026-01-01 to 2026-01-31' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(texts.badTime)).toBeInTheDocument();
    expect(within(dialog).getByText(texts.endBeforeStart)).toBeInTheDocument();
    expect(post.mock.calls[0]![1]).toMatchObject({ period: 'fixed', query: { campaign: '3', location: '4' } });
    // A time that is not HH:mm is refused before sending.
    const time = within(dialog).getByLabelText(/^Time/);
    await user.clear(time);
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(post).toHaveBeenCalledTimes(1);
  });
});
