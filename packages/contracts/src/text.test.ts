import { describe, expect, it } from 'vitest';
import {
  MULTILINE_FIELDS,
  controlCharacterFields,
  controlCharacterPaths,
  controlCharacterProblem,
  isMultilinePath,
} from './text.ts';

const code = (n: number) => String.fromCharCode(n);
const C0 = Array.from({ length: 0x20 }, (_, n) => n);
const LINE_BREAKS = [0x09, 0x0a, 0x0d];

describe('controlCharacterProblem', () => {
  it('refuses every C0 character and DEL in a single-line field, anywhere in the text', () => {
    for (const n of [...C0, 0x7f]) {
      expect(controlCharacterProblem(`a${code(n)}b`), `U+${n.toString(16)}`).toBe(true);
      expect(controlCharacterProblem(code(n)), `U+${n.toString(16)} alone`).toBe(true);
    }
  });

  it('refuses C1 controls, bidirectional overrides and isolates, and invisible zero-width characters', () => {
    const refused = [
      0x80, 0x85, 0x9f, 0x180e, 0x200b, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2066, 0x2069, 0xfeff,
    ];
    for (const n of refused) {
      expect(controlCharacterProblem(`Evil${code(n)}txt.exe`), `U+${n.toString(16)}`).toBe(true);
      expect(controlCharacterProblem(`a\n${code(n)}`, { multiline: true }), `U+${n.toString(16)} multi-line`).toBe(
        true,
      );
    }
    expect(controlCharacterProblem('Blue\u200bPeak Outdoor')).toBe(true);
  });

  it('takes printable text, including spaces, non-ASCII letters, emoji, joiners and direction marks', () => {
    const texts = ['', 'Northwind Coffee', 'Café Nord & Co.', 'Zürich 🚀', '~', ' ', '\u2028', '\u00a0\u00ff'];
    // Family emoji (zero-width joiner), Persian with a non-joiner, Hebrew with a left-to-right mark.
    texts.push('👨\u200d👩\u200d👧', 'می\u200cخواهم', 'שלום\u200e ABC\u200f');
    for (const text of texts) {
      expect(controlCharacterProblem(text), JSON.stringify(text)).toBe(false);
      expect(controlCharacterProblem(text, { multiline: true }), JSON.stringify(text)).toBe(false);
    }
  });

  it('allows tab, line feed and carriage return only in multi-line fields', () => {
    for (const n of LINE_BREAKS) {
      expect(controlCharacterProblem(`line${code(n)}line`, { multiline: true })).toBe(false);
      expect(controlCharacterProblem(`line${code(n)}line`)).toBe(true);
    }
  });

  it('refuses the other control characters in multi-line fields too', () => {
    for (const n of [...C0.filter((c) => !LINE_BREAKS.includes(c)), 0x7f]) {
      expect(controlCharacterProblem(`a\n${code(n)}`, { multiline: true }), `U+${n.toString(16)}`).toBe(true);
    }
  });
});

describe('isMultilinePath', () => {
  it('looks at the last named segment', () => {
    expect(MULTILINE_FIELDS.has('address')).toBe(true);
    expect(MULTILINE_FIELDS.has('comments')).toBe(true);
    expect(isMultilinePath(['address'])).toBe(true);
    expect(isMultilinePath(['comments'])).toBe(true);
    expect(isMultilinePath(['comments', 2])).toBe(true);
    expect(isMultilinePath(['name'])).toBe(false);
    expect(isMultilinePath(['comments', 'name'])).toBe(false);
    expect(isMultilinePath([])).toBe(false);
    expect(isMultilinePath([0])).toBe(false);
  });
});

describe('controlCharacterPaths', () => {
  it('finds nothing in clean values and ignores numbers, booleans and null', () => {
    expect(controlCharacterPaths({ name: 'ok', n: 1, on: true, none: null, list: [1, 'two'] })).toEqual([]);
    expect(controlCharacterPaths(undefined)).toEqual([]);
    expect(controlCharacterPaths(42)).toEqual([]);
  });

  it('gives the path of every offending string in document order', () => {
    const body = {
      name: 'a\u0000b',
      address: 'street 1\nflat 2',
      comments: 'ok\tthen\u0007',
      events: [{ zone: 1, viewers: [{ gender: 'f' }, { gender: 'm\u001b' }] }],
    };
    expect(controlCharacterPaths(body)).toEqual([['name'], ['comments'], ['events', 0, 'viewers', 1, 'gender']]);
  });

  it('reports a bare string at the root and a bad key at its object', () => {
    expect(controlCharacterPaths('a\u0000')).toEqual([[]]);
    expect(controlCharacterPaths({ 'k\u0000': 'v' })).toEqual([[]]);
    expect(controlCharacterPaths({ days: { 'k\u0001': 1 } })).toEqual([['days']]);
  });

  it('lets line breaks through in multi-line fields only, at any depth', () => {
    expect(controlCharacterPaths({ comments: 'a\r\nb', name: 'a\nb' })).toEqual([['name']]);
    expect(controlCharacterPaths({ location: { address: 'a\nb' } })).toEqual([]);
    expect(controlCharacterPaths(['a\tb'])).toEqual([[0]]);
  });

  it('does not overflow the stack on absurdly deep nesting', () => {
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(() => controlCharacterPaths(deep)).not.toThrow();
    let shallow: unknown = { name: 'a\u0000' };
    for (let i = 0; i < 5; i++) shallow = { inner: shallow };
    expect(controlCharacterPaths(shallow)).toEqual([['inner', 'inner', 'inner', 'inner', 'inner', 'name']]);
  });
});

describe('controlCharacterFields', () => {
  it('names each field once by its first segment, the root as non_field_errors', () => {
    expect(
      controlCharacterFields({ name: '\u0000', events: [{ gender: '\u0000' }, { gender: '\u0000' }], ok: 'x' }),
    ).toEqual(['name', 'events']);
    expect(controlCharacterFields('\u0000')).toEqual(['non_field_errors']);
    expect(controlCharacterFields({ address: 'two\nlines' })).toEqual([]);
  });
});
