// `npm run bench:player-soak`: the Marquee Player left playing for half an hour, as a screen in a venue
// is. Starts the server on a free port with a fresh PGlite data folder and the built player, signs in
// through the API, makes a location with a 10-second loop of three 2-second campaigns (ffmpeg test
// clips, 640×360 at 25 fps), pairs a player at /player/ in headless Chromium (960×540) and lets it play.
// Every minute, after a forced garbage collection, it samples the player page's JS heap, DOM nodes,
// event listeners and intervals running, and the CPU the browser used; in the page it keeps running
// figures of the gap between one clip's last frame and the next one's first (requestVideoFrameCallback,
// as the playback spec measures it), never a list of frames. At the reference minute and at the end it
// also takes a heap snapshot and breaks the heap down (player-soak-heap.ts): V8's compiled code, which
// grows over the first 20 minutes or so of play as functions are compiled one after another, apart
// from what the page keeps. Prints each figure beside its goal; it asserts nothing.
//
// Goals (the measured window starts a loop or more after the first play, on a loop's slate, so every
// sample and the forced collections fall where no clip changes):
//   JS heap used and DOM nodes at the end   within 10 % of the warm-up sample (SOAK_WARMUP_MINUTES);
//                                           so are the page's event listeners and intervals running
//   worst gap between clips                 ≤ 40 ms (one frame at 25 fps) beyond the last frame's time
//   clip switches over 40 ms                0
//   plays the player logged                 3 per loop, as many as the window's loops hold
//   faults the player reported              0
//   CPU: renderer main thread               < 25 % of one core (CDP TaskDuration over wall time)
//   CPU: all Chromium processes             < 50 % of one core (/proc: decoding, compositing, browser)
// The two CPU goals are figures to watch, not hard lines: they depend on the machine and on what else
// runs on it (one 640×360 25 fps zone decoded and composited in software, with --disable-gpu).
//
//   SOAK_MINUTES (default 30)          length of the measured window
//   SOAK_WARMUP_MINUTES (default 5)    the reference sample the end is compared with
//   PLAYER_DIST                        built player (default apps/player/dist; built into a temp folder if missing)
//   CHROMIUM_PATH                      browser (default /usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { chromium, type Browser } from '@playwright/test';
import { deviceGatewayEndpoints } from '@marquee/contracts/device-paths';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../fixtures/chromium.ts';
import { pairPlayerByApi, playerScene } from '../fixtures/player.ts';
import { ADMIN, signInByApi } from '../fixtures/session.ts';
import { heapParts, heapPartsRows, type HeapParts } from './player-soak-heap.ts';
import { countIntervals, recordGaps } from './player-soak-page.ts';
import { sample, type Sample } from './player-soak-sample.ts';
import { freePort, playerDist, serverReady, startServer, stopServer } from './player-soak-server.ts';
import { cpuPercent, totalTicks, usageOf } from './process-usage.ts';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? 5);
const LOOP_MS = 10_000;
const CLIP_MS = 2_000;
const CAMPAIGNS = [
  { name: 'Soak red', colour: '#e02020', seconds: CLIP_MS / 1000 },
  { name: 'Soak green', colour: '#20c020', seconds: CLIP_MS / 1000 },
  { name: 'Soak blue', colour: '#2040e0', seconds: CLIP_MS / 1000 },
];
/** One frame at 25 fps: the time the last frame of a clip is on screen, and the gap allowed beyond it. */
const FRAME_MS = 40;
/** Where in its loop the window starts and ends and samples are taken: on the slate (6–10 s). */
const SAMPLE_PHASE_MS = 7_000;
const WITHIN = 0.1;
const CPU_GOALS = { main: 25, chromium: 50 };

const waitUntil = (at: number) => new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
const pct = (n: number) => `${n.toFixed(1)} %`;
const change = (from: number, to: number) => (to - from) / from;
const signed = (n: number) => `${n >= 0 ? '+' : '−'}${Math.abs(100 * n).toFixed(1)} %`;
const gapMs = (n: number) =>
  n === Infinity ? 'a clip never came to the front' : n === -Infinity ? '—' : `${n.toFixed(1)} ms`;

