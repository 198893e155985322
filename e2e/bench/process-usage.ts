// CPU time and memory of a process tree, read from /proc (Linux): the soak bench's Chromium and server.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/** CPU ticks (user + system, with reaped children's) and proportional memory of one process tree. */
export type Usage = { ticks: Map<string, number>; pssKb: number };
const TICKS_PER_S = Number(spawnSync('getconf', ['CLK_TCK']).stdout?.toString().trim()) || 100;

/** A process tree's usage, by Chromium process type (`--type=…`; none: `browser`): `rootPid` and its
 * descendants, or only its descendants, leaving out `skip` and its own. */
export function usageOf(rootPid: number, { self, skip }: { self: boolean; skip?: number }): Usage {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const text = fs.readFileSync(`/proc/${name}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): state ppid … utime stime cutime cstime.
      const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
      const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
      stats.set(Number(name), { ppid: Number(fields[1]), ticks });
    } catch {
      // exited meanwhile
    }
  }
  const usage: Usage = { ticks: new Map(), pssKb: 0 };
  const add = (pid: number, ticks: number) => {
    try {
      // (A process forked by the zygote writes its arguments back with spaces between them.)
      const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      const type = /(?:^|[\s\0])--type=([^\s\0]+)/.exec(cmdline)?.[1] ?? 'browser';
      usage.ticks.set(type, (usage.ticks.get(type) ?? 0) + ticks);
      const pss = /^Pss:\s+(\d+)/m.exec(fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'));
      usage.pssKb += Number(pss?.[1] ?? 0);
    } catch {
      // exited meanwhile
    }
  };
  const walk = (pid: number) => {
    for (const [child, { ppid, ticks }] of stats) {
      if (ppid !== pid || child === skip) continue;
      add(child, ticks);
      walk(child);
    }
  };
  if (self && stats.has(rootPid)) add(rootPid, stats.get(rootPid)!.ticks);
  walk(rootPid);
  return usage;
}

export const totalTicks = (u: Usage) => [...u.ticks.values()].reduce((a, b) => a + b, 0);
/** CPU between two readings, as a percentage of one core over `ms`. */
export const cpuPercent = (ticks: number, ms: number) => (100 * ticks) / TICKS_PER_S / (ms / 1000);
