// Imported first (main.tsx): zod must not probe for `new Function` (its faster object parsing), which
// the Content-Security-Policy forbids; the probe's caught error is still a reported CSP violation.
// It runs before any schema is built, as each object schema decides at creation.
import { z } from 'zod';

z.config({ jitless: true });
