// Messages the system sends to users: each user reads and confirms only their own.
import type { Message, MessageImportance, MessageLink } from '@marquee/contracts/messages';
import { resources } from '@marquee/contracts/resources';
import type { Access, Auth } from '../../access/access.ts';
import type { Database } from '../../db/database.ts';
import { invalidateCounts } from '../../http/count-cache.ts';
import { createCrudService } from '../../http/crud.ts';
import { notFound } from '../../http/errors.ts';
import { messagesRepository, type MessageFilters } from './messages.repository.ts';

const model = resources.messages.model_name;

/** Sends a message to a user (account events, campaigns, alerts), with links to what it is about. */
export async function sendMessage(
  db: Database,
  {
    userId,
    importance,
    content,
    links,
  }: { userId: number; importance: MessageImportance; content: string; links?: MessageLink[] },
): Promise<void> {
  await db
    .insertInto('messages')
    .values({ user_id: userId, importance, content, ...(links?.length ? { links: JSON.stringify(links) } : {}) })
    .execute();
  invalidateCounts(model);
}

export function createMessagesService(db: Database, access: Access) {
  const crud = createCrudService<Message, never, MessageFilters>(db, access, {
    definition: resources.messages,
    repository: messagesRepository,
    ordering: {
      fields: { sent_at: 'messages.sent_at', id: 'messages.id', importance: 'messages.importance' },
      default: '-sent_at',
      id: 'messages.id',
    },
    repr: (m) => m.content.slice(0, 50),
    scope: (auth) => ({ user_id: auth.user.id }),
  });

  return {
    list: crud.list,

    /** Marks the user's own message read; another user's message is not found. */
    async confirm(auth: Auth, id: number): Promise<Message> {
      const message = await messagesRepository.confirm(db, id, auth.user.id);
      if (!message) throw notFound();
      invalidateCounts(model);
      return message;
    },

    async unreadCount(auth: Auth): Promise<{ count: number }> {
      return { count: await messagesRepository.unreadCount(db, auth.user.id) };
    },
  };
}
