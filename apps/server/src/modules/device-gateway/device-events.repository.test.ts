import { describe, expect, it } from 'vitest';
import { columnsOf, type EventRow } from './device-events.repository.ts';

const row = (extra: Partial<EventRow> = {}): EventRow => ({
  campaign_id: 7,
  videoclip_id: 3,
  zone: 1,
  started_at: '2026-11-27T10:00:00.000Z',
  duration_ms: 15_000,
  viewers: 0,
  audience: null,
  completed: true,
  checksum_ok: null,
  reported_checksum: null,
  measured: false,
  play_id: null,
  in_schedule: true,
  ...extra,
});

describe('columnsOf', () => {
  it('makes one PostgreSQL array literal per column, in the order of the events', () => {
    const columns = columnsOf([
      row(),
      row({
        campaign_id: 8,
        zone: 2,
        viewers: 3,
        audience: { 'f:2': 2, 'm:1': 1 },
        completed: false,
        checksum_ok: false,
        reported_checksum: 'ab'.repeat(32),
        measured: true,
        in_schedule: false,
      }),
    ]);
    expect(columns).toEqual({
      campaign: '{7,8}',
      clip: '{3,3}',
      zone: '{1,2}',
      startedAt: '{"2026-11-27T10:00:00.000Z","2026-11-27T10:00:00.000Z"}',
      durationMs: '{15000,15000}',
      viewers: '{0,3}',
      audience: '{NULL,"{\\"f:2\\":2,\\"m:1\\":1}"}',
      completed: '{true,false}',
      checksumOk: '{NULL,false}',
      reportedChecksum: `{NULL,"${'ab'.repeat(32)}"}`,
      measured: '{false,true}',
      playId: '{NULL,NULL}',
      inSchedule: '{true,false}',
    });
  });

  it('escapes quotes and backslashes in texts and audience keys', () => {
    const columns = columnsOf([row({ started_at: 'a"b\\c', audience: { 'x"\\y': 1 }, reported_checksum: '"' })]);
    expect(columns.startedAt).toBe('{"a\\"b\\\\c"}');
    // JSON escapes the key's quote and backslash, the array literal escapes JSON's.
    expect(columns.audience).toBe(`{"${JSON.stringify({ 'x"\\y': 1 }).replace(/["\\]/g, '\\$&')}"}`);
    expect(columns.reportedChecksum).toBe('{"\\""}');
  });
});
