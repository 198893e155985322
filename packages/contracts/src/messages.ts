// Messages the system sends to users (`/api/messages/`).
import { z } from 'zod';
import { listQuery } from './common.ts';

export const messageImportance = ['info', 'warning', 'critical'] as const;
export type MessageImportance = (typeof messageImportance)[number];

export const message = z.object({
  id: z.number().int(),
  importance: z.enum(messageImportance),
  sent_at: z.string(),
  /** null while unread; confirming sets it. */
  read_at: z.string().nullable(),
  content: z.string(),
  /** In-app pages the message is about (an alert, its screen), each with its link text. */
  links: z.array(z.object({ label: z.string(), path: z.string() })),
});
export type Message = z.infer<typeof message>;
export type MessageLink = Message['links'][number];

export const messageQuery = listQuery.extend({
  unread: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export const messageOrdering = ['sent_at', 'id', 'importance'] as const;

export const unreadCount = z.object({ count: z.number().int() });
