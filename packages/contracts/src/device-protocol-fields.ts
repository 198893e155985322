/// <reference types="node" />
// The device protocol reference's fields: the `/** … */` comments the contracts give their schemas' fields
// (read from their source), each schema walked into a table of fields with their types and limits, and
// the check that an example parses with its schema and names no field it lacks (device-protocol-doc.ts
// writes the reference with them).
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

const here = path.dirname(fileURLToPath(import.meta.url));

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
export function fieldComments() {
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
export function nameOf(schema: z.ZodType) {
  for (const module of Object.values(sources)) {
    for (const [name, value] of Object.entries(module)) if (value === schema) return name;
  }
  return undefined;
}

// ---- Schemas as field tables ----

/** Integers without bounds of their own get JavaScript's safe-integer bounds: not worth telling. */
const SAFE = Number.MAX_SAFE_INTEGER;
export const code = (value: unknown) => `\`${typeof value === 'string' ? value : JSON.stringify(value)}\``;
export const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
export const number = (n: number) => (Math.abs(n) >= 10_000 ? n.toLocaleString('en-US').replace(/,/g, ' ') : String(n));

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
export function schemaTables(schema: z.ZodType, io: 'input' | 'output', comments: Map<string, string>): string {
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
