/// <reference types="node" />
// Writes the device protocol reference of docs/devices.md from the contracts: each step of
// `deviceProtocol` with its fields (walked from the zod schemas, with the `/** … */` comments the
// contracts give them), limits, answers and examples. Every example is parsed with its schema, and must
// name no field the schema lacks, so a reference that no longer matches the contracts fails to generate.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import * as commands from './device-commands.ts';
import * as gateway from './device-gateway.ts';
import * as pairing from './device-pairing.ts';
import { deviceProtocol, type ProtocolAnswer, type ProtocolHeader, type ProtocolStep } from './device-protocol.ts';
import { cell, checkExample, code, fieldComments, nameOf, number, schemaTables } from './device-protocol-fields.ts';

export { checkExample } from './device-protocol-fields.ts';

export const PROTOCOL_BEGIN =
  '<!-- protocol:begin (written by `npm run docs:protocol` from packages/contracts; do not edit) -->';
export const PROTOCOL_END = '<!-- protocol:end -->';

const here = path.dirname(fileURLToPath(import.meta.url));
export const devicesDocPath = path.resolve(here, '../../../docs/devices.md');

const json = (value: unknown) => `\`\`\`json\n${JSON.stringify(value, null, 2)}\n\`\`\``;

// ---- The reference ----

const AUTH: Record<ProtocolStep['auth'], string> = {
  none: 'none (anonymous)',
  'pairing secret': "the pairing's secret: `Authorization: Bearer <secret>`",
  'device token': 'the device token: `Authorization: Bearer <device token>`',
};

const headerTable = (headers: ProtocolHeader[]) =>
  ['| Header | Value |', '| --- | --- |', ...headers.map((h) => `| \`${h.name}\` | ${cell(h.text)} |`)].join('\n');

function answerRow(answer: ProtocolAnswer) {
  const headers = (answer.headers ?? []).map((h) => `\`${h.name}\`: ${h.text}`).join('<br>');
  const body = answer.example === undefined || answer.status < 300 ? '' : `<br>\`${JSON.stringify(answer.example)}\``;
  return `| ${answer.status} | ${cell(answer.when + body)} | ${cell(headers)} |`;
}

function renderStep(step: ProtocolStep, index: number, commentsOf: (name: string) => Map<string, string>): string {
  const where = `${step.method} ${step.path}`;
  const commentsFor = (schema: z.ZodType) => {
    const name = nameOf(schema);
    return name ? commentsOf(name) : new Map<string, string>();
  };
  const parts = [
    `### ${index + 1}. ${step.title}`,
    `\`${step.method} ${step.path}\` — sign-in: ${AUTH[step.auth]}`,
    step.text,
  ];
  if (step.headers?.length) parts.push('**Request headers**', headerTable(step.headers));
  if (step.params) parts.push('**Path parameters**', schemaTables(step.params, 'input', commentsFor(step.params)));
  if (step.query) {
    checkExample(`${where} (query)`, step.query.schema, step.query.example, 'input');
    const query = new URLSearchParams(
      Object.entries(step.query.example).map(([k, v]): [string, string] => [k, String(v)]),
    );
    parts.push(
      '**Query parameters**',
      schemaTables(step.query.schema, 'input', commentsFor(step.query.schema)),
      `Example: \`${step.path}?${query}\``,
    );
  }
  if (step.body && 'schema' in step.body) {
    checkExample(`${where} (request)`, step.body.schema, step.body.example, 'input');
    parts.push(
      '**Request body** (`application/json`)',
      schemaTables(step.body.schema, 'input', commentsFor(step.body.schema)),
      json(step.body.example),
    );
  } else if (step.body) {
    parts.push(`**Request body** (\`${step.body.content}\`): ${step.body.text}`);
  }
  parts.push(
    '**Answers**',
    ['| Status | When | Headers |', '| --- | --- | --- |', ...step.answers.map(answerRow)].join('\n'),
  );
  for (const answer of step.answers) {
    if (!answer.schema) continue;
    if (answer.example === undefined) throw new Error(`The ${answer.status} answer of ${where} has no example`);
    checkExample(`${where} (${answer.status})`, answer.schema, answer.example, 'output');
    if (answer.status >= 300) continue;
    parts.push(
      `**${answer.status} body**`,
      schemaTables(answer.schema, 'output', commentsFor(answer.schema)),
      json(answer.example),
    );
  }
  return parts.join('\n\n');
}

