import { describe, expect, it } from 'vitest';
import { withSessionSettings } from './database.ts';

const optionsOf = (url: string) => new URL(url).searchParams.get('options');

describe('withSessionSettings', () => {
  it('turns JIT compilation off in the connection options', () => {
    expect(optionsOf(withSessionSettings('postgres://app@db.example:5432/marquee'))).toBe('-c jit=off');
  });

  it('keeps the options and the other parameters a URL has', () => {
    const url = withSessionSettings(
      'postgres://app:secret@db.example/marquee?sslmode=require&options=-c%20search_path%3Dt1',
    );
    expect(optionsOf(url)).toBe('-c search_path=t1 -c jit=off');
    expect(new URL(url).searchParams.get('sslmode')).toBe('require');
    expect(new URL(url).password).toBe('secret');
  });

  it('keeps what is not a URL as it is', () => {
    expect(withSessionSettings('host=/var/run/postgresql dbname=marquee')).toBe(
      'host=/var/run/postgresql dbname=marquee',
    );
  });
});
