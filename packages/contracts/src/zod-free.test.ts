// The modules the Marquee Player imports stay free of zod (its script has a budget of 80 KB gzip, and
// zod alone is 30): no value import of them reaches it, however deep. Type-only imports are erased.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const here = import.meta.dirname;

/** The modules `file` imports values from (relative ones as file names, packages by name). */
function valueImports(file: string): string[] {
  const text = fs.readFileSync(path.join(here, file), 'utf8');
  const imports = [...text.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]!);
  return imports.map((name) => (name.startsWith('./') ? name.slice(2) : name));
}

/** Every module `entry` reaches through value imports, itself included. */
function reached(entry: string): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    if (file.endsWith('.ts')) valueImports(file).forEach(visit);
  };
  visit(entry);
  return seen;
}

describe('modules for the player', () => {
  it.each(['device-paths.ts', 'schedule.ts', 'play-spans.ts', 'time-zones.ts'])('%s reaches no zod', (entry) => {
    expect([...reached(entry)].filter((m) => !m.endsWith('.ts'))).toEqual([]);
  });

  it('sees through to zod where a module does import it', () => {
    expect(reached('delivery.ts')).toContain('zod');
  });
});