async function soak(browser: Browser, baseURL: string, serverPid: number | undefined): Promise<void> {
  const admin = await browser.newContext({ baseURL });
  const page = await admin.newPage();
  await signInByApi(page, baseURL, ADMIN);
  const scene = await playerScene(page, baseURL, {
    place: 'Soak Hall',
    loopSeconds: LOOP_MS / 1000,
    campaigns: CAMPAIGNS,
  });
  const order = scene.campaigns.map((c) => String(c.id));

  const context = await browser.newContext({ baseURL, viewport: { width: 960, height: 540 } });
  // tsx compiles with esbuild's keepNames, so the functions handed to the page call __name().
  await context.addInitScript({ content: 'globalThis.__name ??= (fn) => fn;' });
  const screen = await context.newPage();
  await screen.addInitScript(countIntervals);
  await screen.addInitScript(recordGaps, { order, loopMs: LOOP_MS, frameMs: FRAME_MS });

  // Plays the player logged: the last one (to find the loop's phase) and counts in the window only.
  let lastPlay: { campaign: number; started: number } | null = null;
  let playsSeen = 0;
  const span = { from: Infinity, to: Infinity };
  const inWindow = new Map<number, number>();
  const durations = { min: Infinity, max: -Infinity };
  const problems: string[] = [];
  let problemCount = 0;
  const problem = (text: string) => {
    problemCount++;
    if (problems.length < 5) problems.push(text.slice(0, 200));
  };
  screen.on('console', (message) => {
    const text = message.text();
    if (text.startsWith('[marquee] play ')) {
      let play: { campaign: number; started_at: string; duration_ms: number };
      try {
        play = JSON.parse(text.slice('[marquee] play '.length));
      } catch {
        problem(`a play logged in another form: ${text}`);
        return;
      }
      const started = Date.parse(play.started_at);
      lastPlay = { campaign: play.campaign, started };
      playsSeen++;
      if (started >= span.from && started < span.to) {
        inWindow.set(play.campaign, (inWindow.get(play.campaign) ?? 0) + 1);
        durations.min = Math.min(durations.min, play.duration_ms);
        durations.max = Math.max(durations.max, play.duration_ms);
      }
    } else if (message.type() === 'error') problem(`console: ${text}`);
  });
  screen.on('pageerror', (error) => problem(`page error: ${error.message}`));
  // Faults travel in heartbeats, each counted once (a count goes again only after a heartbeat that failed).
  const faults = new Map<string, number>();
  let queueDepth: number | undefined;
  let faultsFrom = Infinity;
  screen.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().includes(deviceGatewayEndpoints.heartbeat)) return;
    const body = request.postDataJSON() as { faults?: { kind: string; count: number }[]; queue_depth?: number };
    queueDepth = body.queue_depth ?? queueDepth;
    if (Date.now() < faultsFrom) return;
    for (const { kind, count } of body.faults ?? []) faults.set(kind, (faults.get(kind) ?? 0) + count);
  });

  await screen.goto('/player/');
  await pairPlayerByApi(page, baseURL, screen, { location: scene.location, serial: `SOAK-${Date.now()}` });
  await admin.close();
  await screen.waitForSelector('.zone[data-zone="1"][data-state="play"]', { state: 'attached', timeout: 120_000 });
  const deadline = Date.now() + 60_000;
  while (playsSeen < 2) {
    if (Date.now() > deadline) throw new Error('the player logged fewer than two plays in a minute of playing');
    await new Promise((r) => setTimeout(r, 200));
  }

  // The loop's phase from a play that began on its slot (the first may have begun mid-slot), then the
  // window: from the slate of a loop more than one loop later, for whole loops.
  const { campaign, started } = lastPlay!;
  const loopStart = Math.floor((started - CLIP_MS * order.indexOf(String(campaign))) / 1000) * 1000;
  let t0 = loopStart + SAMPLE_PHASE_MS;
  while (t0 < Date.now() + LOOP_MS) t0 += LOOP_MS;
  const t1 = t0 + MINUTES * 60_000;
  span.from = t0;
  span.to = t1;
  console.log(
    `Playing; the ${MINUTES}-minute window starts at ${new Date(t0).toISOString()} ` +
      `and ends at ${new Date(t1).toISOString()}.`,
  );

  const cdp = await context.newCDPSession(screen);
  await cdp.send('Performance.enable');
  await waitUntil(t0);
  faultsFrom = Date.now();
  await screen.evaluate(() => (window as unknown as { __soakReset: () => void }).__soakReset());
  const countPlays = () => [...inWindow.values()].reduce((a, b) => a + b, 0);
  const samples: Sample[] = [await sample(screen, cdp, 0, serverPid, 0)];
  const serverStart = serverPid ? usageOf(serverPid, { self: true }) : null;
  // What the heap holds at the reference and at the end, each snapshot after its minute's sample.
  const parts = new Map<number, HeapParts>();
  if (WARMUP_MINUTES === 0) parts.set(0, await heapParts(cdp));
  for (let minute = 1; minute <= MINUTES; minute++) {
    await waitUntil(t0 + minute * 60_000);
    const s = await sample(screen, cdp, minute, serverPid, countPlays());
    samples.push(s);
    const snapshotAt = Date.now();
    if (minute === WARMUP_MINUTES || minute === MINUTES) parts.set(minute, await heapParts(cdp));
    const snapshotMs = Date.now() - snapshotAt;
    const before = samples.at(-2)!;
    console.log(
      `  ${String(minute).padStart(2)} min  heap ${mb(s.heap)}  nodes ${s.nodes}  elements ${s.elements}` +
        `  listeners ${s.listeners}  intervals ${s.intervals}  main thread ${pct((100 * (s.taskSeconds - before.taskSeconds)) / ((s.at - before.at) / 1000))}` +
        `  Chromium ${pct(cpuPercent(totalTicks(s.chromium) - totalTicks(before.chromium), s.at - before.at))}` +
        `  plays ${s.plays}  switches ${s.gaps.switches}  worst gap ${gapMs(s.gaps.worst)}` +
        (parts.has(minute) ? `  (heap snapshot ${(snapshotMs / 1000).toFixed(1)} s)` : ''),
    );
  }
  const serverEnd = serverPid ? usageOf(serverPid, { self: true }) : null;
  await context.close();

  const first = samples[0]!;
  const reference = samples[WARMUP_MINUTES]!;
  const end = samples.at(-1)!;
  const wallMs = end.at - first.at;
  const loops = Math.round((t1 - t0) / LOOP_MS);
  const mainCpu = (100 * (end.taskSeconds - first.taskSeconds)) / (wallMs / 1000);
  const chromiumCpu = cpuPercent(totalTicks(end.chromium) - totalTicks(first.chromium), wallMs);
  const byType = [...end.chromium.ticks]
    .map(([type, ticks]) => [type, cpuPercent(ticks - (first.chromium.ticks.get(type) ?? 0), wallMs)] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([type, p]) => `${type} ${pct(p)}`)
    .join(', ');
  const serverCpu =
    serverStart && serverEnd ? cpuPercent(totalTicks(serverEnd) - totalTicks(serverStart), wallMs) : NaN;
  const plays = countPlays();
  const expectedPlays = CAMPAIGNS.length * loops;
  const perCampaign = order.map((id) => inWindow.get(Number(id)) ?? 0).join(' / ');
  const gaps = end.gaps;
  const faultCount = [...faults.values()].reduce((a, b) => a + b, 0);
  const within = (from: number, to: number) => (Math.abs(change(from, to)) <= WITHIN ? 'ok' : 'over');
  const at = (s: Sample) => `${s.minute} min`;

  const table: [string, string, string, string][] = [
    [
      `JS heap used (after GC), ${at(reference)} → ${at(end)}`,
      `${mb(reference.heap)} → ${mb(end.heap)} (${signed(change(reference.heap, end.heap))})`,
      'within 10 %',
      within(reference.heap, end.heap),
    ],
    [
      `DOM nodes (CDP, after GC), ${at(reference)} → ${at(end)}`,
      `${reference.nodes} → ${end.nodes} (${signed(change(reference.nodes, end.nodes))})`,
      'within 10 %',
      within(reference.nodes, end.nodes),
    ],
    [
      `DOM elements in the document`,
      `${reference.elements} → ${end.elements}`,
      'within 10 %',
      within(reference.elements, end.elements),
    ],
    [
      `JS event listeners`,
      `${reference.listeners} → ${end.listeners}`,
      'within 10 %',
      within(reference.listeners, end.listeners),
    ],
    [
      'intervals running in the page',
      `${reference.intervals} → ${end.intervals}`,
      'within 10 %',
      within(reference.intervals, end.intervals),
    ],
    ...(parts.size === 2
      ? heapPartsRows(parts.get(WARMUP_MINUTES)!, parts.get(MINUTES)!, `${at(reference)} → ${at(end)}`)
      : []),
    [`JS heap used at the start of the window`, mb(first.heap), '—', ''],
    [
      `Chromium memory (PSS, all processes), ${at(reference)} → ${at(end)}`,
      `${mb(reference.chromium.pssKb * 1024)} → ${mb(end.chromium.pssKb * 1024)} (${signed(change(reference.chromium.pssKb, end.chromium.pssKb))})`,
      'to watch',
      '',
    ],
    [
      'CPU: renderer main thread (TaskDuration / wall)',
      pct(mainCpu),
      `< ${CPU_GOALS.main} % of a core`,
      mainCpu < CPU_GOALS.main ? 'ok' : 'over',
    ],
    [
      'CPU: all Chromium processes (/proc)',
      pct(chromiumCpu),
      `< ${CPU_GOALS.chromium} % of a core`,
      chromiumCpu < CPU_GOALS.chromium ? 'ok' : 'over',
    ],
    ['  by process type', byType, '', ''],
    ['CPU: the server (for comparison)', pct(serverCpu), '—', ''],
    [
      'worst gap between clips (beyond one frame)',
      gapMs(gaps.worst),
      `≤ ${FRAME_MS} ms`,
      gaps.worst <= FRAME_MS ? 'ok' : 'over',
    ],
    [
      'mean / best gap',
      gaps.switches ? `${(gaps.sum / gaps.switches).toFixed(1)} ms / ${gapMs(gaps.best)}` : '—',
      '—',
      '',
    ],
    [
      'clip switches measured',
      String(gaps.switches),
      `${2 * loops} (2 a loop)`,
      gaps.switches === 2 * loops ? 'ok' : 'over',
    ],
    [`clip switches with a gap over ${FRAME_MS} ms`, String(gaps.over), '0', gaps.over === 0 ? 'ok' : 'over'],
    [
      'video frames presented while playing',
      `${gaps.frames - first.gaps.frames} of the clips' ${(loops * CAMPAIGNS.length * CLIP_MS) / FRAME_MS}`,
      '—',
      '',
    ],
    [
      'plays logged (by campaign)',
      `${plays} (${perCampaign})`,
      `${expectedPlays} (3 a loop)`,
      plays === expectedPlays ? 'ok' : 'over',
    ],
    ['play durations logged', plays ? `${durations.min}–${durations.max} ms` : '—', `${CLIP_MS} ms`, ''],
    [
      'faults the player reported',
      faultCount ? [...faults].map(([k, n]) => `${k} ${n}`).join(', ') : '0',
      '0',
      faultCount === 0 ? 'ok' : 'over',
    ],
    ['plays waiting to be sent (last heartbeat)', String(queueDepth ?? '—'), '—', ''],
    ['console errors and page errors', String(problemCount), '0', problemCount === 0 ? 'ok' : 'over'],
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...table.map((row) => row[i]!.length)));
  console.log(
    `\nMarquee Player soak: ${MINUTES} min (${loops} loops of ${LOOP_MS / 1000} s, ${CAMPAIGNS.length} clips of ` +
      `${CLIP_MS / 1000} s, 640×360 25 fps, in a 960×540 page), compared with minute ${WARMUP_MINUTES}\n`,
  );
  console.log(`  ${'figure'.padEnd(widths[0]!)}  ${'value'.padEnd(widths[1]!)}  ${'goal'.padEnd(widths[2]!)}  ok`);
  for (const [figure, value, goal, ok] of table)
    console.log(`  ${figure.padEnd(widths[0]!)}  ${value.padEnd(widths[1]!)}  ${goal.padEnd(widths[2]!)}  ${ok}`);
  for (const text of problems) console.log(`  ${text}`);
  console.log();
}

