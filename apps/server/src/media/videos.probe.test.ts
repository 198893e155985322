import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { resolveVideoTool } from './videos.probe.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-tools-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

it('takes the setting first, then the system binary, then the packaged 2018 build', () => {
  expect(resolveVideoTool('ffmpeg', '/opt/ffmpeg/bin/ffmpeg', [dir])).toEqual({
    file: '/opt/ffmpeg/bin/ffmpeg',
    source: 'setting',
  });
  // Not executable: not taken.
  fs.writeFileSync(path.join(dir, 'ffmpeg'), '#!/bin/sh\n', { mode: 0o644 });
  expect(resolveVideoTool('ffmpeg', undefined, [dir]).source).toBe('packaged');
  fs.chmodSync(path.join(dir, 'ffmpeg'), 0o755);
  expect(resolveVideoTool('ffmpeg', undefined, [dir])).toEqual({ file: path.join(dir, 'ffmpeg'), source: 'system' });
  const packaged = resolveVideoTool('ffprobe', undefined, []);
  expect(packaged.source).toBe('packaged');
  expect(packaged.file).toContain('@ffprobe-installer');
});
