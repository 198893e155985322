// One sample of the soak bench: the player page's JS heap, DOM nodes, event listeners and intervals
// after a forced garbage collection, the gap figures the page keeps, and the CPU Chromium used so far.
import type { CDPSession, Page } from '@playwright/test';
import type { GapStats } from './player-soak-page.ts';
import { usageOf, type Usage } from './process-usage.ts';

export type Sample = {
  minute: number;
  at: number;
  heap: number;
  nodes: number;
  listeners: number;
  /** Intervals set in the page and not cleared. */
  intervals: number;
  elements: number;
  /** Renderer main thread busy time so far (s). */
  taskSeconds: number;
  chromium: Usage;
  gaps: GapStats;
  plays: number;
};

export async function sample(
  screen: Page,
  cdp: CDPSession,
  minute: number,
  skipPid: number | undefined,
  plays: number,
): Promise<Sample> {
  const at = Date.now();
  // This process's children: Chromium and the server, which is left out.
  const chromium = usageOf(process.pid, { self: false, skip: skipPid });
  const metric = (list: { name: string; value: number }[], name: string) =>
    list.find((m) => m.name === name)?.value ?? NaN;
  // The main thread's busy time before the forced collection, so the collections do not count as play.
  const { metrics: busy } = await cdp.send('Performance.getMetrics');
  // The player writes each play to its console; with an inspector attached (Playwright's, this one's)
  // the page keeps those messages for it, which a screen without one does not: they go first.
  await cdp.send('Runtime.discardConsoleEntries');
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  const { elements, intervals, gaps } = await screen.evaluate(() => {
    const w = window as unknown as { __soakStats: () => GapStats; __soakIntervals: () => number };
    return {
      elements: document.getElementsByTagName('*').length,
      intervals: w.__soakIntervals(),
      gaps: w.__soakStats(),
    };
  });
  return {
    minute,
    at,
    heap: metric(list, 'JSHeapUsedSize'),
    nodes: metric(list, 'Nodes'),
    listeners: metric(list, 'JSEventListeners'),
    elements,
    intervals,
    taskSeconds: metric(busy, 'TaskDuration'),
    chromium,
    gaps,
    plays,
  };
}
