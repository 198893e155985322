// The one place that reads process.env: every setting, typed and defaulted.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { buildVersion } from '../../../scripts/version.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')),
  DATABASE_URL: z.string().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
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
  /** Uploaded media; default DATA_DIR/media. */
  MEDIA_DIR: z.string().optional(),
  IMAGE_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(10 * 1024 * 1024),
  IMAGE_MAX_PIXELS: z.coerce.number().int().positive().default(40_000_000),
  IMAGE_MAX_EDGE: z.coerce.number().int().positive().default(2048),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  sessionIdleMs: number;
  timeZone: string;
  cookieSecure: boolean;
  throttle: ThrottleSettings;
  /** Password reset requests per account and per address within the throttle window. */
  resetThrottle: ThrottleSettings;
  publicUrl: string;
  mail: { smtpUrl: string | undefined; from: string; outboxDir: string };
  activationLinkMs: number;
  passwordResetMs: number;
  /** Uploaded images: stored under `dir`, refused above `maxBytes` or `maxPixels`, resized to fit `maxEdge`. */
  media: { dir: string; maxBytes: number; maxPixels: number; maxEdge: number };
  webDist: string;
  version: string;
  logLevel: string;
};

/** The version of the web build being served (written by the web build), so the two always agree. */
function distVersion(webDist: string): string | undefined {
  try {
    return (JSON.parse(fs.readFileSync(path.join(webDist, 'version.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = envSchema.parse(env);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL || undefined,
    adminPassword: e.ADMIN_PASSWORD,
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
    webDist: e.WEB_DIST,
    version: e.APP_VERSION ?? distVersion(e.WEB_DIST) ?? buildVersion(),
    logLevel: e.LOG_LEVEL,
    ...overrides,
  };
}
