// CSV fields: quoting, and the guard against text a spreadsheet would run as a formula.
import { describe, expect, it } from 'vitest';
import { csvField } from './statistics.export.ts';

describe('csvField', () => {
  it('writes numbers and plain text as they are', () => {
    expect(csvField(12.5)).toBe('12.5');
    expect(csvField('Blue Peak Outdoor')).toBe('Blue Peak Outdoor');
  });

  it('quotes separators, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
  });

  it('puts an apostrophe before text that starts like a formula', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvField(`${start}1`)).toMatch(/^"?'/);
  });

  it('quotes a semicolon, so Excel with a ; list separator keeps the text in one cell', () => {
    expect(csvField("Promo;=cmd|' /C calc'!A0")).toBe(`"Promo;=cmd|' /C calc'!A0"`);
    expect(csvField('a;b')).toBe('"a;b"');
  });
});
