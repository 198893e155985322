/// <reference types="node" />
// Writes the device protocol reference of docs/devices.md from the contracts: each step of
// `deviceProtocol` with its fields (walked from the zod schemas, with the `/** … */` comments the
// contracts give them), limits, answers and examples. Every example is parsed with its schema, and must
// name no field the schema lacks, so a reference that no longer matches the contracts fails to generate.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { z } from 'zod';
import * as common from './common.ts';
import * as commands from './device-commands.ts';
import * as events from './device-events.ts';
import * as gateway from './device-gateway.ts';
import * as heartbeat from './device-heartbeat.ts';
import * as pairing from './device-pairing.ts';
import * as playlist from './device-playlist.ts';
import { deviceProtocol, type ProtocolAnswer, type ProtocolHeader, type ProtocolStep } from './device-protocol.ts';

export const PROTOCOL_BEGIN =
  '<!-- protocol:begin (written by `npm run docs:protocol` from packages/contracts; do not edit) -->';
export const PROTOCOL_END = '<!-- protocol:end -->';

const here = path.dirname(fileURLToPath(import.meta.url));
export const devicesDocPath = path.resolve(here, '../../../docs/devices.md');

/** The contracts whose schemas the protocol uses, by file, for their field comments. */
const sources = {
  'common.ts': common,
  'device-commands.ts': commands,
  'device-gateway.ts': gateway,
  'device-heartbeat.ts': heartbeat,
  'device-playlist.ts': playlist,
  'device-events.ts': events,
  'device-pairing.ts': pairing,
};

type JsonSchema = {
  /** A list where a field may be null (`["string", "null"]`). */
  type?: string | string[];
  format?: string;
  pattern?: string;
  description?: string;
  default?: unknown;
  const?: unknown;
  enum?: unknown[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

// ---- Field comments, read from the contracts' source ----

/** `/** a b *\/` → `a b`. */
const commentText = (raw: string) =>
  raw
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();

/** The field comments of every top-level schema of the contracts, by schema name and field path
 * (`events[].viewers[].gender`), following the schemas a schema is made of (`deviceFacts.extend(…)`,
 * `z.array(playlistCampaign)`). */
function fieldComments() {
  const consts = new Map<string, { node: ts.Expression; file: ts.SourceFile }>();
  for (const name of Object.keys(sources)) {
    const text = fs.readFileSync(path.join(here, name), 'utf8');
    const file = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true);
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name) && decl.initializer)
          consts.set(decl.name.text, { node: decl.initializer, file });
      }
    }
  }
  const leading = (node: ts.Node, file: ts.SourceFile) => {
    const ranges = ts.getLeadingCommentRanges(file.text, node.getFullStart()) ?? [];
    const doc = ranges.filter((r) => file.text.startsWith('/**', r.pos)).at(-1);
    return doc && commentText(file.text.slice(doc.pos, doc.end));
  };
  const walk = (node: ts.Node, file: ts.SourceFile, at: string[], out: Map<string, string>, seen: Set<string>) => {
    if (ts.isIdentifier(node)) {
      const target = consts.get(node.text);
      if (target && !seen.has(node.text)) walk(target.node, target.file, at, out, new Set([...seen, node.text]));
      return;
    }
    if (ts.isArrayLiteralExpression(node)) return node.elements.forEach((e) => walk(e, file, at, out, seen));
    if (ts.isObjectLiteralExpression(node)) {
      for (const prop of node.properties) {
        if (!ts.isPropertyAssignment(prop) || !(ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name))) continue;
        const field = [...at, prop.name.text];
        const comment = leading(prop, file);
        if (comment) out.set(field.join('.'), comment);
        walk(prop.initializer, file, field, out, seen);
      }
      return;
    }
    if (!ts.isCallExpression(node)) return;
    const callee = node.expression;
    const method = ts.isPropertyAccessExpression(callee) ? callee.name.text : undefined;
    const inner = method === 'array' ? [...at.slice(0, -1), `${at.at(-1) ?? ''}[]`] : at;
    for (const arg of node.arguments) walk(arg, file, inner, out, seen);
    if (ts.isPropertyAccessExpression(callee)) walk(callee.expression, file, at, out, seen);
  };
  return (name: string) => {
    const out = new Map<string, string>();
    const start = consts.get(name);
    if (start) walk(start.node, start.file, [], out, new Set([name]));
    return out;
  };
}

/** The name a schema is exported under by the contracts, if any. */
function nameOf(schema: z.ZodType) {
  for (const module of Object.values(sources)) {
    for (const [name, value] of Object.entries(module)) if (value === schema) return name;
  }
  return undefined;
}

// ---- Schemas as field tables ----

/** Integers without bounds of their own get JavaScript's safe-integer bounds: not worth telling. */
const SAFE = Number.MAX_SAFE_INTEGER;
const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const number = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString('en-US').replace(/,/g, ' ') : String(n));

const withoutNull = (s: JsonSchema): { schema: JsonSchema; nullable: boolean } => {
  if (Array.isArray(s.type)) {
    const types = s.type.filter((t) => t !== 'null');
    const nullable = types.length < s.type.length;
    return { schema: { ...s, type: types.length === 1 ? types[0] : types.join(' or ') }, nullable };
  }
  const options = s.anyOf ?? s.oneOf;
  if (!options) return { schema: s, nullable: false };
  const rest = options.filter((o) => o.type !== 'null');
  return rest.length === 1 && rest.length < options.length
    ? { schema: rest[0]!, nullable: true }
    : { schema: s, nullable: false };
};

