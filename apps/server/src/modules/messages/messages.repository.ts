// SQL for messages to users.
import type { Message } from '@marquee/contracts/messages';
import type { Database } from '../../db/database.ts';
import type { CrudRepository } from '../../http/crud.ts';
import { applyPage, countOf } from '../../http/list.ts';

export type MessageFilters = { user_id?: number; unread?: boolean };

const base = (db: Database, filters: MessageFilters) => {
  let q = db
    .selectFrom('messages')
    .select([
      'messages.id',
      'messages.importance',
      'messages.sent_at',
      'messages.read_at',
      'messages.content',
      'messages.links',
    ]);
  if (filters.user_id !== undefined) q = q.where('messages.user_id', '=', filters.user_id);
  if (filters.unread !== undefined) q = q.where('messages.read_at', filters.unread ? 'is' : 'is not', null);
  return q;
};

type Row = Awaited<ReturnType<ReturnType<typeof base>['executeTakeFirstOrThrow']>>;
const present = (r: Row): Message => ({
  id: r.id,
  importance: r.importance,
  sent_at: new Date(r.sent_at).toISOString(),
  read_at: r.read_at === null ? null : new Date(r.read_at).toISOString(),
  content: r.content,
  links: Array.isArray(r.links) ? (r.links as Message['links']) : [],
});

export const messagesRepository: CrudRepository<Message, never, MessageFilters> & {
  confirm(db: Database, id: number, userId: number): Promise<Message | undefined>;
  unreadCount(db: Database, userId: number): Promise<number>;
} = {
  async list(db, options) {
    return (await applyPage(base(db, options.filters), options).execute()).map(present);
  },
  count: (db, filters) => countOf(base(db, filters)),
  async get(db, id) {
    const row = await base(db, {}).where('messages.id', '=', id).executeTakeFirst();
    return row && present(row);
  },
  async confirm(db, id, userId) {
    await db
      .updateTable('messages')
      .set({ read_at: new Date() })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
    const row = await base(db, { user_id: userId }).where('messages.id', '=', id).executeTakeFirst();
    return row && present(row);
  },
  unreadCount: (db, userId) => countOf(base(db, { user_id: userId, unread: true })),
};
