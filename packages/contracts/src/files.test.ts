import { describe, expect, it } from 'vitest';
import { fileBaseName, formatFileSize, slugify } from './files.ts';

describe('formatFileSize', () => {
  it('uses 1024-based units from B to YB with one decimal', () => {
    expect(formatFileSize(0)).toBe('0.0 B');
    expect(formatFileSize(1023)).toBe('1023.0 B');
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5 * 1024 ** 2 + 300 * 1024)).toBe('5.3 MB');
    expect(formatFileSize(1024 ** 3)).toBe('1.0 GB');
    expect(formatFileSize(2.25 * 1024 ** 4)).toBe('2.3 TB');
    expect(formatFileSize(1024 ** 5)).toBe('1.0 PB');
    expect(formatFileSize(1024 ** 6)).toBe('1.0 EB');
    expect(formatFileSize(1024 ** 7)).toBe('1.0 ZB');
    expect(formatFileSize(1024 ** 8)).toBe('1.0 YB');
    // Beyond yottabytes the unit stays YB.
    expect(formatFileSize(1024 ** 9)).toBe('1024.0 YB');
  });

  it('gives nothing for sizes that are not sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
  });
});

describe('slugify', () => {
  it('keeps lower-case ASCII letters and digits joined by single dashes', () => {
    expect(slugify('Northwind Coffee')).toBe('northwind-coffee');
    expect(slugify('  Café Nord & Co. ')).toBe('cafe-nord-co');
    expect(slugify('Lumen X-1000!!')).toBe('lumen-x-1000');
    expect(slugify('***')).toBe('');
  });

  it('caps the length without a trailing dash', () => {
    const slug = slugify(`${'a'.repeat(149)} b`);
    expect(slug.length).toBeLessThanOrEqual(150);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('fileBaseName', () => {
  it('drops the last extension and any folder', () => {
    expect(fileBaseName('Summer promo.final.mp4')).toBe('Summer promo.final');
    expect(fileBaseName('C:\\clips\\intro.webm')).toBe('intro');
    expect(fileBaseName('/tmp/clip')).toBe('clip');
    expect(fileBaseName('.hidden')).toBe('.hidden');
  });
});
