import { describe, expect, it } from 'vitest';
import { createTurns } from './turns.ts';

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
    const turns = createTurns(1, ({ running, waiting }) => seen.push(`${running}/${waiting}`));
    const log: string[] = [];
    const [a, b] = [gate(log, 'a'), gate(log, 'b')];
    const both = [turns.run(a.task), turns.run(b.task)];
    a.finish();
    await both[0];
    b.finish();
    await both[1];
    expect(seen).toEqual(['1/0', '1/1', '1/0', '0/0']);
  });

  it('keeps the mean time of the last tasks, the latest weighing a fifth', async () => {
    let clock = 0;
    const turns = createTurns(2, undefined, () => clock);
    expect(turns.meanMs()).toBe(0);
    const timedTask = async (ms: number) => {
      const log: string[] = [];
      const g = gate(log, 'task');
      const done = turns.run(g.task);
      clock += ms;
      g.finish();
      await done;
    };
    await timedTask(100);
    expect(turns.meanMs()).toBe(100);
    await timedTask(600);
    expect(turns.meanMs()).toBe(200);
    // A failed task counts too: it held its turn as long.
    const failing = turns.run(async () => {
      clock += 1200;
      throw new Error('failed');
    });
    await expect(failing).rejects.toThrow('failed');
    expect(turns.meanMs()).toBe(400);
  });

  it('refuses a max that is not a whole number of at least 1', () => {
    for (const max of [0, -1, 1.5, Number.NaN]) expect(() => createTurns(max)).toThrow(RangeError);
  });
});
