// The one place that reads process.env: every setting, typed and defaulted.
import { PLAYLIST_STALE_MINUTES_DEFAULT } from '@marquee/contracts/device-health';
import { LONGEST_RUN_DAYS } from '@marquee/contracts/campaigns';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  HOLD_DAYS_DEFAULT,
  HOLD_DAYS_MAX,
  LOOP_SECONDS_DEFAULT,
  OPENING_HOURS_DEFAULT,
  inventoryTexts,
  isLoopSeconds,
  parseOpeningHours,
  type OpeningHours,
} from '@marquee/contracts/inventory';
import { parseRetentionDays, retentionTexts } from '@marquee/contracts/retention';
import { buildVersion } from '../../../scripts/version.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  /** `false`: a new database gets only the administrator (no demo roles, people, catalogue, clips,
   * campaigns or history). */
  DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The demo people's shared password; random (printed once) when not set. */
  DEMO_PASSWORD: z.string().min(8).optional(),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(30),
  TIME_ZONE: z.string().default('UTC'),
  COOKIE_SECURE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().positive().default(15),
  LOGIN_LOCK_SECONDS: z.coerce.number().int().positive().default(30),
  LOGIN_LOCK_MAX_SECONDS: z.coerce.number().int().positive().default(300),
  WEB_DIST: z.string().default(path.join(repoRoot, 'apps/web/dist')),
  PLAYER_DIST: z.string().default(path.join(repoRoot, 'apps/player/dist')),
  APP_VERSION: z.string().optional(),
  /** Base of the links in mails (activation, password reset); default http://localhost:<PORT>. */
  PUBLIC_URL: z.string().url().optional(),
  /** smtp://user:pass@host:port (or smtps://); without it mails go to DATA_DIR/outbox/. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Marquee <no-reply@localhost>'),
  ACTIVATION_LINK_HOURS: z.coerce.number().positive().default(72),
  PASSWORD_RESET_HOURS: z.coerce.number().positive().default(24),
  PASSWORD_RESET_MAX_PER_ACCOUNT: z.coerce.number().int().positive().default(3),
  PASSWORD_RESET_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** Pairing codes a screen's address may ask for within the throttle window (LOGIN_FAILURE_WINDOW_MINUTES). */
  PAIRING_MAX_PER_ADDRESS: z.coerce.number().int().positive().default(20),
  /** Wrong pairing codes a user (and an address) may type within the throttle window. */
  PAIRING_MAX_WRONG_CODES: z.coerce.number().int().positive().default(10),
  /** Uploaded media; default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  IMAGE_MAX_EDGE: z.coerce.number().int().positive().default(2048),
  /** Largest video clip upload (bytes); default 200 MiB. */
  VIDEO_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(200 * 1024 * 1024),
  /** Age groups campaigns can target, comma separated (ids 1, 2, … in this order). */
  AGE_GROUPS: z.string().default('0-17,18-24,25-34,35-44,45-54,55-64,65+'),
  /** Rejection reasons, separated by `|` (ids 1, 2, …; id 0 "Other" is always added). */
  REJECTION_REASONS: z
    .string()
    .default('Inappropriate content|Poor video quality|Wrong targeting|Dates or locations not available'),
  /** Step of the time choices of a campaign's daily window, in minutes. */
  TIME_STEP_MINUTES: z.coerce.number().int().min(5).max(240).default(30),
  /** Zones per location (numbered 1 … ZONE_COUNT). */
  ZONE_COUNT: z.coerce.number().int().min(1).max(50).default(4),
  /** `disk` (MEDIA_DIR) or `s3` (an S3-compatible bucket, for several servers). */
  MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style URLs (bucket in the path), as MinIO and most self-hosted S3 servers need. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** The ffmpeg/ffprobe binaries (default: the system's in /usr/bin or /usr/local/bin, else the npm packages'). */
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  /** Where uploaded videos are received and probed before they are stored; default the system's. */
  VIDEO_TEMP_DIR: z.string().optional(),
  /** A device silent for longer than this counts as offline (its location's managers are told). */
  DEVICE_OFFLINE_MINUTES: z.coerce.number().positive().default(10),
  /** How often the server runs its jobs (the maintenance sweep, screen health and alerts, scheduled
   * reports). Tests of a whole server shorten it. */
  SWEEP_INTERVAL_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  /** At most this many device batches are written at once per server process; the others wait their
   * turn in order. Keeps connections of the pool (10) for the staff's requests during a burst of devices,
   * and queues batches here rather than on the rollup rows they share. */
  INGEST_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(3),
  /** Device batches a server process takes in beyond the INGEST_CONCURRENCY it writes (being read,
   * checked, or waiting for their turn); a batch beyond them is answered 503 with Retry-After before its
   * body is read (the device keeps it and sends it again). */
  INGEST_QUEUE_LIMIT: z.coerce.number().int().min(0).max(100_000).default(100),
  /** A reporting device that has not applied its location's current playlist version this long after
   * it changed counts as stale. */
  PLAYLIST_STALE_MINUTES: z.coerce.number().positive().default(PLAYLIST_STALE_MINUTES_DEFAULT),
  /** Loop length (seconds) of a new location (and of those that existed before loops were known). */
  LOOP_SECONDS: z.coerce
    .number()
    .refine(isLoopSeconds, `LOOP_SECONDS: ${inventoryTexts.invalidLoopSeconds}`)
    .default(LOOP_SECONDS_DEFAULT),
  /** Opening hours of a new location, HH:mm-HH:mm in TIME_ZONE (a close before the open: past midnight). */
  OPENING_HOURS: z
    .string()
    .default(OPENING_HOURS_DEFAULT)
    .transform((value, ctx) => {
      const parsed = parseOpeningHours(value);
      if (!parsed) ctx.addIssue({ code: 'custom', message: `OPENING_HOURS: ${inventoryTexts.invalidOpeningHours}` });
      return parsed ?? z.NEVER;
    }),
  /** A campaign waiting for approval (New) holds its room in the loops this many days after it was
   * last saved; then its hold expires and stops counting in the room figures (approval checks booked
   * campaigns only either way). Saving it again renews the hold. */
  HOLD_DAYS: z.coerce.number().int().min(1).max(HOLD_DAYS_MAX).default(HOLD_DAYS_DEFAULT),
  /** Raw plays are kept this many days, by whole UTC months (unset or 0: the default, 400; `never`:
   * kept for good); the rollups are kept for good either way. */
  RAW_EVENT_RETENTION_DAYS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const days = parseRetentionDays(value);
      if (days === undefined) {
        ctx.addIssue({ code: 'custom', message: `RAW_EVENT_RETENTION_DAYS: ${retentionTexts.invalidSetting}` });
        return z.NEVER;
      }
      return days;
    }),
  /** Which proxies' X-Forwarded-For to believe for the client's address: unset or `false` (none: the
   * address is the connection's), a hop count (`1`: one reverse proxy in front), or a comma-separated
   * list of proxy addresses or CIDR ranges (`127.0.0.1,10.0.0.0/8`). `true` trusts any sender. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx): boolean | number | string => {
      const v = (value ?? '').trim();
      if (v === '' || v === 'false') return false;
      if (v === 'true') return true;
      if (/^\d+$/.test(v)) return Number(v);
      const list = v
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      if (!list.every((part) => /^[0-9a-fA-F.:]+(\/\d{1,3})?$/.test(part))) {
        ctx.addIssue({
          code: 'custom',
          message: 'TRUST_PROXY: false, true, a hop count or a comma-separated list of addresses or CIDR ranges',
        });
        return z.NEVER;
      }
      return list.join(',');
    }),
  /** The gateway refuses plays that started longer ago than this (days). */
  MAX_EVENT_AGE_DAYS: z.coerce.number().int().min(1).max(3660).default(35),
  /** The longest run a campaign may have, in days from its start date to its end date (default 3 years). */
  MAX_CAMPAIGN_DAYS: z.coerce.number().int().min(1).max(LONGEST_RUN_DAYS).default(1096),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Lets a Prometheus scraper on another machine read /metrics (`Authorization: Bearer <token>`). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** On SIGTERM, how long requests in flight (uploads, exports) may go on before they are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).default(30),
  /** PostgreSQL: how long to wait for a new connection before a request fails with 503. */
  DATABASE_CONNECT_TIMEOUT_SECONDS: z.coerce.number().positive().default(5),
  /** PostgreSQL: how long a request's query may wait for its answer (0 = no limit). */
  DATABASE_QUERY_TIMEOUT_SECONDS: z.coerce.number().min(0).default(30),
});