function typeOf(s: JsonSchema): string {
  const { schema, nullable } = withoutNull(s);
  let type: string;
  if (schema.const !== undefined) type = code(schema.const);
  else if (schema.type === 'array') type = `array of ${schema.items ? typeOf(schema.items) : 'any'}`;
  else if (schema.type === 'object' && !schema.properties && typeof schema.additionalProperties === 'object')
    type = `object: field name → ${typeOf(schema.additionalProperties)}`;
  else if (schema.format === 'uuid') type = 'string (UUID)';
  else if (schema.format === 'date-time') type = 'string (ISO 8601 date-time with `Z` or an offset)';
  else type = typeof schema.type === 'string' ? schema.type : 'any';
  return nullable ? `${type} or null` : type;
}

function limitsOf(s: JsonSchema): string[] {
  const { schema } = withoutNull(s);
  const limits: string[] = [];
  if (schema.enum) limits.push(`one of ${schema.enum.map(code).join(', ')}`);
  const span = (min: number | undefined, max: number | undefined, unit: string) => {
    if (min !== undefined && max !== undefined) limits.push(`${number(min)}–${number(max)}${unit}`);
    else if (min !== undefined) limits.push(`at least ${number(min)}${unit}`);
    else if (max !== undefined) limits.push(`at most ${number(max)}${unit}`);
  };
  span(schema.minLength, schema.maxLength, ' characters');
  span(schema.minItems, schema.maxItems, ' items');
  const integer = schema.type === 'integer';
  const min =
    schema.exclusiveMinimum !== undefined
      ? integer
        ? schema.exclusiveMinimum + 1
        : undefined
      : schema.minimum === -SAFE
        ? undefined
        : schema.minimum;
  const max = schema.maximum === SAFE ? undefined : schema.maximum;
  span(min, max, '');
  if (schema.exclusiveMinimum !== undefined && !integer) limits.push(`more than ${schema.exclusiveMinimum}`);
  if (schema.pattern && !schema.format) limits.push(`matches ${code(schema.pattern)}`);
  if (schema.default !== undefined) limits.push(`default ${code(schema.default)}`);
  return limits;
}

type Row = { field: string; type: string; required: boolean; limits: string[]; text: string };

/** `seen`: the items of arrays listed already, by their schema, so that a repeated shape (the campaigns of
 * each day) refers to the first instead of repeating its fields. */
function rowsOf(
  schema: JsonSchema,
  comments: Map<string, string>,
  prefix = '',
  seen = new Map<string, string>(),
): Row[] {
  const rows: Row[] = [];
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const field = prefix ? `${prefix}.${key}` : key;
    const { schema: inner } = withoutNull(prop);
    const items = inner.type === 'array' && inner.items ? withoutNull(inner.items).schema : undefined;
    const shape = items?.properties ? JSON.stringify(items) : undefined;
    const same = shape && seen.get(shape);
    const text = prop.description ?? comments.get(field) ?? '';
    rows.push({
      field,
      type: typeOf(prop),
      required: schema.required?.includes(key) ?? false,
      limits: limitsOf(prop),
      text: same ? `${text}${text ? ' ' : ''}Each with the fields of \`${same}\`.` : text,
    });
    if (inner.properties) rows.push(...rowsOf(inner, comments, field, seen));
    if (items?.properties && !same) {
      seen.set(shape!, `${field}[]`);
      rows.push(...rowsOf(items, comments, `${field}[]`, seen));
    }
  }
  return rows;
}

function fieldTable(rows: Row[]): string {
  return [
    '| Field | Type | Required | Limits | Meaning |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| \`${r.field}\` | ${cell(r.type)} | ${r.required ? 'yes' : 'no'} | ${cell(r.limits.join('; '))} | ${cell(r.text)} |`,
    ),
  ].join('\n');
}

/** The field tables of a schema: one, or one per variant of a union (`status` is `pending` / `paired`). */
function schemaTables(schema: z.ZodType, io: 'input' | 'output', comments: Map<string, string>): string {
  const json = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  const variants = json.oneOf ?? json.anyOf;
  if (!variants) return fieldTable(rowsOf(json, comments));
  return variants
    .map((variant) => {
      const tag = Object.entries(variant.properties ?? {}).find(([, p]) => p.const !== undefined);
      const title = tag ? `When \`${tag[0]}\` is ${code(tag[1].const)}:` : 'Or:';
      return `${title}\n\n${fieldTable(rowsOf(variant, comments))}`;
    })
    .join('\n\n');
}

// ---- Examples, checked against their schemas ----

/** The fields of `value` that `schema` does not know (zod would drop them silently). */
function unknownFields(value: unknown, schema: JsonSchema, at: string): string[] {
  const { schema: s } = withoutNull(schema);
  const options = s.oneOf ?? s.anyOf;
  if (options) {
    const answers = options.map((o) => unknownFields(value, o, at));
    return answers.find((a) => a.length === 0) ?? answers[0] ?? [];
  }
  if (Array.isArray(value)) return s.items ? value.flatMap((v, i) => unknownFields(v, s.items!, `${at}.${i}`)) : [];
  if (typeof value !== 'object' || value === null || !s.properties) return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const prop = s.properties![key];
    const field = at ? `${at}.${key}` : key;
    return prop ? unknownFields(v, prop, field) : [field];
  });
}

/** Fails unless `example` parses with `schema` and names no field it lacks. */
export function checkExample(where: string, schema: z.ZodType, example: unknown, io: 'input' | 'output') {
  const result = schema.safeParse(example);
  if (!result.success) {
    throw new Error(`The example of ${where} does not parse: ${z.prettifyError(result.error)}`);
  }
  const unknown = unknownFields(example, z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema, '');
  if (unknown.length) throw new Error(`The example of ${where} has fields its schema lacks: ${unknown.join(', ')}`);
}

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
