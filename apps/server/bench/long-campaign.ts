// A campaign of the longest allowed run beside the demo data: books one (approved) at every location the
// admin may send to, from today for BENCH_RUN_DAYS days (MAX_CAMPAIGN_DAYS, 1096 by default), then
// times what the campaign screens and the calendar ask, and /healthz alone and while a campaigns page
// is being answered. Prints each call's p50 and slowest time beside the goal (1 s); it asserts nothing.
// Last, it tries to create a campaign ending 9999-12-31 and says what the server answered.
//   BENCH_URL        a running server (`npm run serve` on a temporary DATA_DIR); without it the bench
//                    starts one on a new PGlite folder with the demo data
//   BENCH_PASSWORD   the admin's password on BENCH_URL (its ADMIN_PASSWORD)
//   BENCH_RUN_DAYS   the run (default 1096)      BENCH_RUNS   calls per figure (default 5)
//   BENCH_CAMPAIGNS  how many such campaigns (default 1; 25 fill a campaigns page)
//   BENCH_SKIP_FAR=1 leaves out the 9999-12-31 attempt (which, where it is accepted, hangs the server)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appConfigEndpoint, type AppConfig } from '@marquee/contracts/app-config';
import { addDays } from '@marquee/contracts/inventory';
import { authEndpoint, resources, userInfoEndpoint } from '@marquee/contracts/resources';
import { dayIn } from '../src/lib/days.ts';
import { startServer, stopServer, type ServerProcess } from '../src/tools/server-process.ts';
import { ms, percentile } from './parallel.ts';

const GOAL_MS = 1000;
/** A call that takes longer than this is cut off (and reported as such). */
const CUT_OFF_MS = 30_000;
const runDays = Number(process.env.BENCH_RUN_DAYS ?? 1096);
const runs = Number(process.env.BENCH_RUNS ?? 5);
const count = Number(process.env.BENCH_CAMPAIGNS ?? 1);

let server: ServerProcess | undefined;
let base = process.env.BENCH_URL?.replace(/\/$/, '');
let password = process.env.BENCH_PASSWORD ?? '';
if (!base) {
  password = 'bench-long-campaign';
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-long-campaign-'));
  console.log('Starting the server on a new PGlite folder with the demo data…');
  server = await startServer({ env: { DATA_DIR: dataDir, ADMIN_PASSWORD: password }, timeoutMs: 15 * 60_000 });
  base = server.url;
}

type Answer = { status: number; ms: number; body: string };

