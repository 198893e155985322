// Removes the run's PGlite data folders.
import fs from 'node:fs';

export default function globalTeardown() {
  const dir = process.env.E2E_DATA;
  if (dir && dir.includes('marquee-e2e-')) fs.rmSync(dir, { recursive: true, force: true });
}