export type InventorySettings = { loopSeconds: number; openingHours: OpeningHours };

/** LOOP_SECONDS and OPENING_HOURS alone (the migration that gave locations a loop reads them too). */
export function inventorySettings(env: NodeJS.ProcessEnv = process.env): InventorySettings {
  const e = envSchema.pick({ LOOP_SECONDS: true, OPENING_HOURS: true }).parse(env);
  return { loopSeconds: e.LOOP_SECONDS, openingHours: e.OPENING_HOURS };
}

/** HOLD_DAYS alone, for code that has no Config at hand (the approval check's default). */
export type ThrottleSettings = {
  maxFailures: number;
  maxFailuresPerAddress: number;
  windowMs: number;
  lockMs: number;
  maxLockMs: number;
};

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Seed demo data (roles, people, catalogue, clips, campaigns, history) into a new database. */
  demoData: boolean;
  demoPassword: string | undefined;
  sessionIdleMs: number;
  timeZone: string;
  cookieSecure: boolean;
  throttle: ThrottleSettings;
  /** Password reset requests per account and per address within the throttle window. */
  resetThrottle: ThrottleSettings;
  /** Pairing codes asked for per address (anonymous screens). */
  pairingThrottle: ThrottleSettings;
  /** Wrong pairing codes typed per user (maxFailures) and per address. */
  pairingClaimThrottle: ThrottleSettings;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  activationLinkMs: number;
  passwordResetMs: number;
  /** Uploaded images: stored under `dir`, refused above `maxBytes` or `maxPixels`, resized to fit `maxEdge`. */
  media: { dir: string; maxBytes: number; maxPixels: number; maxEdge: number };
  /** Where media files live: `disk` under media.dir, or an S3-compatible bucket. */
  storage:
    | { kind: 'disk' }
    | {
        kind: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        forcePathStyle: boolean;
      };
  /** Video uploads: refused above `maxBytes`; received into `tempDir` (needs room for one upload each). */
  video: { maxBytes: number; ffmpegPath: string | undefined; ffprobePath: string | undefined; tempDir: string };
  /** Zone numbers of every location: 1 … ZONE_COUNT. */
  zones: number[];
  /** Campaign choices: age groups, time of day choices, rejection reasons (0 = other). */
  campaigns: {
    ageGroups: { id: number; label: string }[];
    times: string[];
    rejectionReasons: { id: number; label: string }[];
  };
  /** A device silent for longer than this (ms) is marked offline by the maintenance sweep. */
  deviceOfflineMs: number;
  /** How often main.ts runs the app's jobs (ms). */
  sweepIntervalMs: number;
  /** Device batches written at once (the others wait their turn). */
  ingestConcurrency: number;
  /** Device batches taken in beyond those being written; more are refused with 503 and Retry-After. */
  ingestQueueLimit: number;
  /** A device not on the current playlist version this long (ms) after it changed is stale. */
  playlistStaleMs: number;
  /** A new location's loop length and opening hours when the form leaves them out. */
  inventory: InventorySettings;
  /** Days a New campaign's hold counts after it was last saved (HOLD_DAYS). */
  holdDays: number;
  /** Days raw plays are kept (whole UTC months are dropped once past it); null: kept for good. */
  rawEventRetentionDays: number | null;
  webDist: string;
  /** The built Marquee Player, served at /player/. */
  playerDist: string;
  /** Fastify's trustProxy: false (the connection's address), true (any), a hop count or a list. */
  trustProxy: boolean | number | string;
  /** Plays that started longer ago than this (days) are refused by the gateway. */
  maxEventAgeDays: number;
  /** A campaign's run (start to end date, both counted) is at most this many days. */
  maxCampaignDays: number;
  /** The clock: "today" (campaign dates, the approval list) is its day in `timeZone`. Tests fix it. */
  now: () => Date;
  version: string;
  logLevel: string;
  /** Bearer token for /metrics from other machines; without it only this machine may read them. */
  metricsToken: string | undefined;
  /** On SIGTERM, requests in flight get this long (ms) to finish before their connections are closed. */
  shutdownGraceMs: number;
  /** PostgreSQL timeouts of the serving pool (ms; queryTimeoutMs 0 = none), so requests fail fast. */
  databaseTimeouts: { connectTimeoutMs: number; queryTimeoutMs: number };
};

