// Playwright in the system Chromium against the built app on real servers: one with the normal
// session timeout and one with a 6-second timeout for the inactivity test. Each run gets fresh
// PGlite data folders and free ports, and both servers stop with the run.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './fixtures/chromium.ts';
import { ADMIN, DEMO_PASSWORD } from './fixtures/session.ts';

function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})",
  ])
    .toString()
    .trim();
}

// The config is loaded again in every worker; the first load picks ports and folders for all.
process.env.E2E_PORT ??= freePort();
process.env.E2E_TIMEOUT_PORT ??= freePort();
process.env.E2E_DATA ??= fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-e2e-'));

const root = path.resolve(import.meta.dirname, '..');
const server = (port: string, dataDir: string, extra: Record<string, string> = {}) => ({
  command: 'npx tsx apps/server/src/main.ts',
  cwd: root,
  url: `http://127.0.0.1:${port}/api/docs/json`,
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
  env: {
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: ADMIN.password,
    DEMO_PASSWORD: DEMO_PASSWORD,
    LOG_LEVEL: 'warn',
    LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
    // Every player of the run asks for its pairing code from this one address.
    PAIRING_MAX_PER_ADDRESS: '1000',
    ...extra,
  },
});

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['./reporters/failure-details.ts']],
  globalTeardown: './global-teardown.ts',
  use: {
    baseURL: `http://127.0.0.1:${process.env.E2E_PORT}`,
    viewport: { width: 1280, height: 800 },
    // Recording a trace doubles the suite's time (DOM snapshots at every step); a failure prints its
    // API calls and page snapshot anyway (reporters/failure-details.ts). E2E_TRACE=1 records them.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  webServer: [
    // Jobs every 5 s instead of every minute: a scheduled report (or an alert) shows up within seconds.
    server(process.env.E2E_PORT, path.join(process.env.E2E_DATA, 'main'), {
      VIDEO_MAX_BYTES: String(5 * 1024 * 1024),
      SWEEP_INTERVAL_SECONDS: '5',
    }),
    server(process.env.E2E_TIMEOUT_PORT, path.join(process.env.E2E_DATA, 'timeout'), { SESSION_IDLE_MINUTES: '0.1' }),
  ],
});
