import { notifications } from '@mantine/notifications';
import { appConfigEndpoint } from '@marquee/contracts/app-config';
import type { UserInfo } from '@marquee/contracts/auth';
import {
  reportSubscriptionTexts as texts,
  reportSubscriptionsEndpoint,
  type ReportSubscription,
} from '@marquee/contracts/report-subscriptions';
import type { User } from '@marquee/contracts/users';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../lib/api.ts';
import { ApiError } from '../lib/api-client.ts';
import { userInfoQueryKey } from '../lib/current-user.ts';
import { renderWithProviders } from '../test/render.tsx';
import { ScheduleReportButton, recipientOptions, statisticsFilters } from './schedule-report-button.tsx';

afterEach(() => vi.restoreAllMocks());

const TODAY = '2026-11-26';

const person = (id: number, values: Partial<User> = {}): User =>
  ({
    id,
    username: `user${id}`,
    full_name: `Person ${id}`,
    email: `person${id}@example.com`,
    is_active: true,
    ...values,
  }) as User;

const USERS = [
  person(1, { full_name: 'Me Myself' }),
  person(2, { full_name: 'Ann Analyst' }),
  person(3, { full_name: '', username: 'bo' }),
  person(4, { email: '' }),
  person(5, { is_active: false }),
];

function setup(ui: React.ReactNode, { permissions }: { permissions?: string[] } = {}) {
  const get = vi.spyOn(api, 'get').mockImplementation((path: string) => {
    if (path === appConfigEndpoint) return Promise.resolve({ time_zone: 'Europe/Berlin' }) as never;
    if (path === '/api/users/') {
      return Promise.resolve({ count: USERS.length, next: null, previous: null, results: USERS }) as never;
    }
    return Promise.reject(new Error(path));
  });
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
  const view = renderWithProviders(ui);
  if (permissions) {
    view.queryClient.setQueryData(userInfoQueryKey, {
      id: 1,
      username: 'user1',
      full_name: 'Me Myself',
      time_zone: 'UTC',
      _permissions: permissions,
    } satisfies UserInfo);
  }
  return { ...view, get, post, toast };
}

describe('recipientOptions', () => {
  it('offers the active users with an address other than oneself, by name and address', () => {
    expect(recipientOptions(USERS, 1)).toEqual([
      { value: '2', label: 'Ann Analyst <person2@example.com>' },
      { value: '3', label: 'bo <person3@example.com>' },
    ]);
    expect(recipientOptions(undefined, 1)).toEqual([]);
  });
});

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

describe('ScheduleReportButton', { timeout: 20_000 }, () => {
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

  it('who may list users also mails it to other users; a refused recipient is told on the field', async () => {
    const { user, post } = setup(
      <ScheduleReportButton target={{ kind: 'delivery', campaign: 7 }} title="Delivery of Spring" today={TODAY} />,
      { permissions: ['list_eventstatistic', 'list_user'] },
    );
    await user.click(screen.getByRole('button', { name: 'Schedule by mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/to you \(and to anyone you add below\)/)).toBeInTheDocument();
    const field = within(dialog).getByRole('combobox', { name: 'Also mail to' });
    await waitFor(() => expect(field).toBeEnabled());
    await user.click(field);
    // Only the active users with an address, not oneself.
    expect((await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent)).toEqual([
      'Ann Analyst <person2@example.com>',
      'bo <person3@example.com>',
    ]);
    await user.click(screen.getByRole('option', { name: 'Ann Analyst <person2@example.com>', hidden: true }));
    post.mockRejectedValueOnce(new ApiError(400, { recipients: [texts.recipientMayNotRead('Ann Analyst')] }));
    await user.click(within(dialog).getByRole('button', { name: 'Schedule' }));
    expect(await within(dialog).findByText(texts.recipientMayNotRead('Ann Analyst'))).toBeInTheDocument();
    expect(post).toHaveBeenLastCalledWith(
      reportSubscriptionsEndpoint,
      expect.objectContaining({ kind: 'delivery', campaign: 7, recipients: [2] }),
      { formErrors: true },
    );
  });

  it('without list_user the report goes to oneself alone: no recipients field, no user list asked for', async () => {
    const { user, get } = setup(
      <ScheduleReportButton target={{ kind: 'delivery', campaign: 7 }} title="Delivery of Spring" today={TODAY} />,
      { permissions: ['list_eventstatistic'] },
    );
    await user.click(screen.getByRole('button', { name: 'Schedule by mail' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Mail "Delivery of Spring" to you as an/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('combobox', { name: 'Also mail to' })).toBeNull();
    expect(get.mock.calls.map(([path]) => path)).not.toContain('/api/users/');
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
