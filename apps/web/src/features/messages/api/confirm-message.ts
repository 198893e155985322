// POST /api/messages/:id/confirm/: marks a message read. The row shows its read time at once
// (also with "Unread only", where it stays until the list is loaded again).
import type { Paged } from '@marquee/contracts/common';
import type { Message } from '@marquee/contracts/messages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { detailPath, queryKeys } from '../../../lib/resources.ts';
import { unreadCountQueryKey } from './get-unread-count.ts';

export const confirmMessage = (id: number) => api.post<Message | undefined>(`${detailPath('messages', id)}confirm/`);

export function useConfirmMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (message: Message): Promise<Message> => {
      const answer = await confirmMessage(message.id);
      return answer && typeof answer === 'object' && 'read_at' in answer && answer.read_at
        ? { ...message, ...answer }
        : { ...message, read_at: new Date().toISOString() };
    },
    onSuccess: (confirmed) => {
      queryClient.setQueriesData<Paged<Message>>({ queryKey: queryKeys.lists('messages') }, (page) =>
        page ? { ...page, results: page.results.map((row) => (row.id === confirmed.id ? confirmed : row)) } : page,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.lists('messages'), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: unreadCountQueryKey });
    },
  });
}
