// Sessions, the login gate, CSRF and the headers every response carries.
// Login is required for every route unless its config says `public: true`. A user who must use a
// one-time token (require_2fa) but has none enrolled only reaches the routes marked
// `duringEnrolment: true` until the enrolment is done.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER, EXPIRE_HEADER, SESSION_COOKIE, VERSION_HEADER } from '@marquee/contracts/auth';
import { details } from '@marquee/contracts/texts';
import type { Access, Auth } from '../access/access.ts';
import type { Config } from '../config.ts';
import { forbidden, unauthorized } from './errors.ts';

/* eslint-disable @typescript-eslint/consistent-type-definitions -- module augmentation needs interfaces */
declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** Hash of the session cookie when it names a live session. */
    sessionHash: string | null;
    sessionExpiresAt: Date | null;
    /** The signed-in user has require_2fa but no enrolled token: the session may only enrol one.
     * Read from the user's row on every request, so it lifts (or starts) without a new session. */
    mustEnrolToken: boolean;
  }
  interface FastifyContextConfig {
    /** Reachable without a session. */
    public?: boolean;
    /** Unsafe methods without the CSRF token (device gateway). */
    csrfExempt?: boolean;
    /** Reachable by a session that must enrol a one-time token first (see `mustEnrolToken`). */
    duringEnrolment?: boolean;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Renew the stored expiry at most this often, so busy clients do not write on every request
 * (and at least four times per idle period, so a short idle time is renewed too). */
const RENEW_AFTER_MS = 15_000;

export const hashSessionId = (id: string) => crypto.createHash('sha256').update(id).digest('hex');
export const newToken = () => crypto.randomBytes(32).toString('base64url');

/** require_2fa without an enrolled token: signing in never asked for a token, so the session must
 * enrol one before anything else (the flag may be switched on after activation). */
export const mustEnrolToken = (user: { require_2fa: boolean; otp_enabled: boolean }) =>
  user.require_2fa && !user.otp_enabled;

export function requireAuth(request: FastifyRequest): Auth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

export function registerSession(app: FastifyInstance, { access, config }: { access: Access; config: Config }) {
  app.decorateRequest('auth', null);
  app.decorateRequest('sessionHash', null);
  app.decorateRequest('sessionExpiresAt', null);
  app.decorateRequest('mustEnrolToken', false);

  app.addHook('onRequest', async (request) => {
    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const hash = hashSessionId(cookie);
      const now = new Date();
      const row = await access.sessionAuth(hash, now);
      if (row) {
        let expiresAt = new Date(row.expires_at);
        const renewed = new Date(now.getTime() + config.sessionIdleMs);
        if (renewed.getTime() - expiresAt.getTime() > Math.min(RENEW_AFTER_MS, config.sessionIdleMs / 4)) {
          await access.renewSession(hash, renewed);
          expiresAt = renewed;
        }
        request.sessionHash = hash;
        request.sessionExpiresAt = expiresAt;
        request.auth = row.auth;
        request.mustEnrolToken = mustEnrolToken(row);
      }
    }
    const { public: isPublic, duringEnrolment } = request.routeOptions.config;
    if (isPublic === true) return;
    if (!request.auth) throw unauthorized();
    if (request.mustEnrolToken && duringEnrolment !== true) throw forbidden(details.enrolTokenFirst);
  });

  app.addHook('preValidation', async (request) => {
    if (!UNSAFE.has(request.method) || request.routeOptions.config.csrfExempt) return;
    const cookie = request.cookies[CSRF_COOKIE];
    const header = request.headers[CSRF_HEADER];
    const fromBody = (request.body as { csrfmiddlewaretoken?: unknown } | undefined)?.csrfmiddlewaretoken;
    const sent = typeof header === 'string' ? header : typeof fromBody === 'string' ? fromBody : undefined;
    if (!cookie || !sent || !safeEqual(cookie, sent)) throw forbidden(details.csrfFailed);
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header(VERSION_HEADER, config.version);
    // Machine routes (the device gateway) have no browser session: no expiry, no CSRF cookie.
    if (request.routeOptions.config.csrfExempt) return;
    // A staff request that may have changed who may do what (its writes have committed by now): the
    // sessions this process keeps are asked again before the answer reaches the client. Refused
    // requests of nobody in particular change nothing and forget nothing.
    if (UNSAFE.has(request.method) && (request.auth || reply.statusCode < 400)) access.forgetSessions();
    const expiresAt = request.sessionExpiresAt ?? new Date();
    reply.header(EXPIRE_HEADER, expiresAt.toISOString());
    if (!request.cookies[CSRF_COOKIE] && !reply.getHeader('set-cookie')?.toString().includes(`${CSRF_COOKIE}=`)) {
      setCsrfCookie(reply, config);
    }
  });
}

export function setCsrfCookie(reply: FastifyReply, config: Config) {
  reply.setCookie(CSRF_COOKIE, newToken(), {
    path: '/',
    sameSite: 'lax',
    secure: config.cookieSecure,
    httpOnly: false,
    maxAge: 365 * 24 * 3600,
  });
}

export function setSessionCookie(reply: FastifyReply, config: Config, value: string | null) {
  if (value === null) {
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return;
  }
  reply.setCookie(SESSION_COOKIE, value, {
    path: '/',
    sameSite: 'lax',
    secure: config.cookieSecure,
    httpOnly: true,
  });
}
