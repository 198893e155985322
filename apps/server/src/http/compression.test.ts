// gzip made of pieces compressed apart: any gzip reader gives back the whole text, whatever the pieces.
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipOfPieces, type JsonPieces } from './compression.ts';

const whole = ({ prefix, items, suffix }: JsonPieces) => `${prefix}${items.map((i) => i.json).join(',')}${suffix}`;

describe('gzipOfPieces', () => {
  it.each([
    ['no items', []],
    ['one item', ['{"a":1}']],
    ['many items, one empty', ['{"a":1}', '', '{"b":"ü€ – 漢字"}', '[1,2,3]']],
    ['large items', Array.from({ length: 40 }, (_, i) => JSON.stringify({ i, text: 'x'.repeat(i * 997) }))],
  ])('gives back the joined JSON: %s', (_name, texts) => {
    const pieces: JsonPieces = { prefix: '{"results":[', items: texts.map((json) => ({ json })), suffix: ']}' };
    const json = whole(pieces);
    const gz = gzipOfPieces(pieces);
    expect(zlib.gunzipSync(gz).toString('utf8')).toBe(json);
    // The pieces keep their deflate: a second answer with one piece changed reuses the others'.
    const kept = pieces.items.map((i) => i.deflated);
    if (texts.length) {
      pieces.items[0] = { json: '{"changed":true}' };
      const again = whole(pieces);
      expect(zlib.gunzipSync(gzipOfPieces(pieces)).toString('utf8')).toBe(again);
      expect(pieces.items.slice(1).map((i) => i.deflated)).toEqual(kept.slice(1));
    }
  });

  it('is about as small as compressing the whole', () => {
    // As a location's four weeks of four zones are (~28 KB of rows).
    const items = Array.from({ length: 100 }, (_, i) => ({
      json: Array.from({ length: 112 }, (_, d) =>
        JSON.stringify({ location: i, name: `Location ${i}`, zone: 1 + (d % 4), day: d, free_s: (i * d) % 60 }),
      ).join(','),
    }));
    const pieces = { prefix: '[', items, suffix: ']' };
    const json = whole(pieces);
    expect(gzipOfPieces(pieces).length).toBeLessThan(zlib.gzipSync(json).length * 1.25);
  });
});
