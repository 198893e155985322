// /api/report-subscriptions/: the signed-in user's scheduled report mails (the account page lists and
// cancels them; the delivery and statistics reports subscribe), and the one-click unsubscribe of a
// mail's link. Shared by several features, so it lives here.
import type { Paged } from '@marquee/contracts/common';
import {
  unsubscribeEndpoint,
  type ReportSubscription,
  type ReportSubscriptionInput,
  type UnsubscribeResult,
} from '@marquee/contracts/report-subscriptions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { detailPath, fetchList, queryKeys, resourceDefinition } from './resources.ts';

/** A user has a handful of subscriptions: one page holds them all. */
const LIST_PARAMS = { page_size: 0 } as const;

export const reportSubscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.list('reportSubscriptions', LIST_PARAMS),
    queryFn: ({ signal }) => fetchList<ReportSubscription>('reportSubscriptions', LIST_PARAMS, { signal }),
  });

export const useReportSubscriptions = (enabled = true) => useQuery({ ...reportSubscriptionsQueryOptions(), enabled });

export const createReportSubscription = (input: ReportSubscriptionInput) =>
  api.post<ReportSubscription>(resourceDefinition('reportSubscriptions').endpoint, input, { formErrors: true });

export function useCreateReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createReportSubscription,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.all('reportSubscriptions') }),
  });
}

export const deleteReportSubscription = (id: number) => api.delete<void>(detailPath('reportSubscriptions', id));

export function useDeleteReportSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (subscription: ReportSubscription) => deleteReportSubscription(subscription.id),
    onSuccess: (_, subscription) => {
      queryClient.setQueryData<Paged<ReportSubscription>>(
        queryKeys.list('reportSubscriptions', LIST_PARAMS),
        (page) =>
          page && {
            ...page,
            count: page.count - 1,
            results: page.results.filter((s) => s.id !== subscription.id),
          },
      );
      return queryClient.invalidateQueries({ queryKey: queryKeys.all('reportSubscriptions') });
    },
  });
}

/** The public page's call: no session needed; a used or unknown link answers 404, shown by the page. */
export const unsubscribeReport = (token: string) =>
  api.post<UnsubscribeResult>(unsubscribeEndpoint(token), {}, { ignoreAuthModule: true, quietStatuses: [404] });
