// Security and caching headers on every response: helmet's (CSP, frame and sniffing guards, referrer,
// opener isolation, HSTS behind HTTPS), the Permissions-Policy helmet does not set, and
// `Cache-Control: no-store` on API answers so personal data stays out of every cache.
import crypto from 'node:crypto';
import type { ServerResponse } from 'node:http';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { errorHandler } from './errors.ts';

/**
 * What the web build writes where the style nonce goes (Vite's `html.cspNonce` in
 * apps/web/vite.config.ts: the `csp-nonce` meta tag and the nonce attributes of its tags); the page
 * route replaces it with the nonce of the response.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** Browser features the app never uses: no page of ours, nor anything framed into one, gets them. */
const PERMISSIONS_POLICY = [
  'accelerometer',
  'camera',
  'display-capture',
  'geolocation',
  'gyroscope',
  'hid',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

const ONE_YEAR_S = 365 * 24 * 3600;

/** The style nonce of each response: Mantine and react-remove-scroll insert <style> elements at run
 * time, and a per-response nonce lets exactly those through without `'unsafe-inline'`. */
const styleNonces = new WeakMap<ServerResponse, string>();

/** The nonce in this response's CSP, for the page route to write into index.html. */
export function styleNonceOf(reply: FastifyReply): string {
  const nonce = styleNonces.get(reply.raw);
  if (!nonce) throw new Error('No style nonce: registerSecurityHeaders must run before the routes');
  return nonce;
}

/**
 * The CSP of the API documentation (Swagger UI, /api/docs): the app's, but with inline styles, which
 * Swagger UI sets as attributes. Those pages hold no data and scripts stay `'self'`. The nonce goes, as
 * a nonce would make browsers ignore `'unsafe-inline'`.
 */
export function docsContentSecurityPolicy(header: string): string {
  return header
    .split(';')
    .map((directive) => (directive.trim().startsWith('style-src ') ? "style-src 'self' 'unsafe-inline'" : directive))
    .join(';');
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

const helmetOptions = (config: Config): FastifyHelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: [
        "'self'",
        (_req, res) => {
          const nonce = crypto.randomBytes(16).toString('base64');
          styleNonces.set(res, nonce);
          return `'nonce-${nonce}'`;
        },
      ],
      // data: for the QR code of a one-time token enrolment and the blank fallback thumbnails.
      imgSrc: ["'self'", 'data:'],
      mediaSrc: ["'self'"],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      // Behind HTTPS only: on plain HTTP it would send the page's own requests to a port with no TLS.
      upgradeInsecureRequests: config.cookieSecure ? [] : null,
    },
  },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
  // HSTS only where the site is served over HTTPS (COOKIE_SECURE=true): on plain HTTP it would lock
  // browsers out of a test or intranet host for a year.
  strictTransportSecurity: config.cookieSecure ? { maxAge: ONE_YEAR_S, includeSubDomains: true } : false,
});

/** Registers the headers; call it before any other hook so even a 401 of the session gate has them. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(fastifyHelmet, helmetOptions(config));

  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });

  // A route that chose its own caching (media bytes: `private, max-age=…`) keeps it when it succeeds;
  // every other API answer, and every error, is never stored.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode >= 400 || (isApi(request.url) && !reply.hasHeader('cache-control'))) {
      reply.header('cache-control', 'no-store');
    }
  });
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot decode (bad percent-encoding) is answered before any
 * hook runs, so this gives that 400 the same headers (helmet's, applied directly) and the spec's body.
 */
export function frameworkErrorResponder(config: Config) {
  // The same options: @fastify/helmet types them with helmet's CommonJS declarations, this import with its ESM ones.
  const applyHelmet = helmet(helmetOptions(config) as HelmetOptions);
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    applyHelmet(request.raw, reply.raw, () => undefined);
    reply.header('permissions-policy', PERMISSIONS_POLICY).header('cache-control', 'no-store');
    return errorHandler(error, request, reply);
  };
}