/** The limits a player must keep to, by their name in the contracts. */
const limits: [string, number | string, string][] = [
  ['PAIRING_CODE_LENGTH', pairing.PAIRING_CODE_LENGTH, 'characters of a pairing code'],
  ['PAIRING_CODE_ALPHABET', pairing.PAIRING_CODE_ALPHABET, 'the characters a code is made of'],
  ['PAIRING_MINUTES', pairing.PAIRING_MINUTES, 'minutes a code may be typed in, and then its token fetched'],
  ['PAIRING_POLL_SECONDS', pairing.PAIRING_POLL_SECONDS, 'seconds between polls of a pairing'],
  ['MIN_PLAYLIST_DAYS', gateway.MIN_PLAYLIST_DAYS, 'fewest days a playlist covers (`?days=`)'],
  ['MAX_PLAYLIST_DAYS', gateway.MAX_PLAYLIST_DAYS, 'most days a playlist covers'],
  ['DEFAULT_PLAYLIST_DAYS', gateway.DEFAULT_PLAYLIST_DAYS, 'days when `?days=` is left out'],
  ['MAX_EVENTS_PER_BATCH', gateway.MAX_EVENTS_PER_BATCH, 'events in one batch'],
  ['MAX_VIEWERS_PER_EVENT', gateway.MAX_VIEWERS_PER_EVENT, 'viewers of one event'],
  ['MAX_EVENTS_BODY_BYTES', gateway.MAX_EVENTS_BODY_BYTES, 'bytes of a batch body (413 beyond)'],
  ['MAX_PLAY_MS', gateway.MAX_PLAY_MS, 'milliseconds one play may last'],
  ['MAX_CLOCK_SKEW_MS', gateway.MAX_CLOCK_SKEW_MS, "milliseconds a play may start after the server's now"],
  ['MAX_BATCH_MONTHS', gateway.MAX_BATCH_MONTHS, 'calendar months (UTC) the plays of one batch may fall in'],
  ['MAX_RETRY_AFTER_SECONDS', gateway.MAX_RETRY_AFTER_SECONDS, 'the longest `Retry-After` of a busy gateway'],
  ['MAX_DEVICE_STATUS_LENGTH', gateway.MAX_DEVICE_STATUS_LENGTH, "characters of a heartbeat's `status`"],
  ['MAX_FAULT_ROWS', gateway.MAX_FAULT_ROWS, "rows of a heartbeat's `faults`"],
  ['MAX_FAULT_COUNT', gateway.MAX_FAULT_COUNT, 'the largest count of one fault row'],
  ['MAX_CLOCK_OFFSET_MS', gateway.MAX_CLOCK_OFFSET_MS, 'the largest `clock_offset_ms`, either way'],
  ['MAX_COMMANDS_PER_HEARTBEAT', commands.MAX_COMMANDS_PER_HEARTBEAT, "commands in one heartbeat's answer"],
  ['MAX_DONE_COMMANDS', commands.MAX_DONE_COMMANDS, 'command ids one heartbeat may acknowledge'],
  ['MAX_SCREENSHOT_BYTES', commands.MAX_SCREENSHOT_BYTES, 'bytes of a screenshot (413 beyond)'],
];

/** The generated reference: the endpoints, the limits, and the answers every device-token call may give. */
export function renderProtocol(): string {
  const commentsOf = fieldComments();
  const endpoints = [
    '| # | Method | Path | Sign-in |',
    '| --- | --- | --- | --- |',
    ...deviceProtocol.map((s, i) => `| ${i + 1} | ${s.method} | \`${s.path}\` | ${s.auth} |`),
  ].join('\n');
  const limitTable = [
    '| Limit | Value | What |',
    '| --- | --- | --- |',
    ...limits.map(
      ([name, value, text]) =>
        `| \`${name}\` | ${typeof value === 'number' ? number(value) : code(value)} | ${cell(text)} |`,
    ),
  ].join('\n');
  return [
    PROTOCOL_BEGIN,
    '### Endpoints, in the order a player uses them',
    endpoints,
    '### Limits',
    limitTable,
    ...deviceProtocol.map((step, i) => renderStep(step, i, commentsOf)),
    PROTOCOL_END,
  ].join('\n\n');
}

/** `doc` with its generated block replaced by `block`; fails when the markers are missing or repeated. */
export function withProtocol(doc: string, block: string): string {
  const begin = doc.indexOf(PROTOCOL_BEGIN);
  const end = doc.indexOf(PROTOCOL_END);
  if (begin < 0 || end < begin || doc.indexOf(PROTOCOL_BEGIN, begin + 1) >= 0) {
    throw new Error(`${devicesDocPath} needs one "${PROTOCOL_BEGIN}" … "${PROTOCOL_END}" block`);
  }
  return doc.slice(0, begin) + block + doc.slice(end + PROTOCOL_END.length);
}