try {
  let cookie = '';
  let csrf = '';
  const call = async (method: string, url: string, body?: unknown): Promise<Answer> => {
    const started = performance.now();
    try {
      const res = await fetch(`${base}${url}`, {
        method,
        headers: {
          cookie,
          ...(body === undefined ? {} : { 'content-type': 'application/json', 'x-csrftoken': csrf }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(CUT_OFF_MS),
      });
      const text = await res.text();
      return { status: res.status, ms: performance.now() - started, body: text };
    } catch {
      return { status: 0, ms: performance.now() - started, body: '' };
    }
  };
  const json = <T>(answer: Answer, what: string): T => {
    if (answer.status < 200 || answer.status > 299) throw new Error(`${what}: ${answer.status} ${answer.body}`);
    return JSON.parse(answer.body) as T;
  };

  const first = await fetch(`${base}${userInfoEndpoint}`);
  csrf = /csrftoken=([^;]+)/.exec(first.headers.get('set-cookie') ?? '')![1]!;
  cookie = `csrftoken=${csrf}`;
  const signIn = await fetch(`${base}${authEndpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': csrf, cookie },
    body: JSON.stringify({ username: 'admin', password }),
  });
  if (!signIn.ok) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`);
  cookie = `${cookie}; sessionid=${/sessionid=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')![1]!}`;

  const { time_zone: timeZone, zones } = json<AppConfig>(await call('GET', appConfigEndpoint), 'config');
  const today = dayIn(new Date(), timeZone);
  const campaigns = resources.campaigns.endpoint;
  const locations = resources.locations.endpoint;
  const sendable = json<{ results: { id: number }[] }>(
    await call('GET', `${locations}?page_size=0&is_active=true&can_send_campaign=true&has_devices=true&ordering=name`),
    'locations',
  ).results.map((l) => l.id);
  const sample = json<{ results: { videoclip: number }[] }>(
    await call('GET', `${campaigns}?page_size=1&ordering=-start_date`),
    'a campaign',
  ).results[0];
  if (!sample || !sendable.length) throw new Error('The database has no campaign or no location to send to.');
  const end = addDays(today, runDays - 1);
  const input = {
    name: `Bench: ${runDays}-day campaign`,
    videoclip: sample.videoclip,
    locations: sendable,
    start_date: today,
    end_date: end,
    p_zones: zones.slice(0, 2),
  };
  let created = { id: 0 };
  const approvals: number[] = [];
  for (let i = 0; i < count; i++) {
    created = json<{ id: number }>(
      await call('POST', campaigns, { ...input, name: `${input.name} ${i + 1}` }),
      'create',
    );
    approvals.push((await call('POST', `${campaigns}${created.id}/approve/`, { override_capacity: true })).status);
  }
  console.log(
    `${count} campaign(s) up to ${created.id}: ${today} … ${end} (${runDays} days) at ${sendable.length} locations, approve answered ${[...new Set(approvals)].join(',')}.`,
  );

  const monthEnd = addDays(today, 30);
  const cases: [string, string][] = [
    ['campaigns page (25, by -start_date)', `${campaigns}?page=1&page_size=25&ordering=-start_date`],
    ['campaign list, date filter today', `${campaigns}?date_from=${today}&date_to=${today}&page_size=25`],
    ['campaign detail', `${campaigns}${created.id}/`],
    ['delivery list (all campaigns)', `${campaigns}delivery/`],
    ['this campaign delivery, by location', `${campaigns}${created.id}/delivery/?group_by=location`],
    ['this campaign delivery, by location and day', `${campaigns}${created.id}/delivery/`],
    ['calendar, 31 days', `${locations}calendar/?date_from=${today}&date_to=${monthEnd}&page=1&page_size=25`],
    [
      'calendar day (campaigns of a day)',
      `${campaigns}?location=${sendable[0]}&date_from=${today}&date_to=${today}&page_size=0&ordering=ordering`,
    ],
    [
      'calendar day room (availability)',
      `${locations}availability/?location=${sendable[0]}&date__gte=${today}&date__lte=${today}`,
    ],
    ['availability, 31 days', `${locations}availability/?date__gte=${today}&date__lte=${monthEnd}`],
    ['/healthz', '/healthz'],
  ];
  const row = (name: string, answers: Answer[]) => {
    const times = answers.map((a) => a.ms).sort((a, b) => a - b);
    const slowest = ms(times.at(-1) ?? 0);
    const statuses = [...new Set(answers.map((a) => a.status))].join(',');
    return {
      call: name,
      'p50 ms': ms(percentile(times, 50)),
      'max ms': slowest,
      'goal ms': `< ${GOAL_MS}`,
      met: slowest < GOAL_MS && !answers.some((a) => a.status === 0) ? 'yes' : 'NO',
      status: statuses,
    };
  };
  const table: ReturnType<typeof row>[] = [];
  for (const [name, url] of cases) {
    const answers: Answer[] = [];
    for (let i = 0; i < runs; i++) answers.push(await call('GET', url));
    table.push(row(name, answers));
  }
  // What everyone else waits for while one user opens the campaign list.
  const during: Answer[] = [];
  for (let i = 0; i < runs; i++) {
    const list = call('GET', `${campaigns}?page=1&page_size=25&ordering=-start_date`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    during.push(await call('GET', '/healthz'));
    await list;
  }
  table.push(row('/healthz during a campaigns page', during));
  console.table(table);

  // The run's bound: a campaign ending 9999-12-31 (refused with the bound; the list hangs without).
  if (process.env.BENCH_SKIP_FAR === '1') process.exit(0);
  const far = await call('POST', campaigns, { ...input, name: 'Bench: ending 9999-12-31', end_date: '9999-12-31' });
  console.log(`Creating a campaign ending 9999-12-31 answered ${far.status}: ${far.body.slice(0, 200)}`);
  if (far.status === 201) {
    const list = call('GET', `${campaigns}?page=1&page_size=25&ordering=-start_date`);
    const health = await call('GET', '/healthz');
    console.log(
      `Then /healthz took ${ms(health.ms)} ms (status ${health.status || `none within ${CUT_OFF_MS} ms`}), the campaigns page ${ms((await list).ms)} ms (status ${(await list).status || 'none'}).`,
    );
  }
} finally {
  if (server) await stopServer(server);
}
