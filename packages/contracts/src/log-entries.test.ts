import { describe, expect, it } from 'vitest';
import { logModelName } from './log-entries.ts';

describe('logModelName', () => {
  it('names every model the log writes by its display name, and unknown ones by their code', () => {
    expect(logModelName('videoclip')).toBe('Video clip');
    expect(logModelName('video')).toBe('Uploaded video');
    expect(logModelName('locationzone')).toBe('Location zone');
    expect(logModelName('something')).toBe('something');
  });
});