async function main(): Promise<void> {
  if (
    !(MINUTES > 0) ||
    !(WARMUP_MINUTES >= 0) ||
    WARMUP_MINUTES >= MINUTES ||
    !Number.isInteger(MINUTES + WARMUP_MINUTES)
  )
    throw new Error('SOAK_MINUTES and SOAK_WARMUP_MINUTES must be whole numbers, the warm-up shorter');
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-bench-soak-'));
  // The fixtures keep their test clips here.
  process.env.E2E_DATA = path.join(tmp, 'media');
  let server: ChildProcess | undefined;
  let browser: Browser | undefined;
  // Once, whether the run ends or is interrupted (Ctrl-C also stops Chromium, which ends the run).
  let stopping: Promise<void> | undefined;
  const cleanup = () =>
    (stopping ??= (async () => {
      await browser?.close().catch(() => {});
      if (server) await stopServer(server);
      try {
        fs.rmSync(tmp, { recursive: true, force: true });
      } catch (err) {
        console.error(`Could not remove ${tmp}: ${String(err)}`);
      }
    })());
  let interrupted = false;
  // Every signal is handled, not only the first: tsx sends the child a second one when it answers late.
  const onSignal = () => {
    interrupted = true;
    void cleanup().finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const dist = playerDist(tmp);
    const port = await freePort();
    server = startServer(port, tmp, dist);
    await serverReady(server, port);
    console.log(`Server on http://127.0.0.1:${port}/ (player from ${dist}); setting up the scene…`);
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      // Playwright's own handlers would exit as soon as the browser is closed, before the server stops.
      handleSIGINT: false,
      handleSIGTERM: false,
      args: CHROMIUM_ARGS,
    });
    await soak(browser, `http://127.0.0.1:${port}`, server.pid);
  } catch (err) {
    if (!interrupted) throw err;
  } finally {
    await cleanup();
  }
}

await main();
