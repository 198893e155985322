// The pieces the device protocol's steps (device-protocol.ts) are made of: the shapes of a step and of
// its answers, the answers many steps share (a refused token, the database away, field errors, a file
// and its ranges) and the example clip, campaign and day the playlist's examples show.
import { z } from 'zod';
import { detailError, idParam, validationError } from './common.ts';
import { gatewayTexts } from './device-gateway.ts';
import { details } from './texts.ts';

export type ProtocolHeader = { name: string; text: string };

export type ProtocolAnswer = {
  status: number;
  /** When the server gives this answer. */
  when: string;
  /** The JSON body's schema; none for an answer without a body or with a file. */
  schema?: z.ZodType;
  /** A body of this answer; it must parse with `schema`. */
  example?: unknown;
  headers?: ProtocolHeader[];
};

export type ProtocolStep = {
  title: string;
  method: 'GET' | 'POST';
  /** With `{id}` for a path parameter, as the OpenAPI document writes it. */
  path: string;
  /** Who may call it: anyone, the screen holding a pairing's secret, or a device with its token. */
  auth: 'none' | 'pairing secret' | 'device token';
  /** What the step is for and what a player does with it. */
  text: string;
  params?: z.ZodObject;
  query?: { schema: z.ZodObject; example: Record<string, unknown> };
  headers?: ProtocolHeader[];
  /** A JSON body (`schema`, `example`), or another kind of body told in words (`content`). */
  body?: { schema: z.ZodType; example: unknown } | { content: string; text: string };
  answers: ProtocolAnswer[];
};

export const uuidParam = z.object({ id: z.uuid().describe("The pairing's id, from the answer that made it.") });

export const bearer = (what: string): ProtocolHeader => ({ name: 'Authorization', text: `\`Bearer <${what}>\`` });
export const deviceToken = bearer('device token');

/** The answers every device-token endpoint may give besides its own. */
export const tokenRefused: ProtocolAnswer = {
  status: 401,
  when: `No token, a wrong one, a disabled device or a device of a disabled location; the body says which (${[
    gatewayTexts.noToken,
    gatewayTexts.badToken,
    gatewayTexts.deviceDisabled,
    gatewayTexts.locationDisabled,
  ]
    .map((t) => `"${t}"`)
    .join(', ')}). Checked before anything else of the request.`,
  schema: detailError,
  example: { detail: gatewayTexts.badToken },
};
export const databaseAway: ProtocolAnswer = {
  status: 503,
  when: 'The database cannot be reached now: try again after `Retry-After` seconds.',
  schema: detailError,
  example: { detail: details.serviceUnavailable },
  headers: [{ name: 'Retry-After', text: 'Seconds to wait (5).' }],
};
export const fieldErrors = (when: string, example: Record<string, string[]>): ProtocolAnswer => ({
  status: 400,
  when,
  schema: validationError,
  example,
});

/** The 400 body the gateway gives for `input`: each problem under its field's path (`events.3.zone`).
 * Made by parsing, so the example keeps zod's own texts. */
export function refused(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('An example of a refused request that the schema accepts');
  const fields: Record<string, string[]> = {};
  for (const issue of result.error.issues)
    (fields[issue.path.join('.') || 'non_field_errors'] ??= []).push(issue.message);
  return fields;
}

/** The files' routes (clips, pictures) take the same request and give the same answers: the file whole
 * or the one byte range asked for. */
export const rangeText =
  'Range requests (`Range: bytes=start-end`, `bytes=start-`, `bytes=-suffix`) let an interrupted download resume.';
export const fileRequest = {
  params: idParam,
  headers: [deviceToken, { name: 'Range', text: 'Optional: `bytes=<start>-<end>` (one range).' }],
};
/** `whole`: the 200's text; `missing`: when the id is not one of the device's files (404). */
export const fileAnswers = ({ whole, missing }: { whole: string; missing: string }): ProtocolAnswer[] => [
  {
    status: 200,
    when: whole,
    headers: [
      { name: 'Accept-Ranges', text: '`bytes`.' },
      { name: 'Cache-Control', text: '`private, max-age=86400`.' },
    ],
  },
  {
    status: 206,
    when: 'The range asked for.',
    headers: [{ name: 'Content-Range', text: '`bytes <start>-<end>/<size>`.' }],
  },
  fieldErrors('The id is not a positive whole number.', refused(idParam, { id: 'abc' })),
  tokenRefused,
  { status: 404, when: missing, schema: detailError, example: { detail: gatewayTexts.notInPlaylist } },
  {
    status: 416,
    when: 'The range starts past the end of the file.',
    schema: detailError,
    example: { detail: 'Range Not Satisfiable' },
    headers: [{ name: 'Content-Range', text: '`bytes */<size>`.' }],
  },
  databaseAway,
];

export const CHECKSUM = 'f3b1c2d4e5a60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90';
export const VERSION = '9c1e4f2a7b3d5e6f8a0b';
export const clip = {
  id: 12,
  name: 'Morning Blend 20s',
  url: '/api/device/v1/videos/31/',
  checksum: CHECKSUM,
  size: 4_812_331,
  duration: 20,
  content_type: 'video/mp4',
};
export const campaign = {
  id: 57,
  sys_id: 'CMP-0057',
  name: 'Morning Blend launch',
  state: 3,
  start_date: '2030-06-01',
  end_date: '2030-06-30',
  ordering: 1,
  zones: [1, 2],
  overlays: [{ zone: 2, url: '/api/device/v1/images/88/', size: 48_211 }],
  p_times_on: true,
  p_start_time: '07:00',
  p_end_time: '11:00',
  p_gender_on: false,
  p_gender: null,
  p_age_on: true,
  p_age: [2, 3],
  clip,
};
/** A summer day in Berlin (UTC+2): the local day runs from 22:00 UTC the day before. */
export const day = {
  date: '2030-06-15',
  starts_at: '2030-06-14T22:00:00.000Z',
  ends_at: '2030-06-15T22:00:00.000Z',
  open_time: '06:00',
  close_time: '24:00',
  opens_at: '2030-06-15T04:00:00.000Z',
  closes_at: '2030-06-15T22:00:00.000Z',
  loop_seconds: 120,
  campaigns: [campaign],
};

/** The protocol in the order a player uses it. */
