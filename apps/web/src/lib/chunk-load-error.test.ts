import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from './chunk-load-error.ts';

describe('isChunkLoadError', () => {
  it("knows each browser's words for a chunk that did not load", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://x/assets/role-list-screen-abc.js',
      'error loading dynamically imported module: https://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/data-table-abc.css',
    ])
      expect(isChunkLoadError(new TypeError(message))).toBe(true);
  });

  it('is false for other errors', () => {
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});
