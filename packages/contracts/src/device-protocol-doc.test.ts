/// <reference types="node" />
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { heartbeatInput, playlistResponse } from './device-gateway.ts';
import {
  PROTOCOL_BEGIN,
  PROTOCOL_END,
  checkExample,
  devicesDocPath,
  renderProtocol,
  withProtocol,
} from './device-protocol-doc.ts';
import { deviceProtocol } from './device-protocol.ts';

describe('the device protocol reference', () => {
  it('is up to date in docs/devices.md', () => {
    const doc = fs.readFileSync(devicesDocPath, 'utf8');
    const fresh = withProtocol(doc, renderProtocol());
    if (fresh !== doc) {
      expect.fail(
        'The device protocol reference in docs/devices.md is out of date with the contracts: run `npm run docs:protocol` and commit docs/devices.md.',
      );
    }
  });

  it('lists every step in order, with every field of the contracts and their comments', () => {
    const block = renderProtocol();
    const order = deviceProtocol.map((s) => block.indexOf(`\`${s.method} ${s.path}\` — sign-in`));
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    for (const field of Object.keys(heartbeatInput.shape)) expect(block).toContain(`| \`${field}\` |`);
    // Nested fields, their limits and the comment the contract gives them.
    expect(block).toContain('| `events[].viewers[].age_group` | integer | yes | 1–1000 |');
    expect(block).toContain(
      '| `faults` | array of object | no | at most 20 items | What went wrong since the last heartbeat',
    );
    expect(block).toContain('| `clock_offset_ms` | integer | no | -86 400 000–86 400 000 |');
    expect(block).toContain('| `days` | integer | no | 1–7; default `2` |');
    expect(block).toContain('`days[].campaigns` | array of object | yes |');
    expect(block).toContain('Each with the fields of `campaigns[]`.');
  });

  it('refuses an example that does not parse or names a field its schema lacks', () => {
    expect(() => checkExample('a heartbeat', heartbeatInput, { status: 'ok', queue_depth: -1 }, 'input')).toThrow(
      /does not parse/,
    );
    expect(() => checkExample('a heartbeat', heartbeatInput, { status: 'ok', queue_dept: 3 }, 'input')).toThrow(
      /fields its schema lacks: queue_dept/,
    );
    const nested = z.object({ outer: z.array(z.object({ inner: z.number() })) });
    expect(() => checkExample('nested', nested, { outer: [{ inner: 1, other: 2 }] }, 'output')).toThrow(
      /outer\.0\.other/,
    );
    expect(() => checkExample('a playlist', playlistResponse, {}, 'output')).toThrow(/does not parse/);
  });

  it('replaces only the block between the markers, and needs exactly one', () => {
    const doc = `intro\n\n${PROTOCOL_BEGIN}\nold\n${PROTOCOL_END}\n\noutro\n`;
    expect(withProtocol(doc, `${PROTOCOL_BEGIN}\nnew\n${PROTOCOL_END}`)).toBe(
      `intro\n\n${PROTOCOL_BEGIN}\nnew\n${PROTOCOL_END}\n\noutro\n`,
    );
    expect(() => withProtocol('no markers', 'x')).toThrow(/needs one/);
    expect(() => withProtocol(`${doc}${doc}`, 'x')).toThrow(/needs one/);
  });
});