/** The version of the web build being served (written by the web build), so the two always agree. */
function distVersion(webDist: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** `a,b,c` → [{id: 1, label: 'a'}, …]: the ids follow the order, so keep existing entries in place. */
const listSetting = (value: string, separator: string) =>
  value
    .split(separator)
    .map((label) => label.trim())
    .filter(Boolean)
    .map((label, index) => ({ id: index + 1, label }));

function requiredSetting(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required when MEDIA_STORAGE=s3`);
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA,
    demoPassword: e.DEMO_PASSWORD,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    timeZone: e.TIME_ZONE,
    cookieSecure: e.COOKIE_SECURE,
    throttle: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxFailuresPerAddress: e.LOGIN_MAX_FAILURES_PER_ADDRESS,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: e.LOGIN_LOCK_MAX_SECONDS * 1000,
    },
    resetThrottle: {
      maxFailures: e.PASSWORD_RESET_MAX_PER_ACCOUNT,
      maxFailuresPerAddress: e.PASSWORD_RESET_MAX_PER_ADDRESS,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: e.LOGIN_LOCK_MAX_SECONDS * 1000,
    },
    pairingThrottle: {
      maxFailures: e.PAIRING_MAX_PER_ADDRESS,
      maxFailuresPerAddress: e.PAIRING_MAX_PER_ADDRESS,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: e.LOGIN_LOCK_MAX_SECONDS * 1000,
    },
    pairingClaimThrottle: {
      maxFailures: e.PAIRING_MAX_WRONG_CODES,
      maxFailuresPerAddress: e.PAIRING_MAX_WRONG_CODES * 2,
      windowMs: e.LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
      lockMs: e.LOGIN_LOCK_SECONDS * 1000,
      maxLockMs: e.LOGIN_LOCK_MAX_SECONDS * 1000,
    },
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    mail: {
      smtpUrl: e.SMTP_URL || undefined,
      from: e.MAIL_FROM,
      outboxDir: path.join(path.resolve(e.DATA_DIR), 'outbox'),
    },
    activationLinkMs: e.ACTIVATION_LINK_HOURS * 3_600_000,
    passwordResetMs: e.PASSWORD_RESET_HOURS * 3_600_000,
    media: {
      dir: path.resolve(e.MEDIA_DIR ?? path.join(e.DATA_DIR, 'media')),
      maxBytes: e.IMAGE_MAX_BYTES,
      maxPixels: e.IMAGE_MAX_PIXELS,
      maxEdge: e.IMAGE_MAX_EDGE,
    },
    storage:
      e.MEDIA_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: requiredSetting(e.S3_BUCKET, 'S3_BUCKET'),
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'disk' },
    video: {
      maxBytes: e.VIDEO_MAX_BYTES,
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      tempDir: path.resolve(e.VIDEO_TEMP_DIR ?? os.tmpdir()),
    },
    zones: Array.from({ length: e.ZONE_COUNT }, (_, i) => i + 1),
    campaigns: {
      ageGroups: listSetting(e.AGE_GROUPS, ','),
      times: Array.from({ length: Math.ceil(1440 / e.TIME_STEP_MINUTES) }, (_, i) => {
        const minutes = i * e.TIME_STEP_MINUTES;
        return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
      }),
      rejectionReasons: [...listSetting(e.REJECTION_REASONS, '|'), { id: 0, label: 'Other' }],
    },
    deviceOfflineMs: e.DEVICE_OFFLINE_MINUTES * 60_000,
    playlistStaleMs: e.PLAYLIST_STALE_MINUTES * 60_000,
    sweepIntervalMs: e.SWEEP_INTERVAL_SECONDS * 1000,
    ingestConcurrency: e.INGEST_CONCURRENCY,
    ingestQueueLimit: e.INGEST_QUEUE_LIMIT,
    inventory: { loopSeconds: e.LOOP_SECONDS, openingHours: e.OPENING_HOURS },
    holdDays: e.HOLD_DAYS,
    rawEventRetentionDays: e.RAW_EVENT_RETENTION_DAYS,
    webDist: e.WEB_DIST,
    playerDist: e.PLAYER_DIST,
    trustProxy: e.TRUST_PROXY,
    maxEventAgeDays: e.MAX_EVENT_AGE_DAYS,
    maxCampaignDays: e.MAX_CAMPAIGN_DAYS,
    now: () => new Date(),
    version: e.APP_VERSION ?? distVersion(e.WEB_DIST) ?? buildVersion(),
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    databaseTimeouts: {
      connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_SECONDS * 1000,
      queryTimeoutMs: e.DATABASE_QUERY_TIMEOUT_SECONDS * 1000,
    },
    ...overrides,
  };
}
