// zod as the bundle sees it (vite.config.ts resolves every `import … from 'zod'` here): zod must not
// probe for `new Function` (its faster object parsing), which the Content-Security-Policy forbids;
// the probe's caught error is still a reported CSP violation. Each object schema decides at
// creation, and every module that builds one imports zod through this one, so this runs first.
import { z } from 'zod';

z.config({ jitless: true });

export * from 'zod';
