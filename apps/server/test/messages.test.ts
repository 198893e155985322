// /api/messages/: each user's own messages, unread filter, ordering, confirm and the unread count.
import { beforeAll, expect, it } from 'vitest';
import type { Message } from '@marquee/contracts/messages';
import { resources } from '@marquee/contracts/resources';
import { details } from '@marquee/contracts/texts';
import { sendMessage } from '../src/modules/messages/messages.service.ts';
import { describeBackends } from './helpers/backends.ts';
import { asUser, Client, type UserClient } from './helpers/factories.ts';

const api = resources.messages.endpoint;

describeBackends('messages', (ctx) => {
  let alice: UserClient;
  let bob: UserClient;
  beforeAll(async () => {
    alice = await asUser(ctx, []);
    bob = await asUser(ctx, ['view_user']);
    await sendMessage(ctx.db, { userId: alice.user.id, importance: 'info', content: 'first' });
    await sendMessage(ctx.db, { userId: alice.user.id, importance: 'critical', content: 'second' });
    await sendMessage(ctx.db, { userId: bob.user.id, importance: 'warning', content: 'for bob' });
  });

  it('lists only the signed-in user’s messages, newest first', async () => {
    const page = await alice.page<Message>(`${api}?page=1&page_size=100&ordering=-sent_at`);
    expect(page.count).toBe(2);
    expect(page.results.map((m) => m.content)).toEqual(['second', 'first']);
    expect(page.results[0]).toEqual({
      id: expect.any(Number),
      importance: 'critical',
      sent_at: expect.any(String),
      read_at: null,
      content: 'second',
      links: [],
    });
    expect((await bob.page<Message>(api)).results.map((m) => m.content)).toEqual(['for bob']);
    expect((await alice.page<Message>(`${api}?ordering=sent_at`)).results.map((m) => m.content)).toEqual([
      'first',
      'second',
    ]);
    expect((await alice.get(`${api}?ordering=content`)).statusCode).toBe(400);
    expect((await new Client(ctx.app).get(api)).statusCode).toBe(401);
  });

  it('confirms one’s own message, counts unread; another user’s message is 404', async () => {
    const count = async (c: Client) => ((await c.get(`${api}unread_count/`)).json() as { count: number }).count;
    expect(await count(alice)).toBe(2);
    const [second] = (await alice.page<Message>(api)).results;
    const bobs = (await bob.page<Message>(api)).results[0]!;

    const stolen = await alice.post(`${api}${bobs.id}/confirm/`);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ detail: details.notFound });
    expect(await count(bob)).toBe(1);

    const res = await alice.post(`${api}${second!.id}/confirm/`);
    expect(res.statusCode).toBe(200);
    const confirmed = res.json() as Message;
    expect(confirmed.read_at).not.toBeNull();
    expect((await alice.post(`${api}${second!.id}/confirm/`)).json()).toEqual(confirmed);
    expect(await count(alice)).toBe(1);
    expect((await alice.page<Message>(`${api}?unread=true`)).results.map((m) => m.content)).toEqual(['first']);
    expect((await alice.page<Message>(`${api}?unread=false`)).results.map((m) => m.content)).toEqual(['second']);
    expect((await alice.post(`${api}999999/confirm/`)).statusCode).toBe(404);
    expect((await new Client(ctx.app).get(`${api}unread_count/`)).statusCode).toBe(401);
    expect((await new Client(ctx.app).post(`${api}${bobs.id}/confirm/`)).statusCode).toBe(401);
  });
});
