import { describe, expect, it } from 'vitest';
import { TurnsFull, createTurns } from './turns.ts';

/** A task that runs until `finish` is called, and records when it started. */
function gate(log: string[], name: string) {
  let finish!: (value: string) => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return {
    task: () => {
      log.push(name);
      return done;
    },
    finish: () => finish(name),
    fail: () => fail(new Error(name)),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('turns', () => {
  it('runs at most max tasks at once and the waiting ones first come first served', async () => {
    const turns = createTurns(2);
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd', 'e'].map((name) => gate(log, name));
    const results = gates.map((g) => turns.run(g.task));
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(turns.stats()).toEqual({ running: 2, waiting: 3 });

    gates[1]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(turns.stats()).toEqual({ running: 2, waiting: 2 });

    gates[0]!.finish();
    gates[2]!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.stats()).toEqual({ running: 2, waiting: 0 });

    gates[3]!.finish();
    gates[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the turn of a task that fails, and passes its error on', async () => {
    const turns = createTurns(1);
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');
    const failed = turns.run(first.task);
    const next = turns.run(second.task);
    await settle();
    expect(log).toEqual(['first']);
    first.fail();
    await expect(failed).rejects.toThrow('first');
    await settle();
    expect(log).toEqual(['first', 'second']);
    second.finish();
    expect(await next).toBe('second');
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('frees the turn of a task that throws before it returns a promise', async () => {
    const turns = createTurns(1);
    await expect(
      turns.run(() => {
        throw new Error('at once');
      }),
    ).rejects.toThrow('at once');
    expect(await turns.run(async () => 'after')).toBe('after');
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('tells every change of the counts', async () => {
    const seen: string[] = [];
    const turns = createTurns(1, { onChange: ({ running, waiting }) => seen.push(`${running}/${waiting}`) });
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const both = [turns.run(a.task), turns.run(b.task)];
    a.finish();
    await both[0];
    b.finish();
    await both[1];
    expect(seen).toEqual(['1/0', '1/1', '1/0', '0/0']);
  });

  it('refuses a task, without running it, when every turn is taken and queueLimit tasks wait', async () => {
    const turns = createTurns(2, { queueLimit: 1 });
    const log: string[] = [];
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const running = [turns.run(a!.task), turns.run(b!.task)];
    expect(turns.full()).toBe(false);
    const waiting = turns.run(c!.task);
    expect(turns.full()).toBe(true);
    await expect(turns.run(d!.task)).rejects.toBeInstanceOf(TurnsFull);
    await settle();
    expect(log).toEqual(['a', 'b']);
    expect(turns.stats()).toEqual({ running: 2, waiting: 1 });

    // A turn freed: the waiting task runs, and the queue has room again.
    a!.finish();
    await settle();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(turns.full()).toBe(false);
    const next = turns.run(d!.task);
    expect(turns.full()).toBe(true);
    for (const g of [b, c, d]) g!.finish();
    expect(await Promise.all([...running, waiting, next])).toEqual(['a', 'b', 'c', 'd']);
    expect(turns.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it('with queueLimit 0 refuses whatever finds every turn taken', async () => {
    const turns = createTurns(1, { queueLimit: 0 });
    const log: string[] = [];
    const a = gate(log, 'a');
    const first = turns.run(a.task);
    expect(turns.full()).toBe(true);
    await expect(turns.run(async () => 'b')).rejects.toBeInstanceOf(TurnsFull);
    a.finish();
    expect(await first).toBe('a');
    expect(await turns.run(async () => 'c')).toBe('c');
  });

  it('estimates the wait from the mean time of the last tasks, the tasks ahead and the turns', async () => {
    let clock = 0;
    const turns = createTurns(2, { now: () => clock });
    const log: string[] = [];
    expect(turns.waitEstimateMs()).toBe(0);
    // Two tasks of 100 ms: the mean is 100 ms.
    for (const name of ['a', 'b']) {
      const g = gate(log, name);
      const done = turns.run(g.task);
      clock += 100;
      g.finish();
      await done;
    }
    // A turn free: no wait.
    expect(turns.waitEstimateMs()).toBe(0);
    const gates = ['c', 'd', 'e', 'f', 'g'].map((name) => gate(log, name));
    const results = gates.map((g) => turns.run(g.task));
    await settle();
    // Both turns taken and three waiting: a fourth waits for 4 tasks on 2 turns, 200 ms.
    expect(turns.stats()).toEqual({ running: 2, waiting: 3 });
    expect(turns.waitEstimateMs()).toBe(200);
    // A task of 600 ms moves the mean a fifth of the way: 100 + 0.2 × 500 = 200 ms.
    clock += 600;
    gates[0]!.finish();
    await settle();
    expect(turns.waitEstimateMs()).toBe(300);
    for (const g of gates) g.finish();
    await Promise.all(results);
  });

  it('refuses a max that is not a whole number of at least 1, and a queueLimit below 0', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => createTurns(max)).toThrow(RangeError);
    for (const queueLimit of [-1, 0.5, Number.NaN]) expect(() => createTurns(1, { queueLimit })).toThrow(RangeError);
  });
});
