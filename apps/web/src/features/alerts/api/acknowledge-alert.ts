// POST /api/alerts/:id/acknowledge/ {note?}: records who saw the alert, when, and what they wrote. The
// row shows it at once and the lists on screen load again (with the acknowledging user's name if the
// answer lacked it).
import type { Paged } from '@marquee/contracts/common';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';
import type { AlertRow } from './get-alerts.ts';

export const acknowledgeAlert = (id: number, note?: string) =>
  api.post<Partial<AlertRow> | undefined>(`${detailPath('alerts', id)}acknowledge/`, note ? { note } : undefined);

export type AcknowledgeCall = { alert: AlertRow; note?: string };

export function useAcknowledgeAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ alert, note }: AcknowledgeCall): Promise<AlertRow> => {
      const answer = await acknowledgeAlert(alert.id, note?.trim() || undefined);
      return answer && typeof answer === 'object' && answer.acknowledged_at
        ? { ...alert, ...answer }
        : { ...alert, acknowledged_at: new Date().toISOString(), acknowledge_note: note?.trim() || null };
    },
    onSuccess: (acknowledged) => {
      queryClient.setQueriesData<Paged<AlertRow>>({ queryKey: queryKeys.lists('alerts') }, (page) =>
        page
          ? { ...page, results: page.results.map((row) => (row.id === acknowledged.id ? acknowledged : row)) }
          : page,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('alerts') });
    },
  });
}
