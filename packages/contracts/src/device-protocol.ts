// The device protocol as a player uses it, step by step: each endpoint of the device gateway and of
// pairing with its method, path, sign-in, request and every answer, with examples. docs/devices.md's
// protocol reference is written from it (`npm run docs:protocol`), and the server's test holds it to the
// routes' OpenAPI document, so neither can drift from what the server does.
import { detailError } from './common.ts';
import {
  MAX_COMMANDS_PER_HEARTBEAT,
  MAX_SCREENSHOT_BYTES,
  SCREENSHOT_CONTENT_TYPE,
  deviceCommandTexts,
  screenshotResponse,
} from './device-commands.ts';
import {
  DEFAULT_PLAYLIST_DAYS,
  MAX_BATCH_MONTHS,
  MAX_CLOCK_SKEW_MS,
  MAX_EVENTS_BODY_BYTES,
  MAX_RETRY_AFTER_SECONDS,
  deviceGatewayEndpoints as gateway,
  eventsBatch,
  eventsResponse,
  gatewayTexts,
  heartbeatInput,
  heartbeatResponse,
  playlistQuery,
  playlistResponse,
} from './device-gateway.ts';
import {
  PAIRING_MINUTES,
  PAIRING_POLL_SECONDS,
  devicePairingEndpoints,
  pairingCreated,
  pairingStatus,
  pairingTexts,
} from './device-pairing.ts';
import {
  uuidParam,
  bearer,
  deviceToken,
  tokenRefused,
  databaseAway,
  fieldErrors,
  refused,
  rangeText,
  fileRequest,
  fileAnswers,
  CHECKSUM,
  VERSION,
  campaign,
  day,
  type ProtocolStep,
} from './device-protocol-parts.ts';

export type { ProtocolAnswer, ProtocolHeader, ProtocolStep } from './device-protocol-parts.ts';

export const deviceProtocol: ProtocolStep[] = [
  {
    title: 'Ask for a pairing code',
    method: 'POST',
    path: devicePairingEndpoints.pairings,
    auth: 'none',
    text: `A screen without a device token asks for a pairing and shows its \`code\` for staff to type in on the location's Devices tab. It keeps \`id\` and \`secret\` (only the screen knows the secret) and polls the pairing. The code is valid ${PAIRING_MINUTES} minutes; ask for a new one once it has expired.`,
    answers: [
      {
        status: 201,
        when: 'The pairing is made.',
        schema: pairingCreated,
        example: {
          id: '6f1c2a9e-3b4d-4c5e-8f60-7a8b9c0d1e2f',
          code: 'K7WQ3D',
          secret: 'pV3xk9Qe0bTzL1mN8rS2uY5wA7cD4fG6hJ0kM2nP4qR',
          expires_at: '2030-06-15T10:15:00.000Z',
          poll_seconds: PAIRING_POLL_SECONDS,
        },
      },
      {
        status: 429,
        when: 'This address asked for too many codes within the throttle window; wait `Retry-After` seconds.',
        schema: detailError,
        example: { detail: pairingTexts.requestsThrottled(540) },
        headers: [{ name: 'Retry-After', text: 'Seconds to wait.' }],
      },
    ],
  },
  {
    title: 'Poll the pairing',
    method: 'GET',
    path: `${devicePairingEndpoints.pairings}{id}/`,
    auth: 'pairing secret',
    text: `Every \`poll_seconds\` (${PAIRING_POLL_SECONDS}) until the answer is \`paired\`: then keep \`token\` (it is given this once) and use it for every call below. Answers are not cached (\`Cache-Control: no-store\`).`,
    params: uuidParam,
    headers: [bearer('pairing secret')],
    answers: [
      {
        status: 200,
        when: '`pending` until staff type the code in; then, once, `paired` with the device token.',
        schema: pairingStatus,
        example: {
          status: 'paired',
          token: 'mq_4Jd8sK2pQ9vX1zR7tY3wB6nC0eF5gH8jL2mN4pS',
          device: { id: 214, serial_number: 'LOBBY-01', location: 9, zones: [1, 2] },
        },
      },
      {
        status: 401,
        when: 'No secret was sent.',
        schema: detailError,
        example: { detail: pairingTexts.noSecret },
      },
      {
        status: 404,
        when: 'An unknown pairing id or a wrong secret (not told apart).',
        schema: detailError,
        example: { detail: pairingTexts.unknown },
      },
      {
        status: 410,
        when: 'The pairing has ended: expired unclaimed, or its token was handed out already. Ask for a new code.',
        schema: detailError,
        example: { detail: pairingTexts.gone },
      },
    ],
  },
  {
    title: 'Fetch the playlist',
    method: 'GET',
    path: gateway.playlist,
    auth: 'device token',
    text: `What the device plays today and the days after it (\`?days=\`, default ${DEFAULT_PLAYLIST_DAYS}), in loop order, in the zones it shows. Send the ETag of the answer you hold as \`If-None-Match\`: while nothing in the answer changed the server answers 304 without a body. Fetch the clips and overlays it names (below) and echo \`version\` as the heartbeat's \`playlist_version\` once applied.`,
    query: { schema: playlistQuery, example: { days: 7 } },
    headers: [
      deviceToken,
      {
        name: 'If-None-Match',
        text: 'Optional: the `ETag` of the playlist the device holds (weak, a list or `*` also match).',
      },
    ],
    answers: [
      {
        status: 200,
        when: 'The playlist (the example is shortened to one day).',
        schema: playlistResponse,
        example: {
          version: VERSION,
          server_time: '2030-06-15T10:00:00.000Z',
          date: '2030-06-15',
          time_zone: 'Europe/Berlin',
          location: { id: 9, sys_id: 'LOC-0009', name: 'Central Station' },
          zones: [1, 2],
          campaigns: [campaign],
          days: [day],
          slate: { url: '/api/device/v1/images/90/', size: 120_554 },
        },
        headers: [
          {
            name: 'ETag',
            text: `\`"<version>"\`, or \`"<version>-<hash of the answer>"\` for other days than ${DEFAULT_PLAYLIST_DAYS} or a device that shows only some zones.`,
          },
          { name: 'Cache-Control', text: '`private, no-cache`.' },
        ],
      },
      {
        status: 304,
        when: '`If-None-Match` names the current ETag: keep the playlist you hold. No body.',
        headers: [{ name: 'ETag', text: 'The same ETag.' }],
      },
      fieldErrors(
        '`days` is not a whole number in range (checked after the token).',
        refused(playlistQuery, { days: '8' }),
      ),
      tokenRefused,
      databaseAway,
    ],
  },
  {
    title: 'Download a clip',
    method: 'GET',
    path: `${gateway.videos}{id}/`,
    auth: 'device token',
    text: `The \`clip.url\` of a playlist campaign. Cache it by its \`checksum\` (sha256 of the file): a clip already held under that checksum need not be fetched again. A device gets only the files of its own location's campaigns in its zones. ${rangeText}`,
    ...fileRequest,
    answers: fileAnswers({
      whole: "The whole file, with its `Content-Type` (the clip's `content_type`) and `Content-Length`.",
      missing: "The file is not in the device's playlist.",
    }),
  },
  {
    title: 'Download an overlay picture or the slate',
    method: 'GET',
    path: `${gateway.images}{id}/`,
    auth: 'device token',
    text: `The \`overlays[].url\` of a playlist campaign and the playlist's \`slate.url\`. ${rangeText}`,
    ...fileRequest,
    answers: fileAnswers({
      whole: 'The picture, with its `Content-Type` and `Content-Length`.',
      missing: "The picture is not one of the device's zones' overlays nor its location's slate.",
    }),
  },
  {
    title: 'Send plays',
    method: 'POST',
    path: gateway.events,
    auth: 'device token',
    text: `A batch of plays from the device's queue. The batch is taken row by row: a row that cannot be stored is answered in \`rejected\` and the others are stored. Every row of a 200 answer is accepted, a duplicate or rejected: drop all of them from the queue, never send a rejected row again. The plays of one batch may fall in at most ${MAX_BATCH_MONTHS} calendar months (UTC) and may start at most ${MAX_CLOCK_SKEW_MS / 60_000} minutes in the server's future.`,
    headers: [deviceToken, { name: 'Content-Type', text: '`application/json`.' }],
    body: {
      schema: eventsBatch,
      example: {
        batch_id: '0b6e3f5a-2c1d-4e8f-9a7b-3c5d7e9f1a2b',
        events: [
          {
            play_id: '5b1f6c0e-8d2a-4f3e-9a77-0c52d1e4b8a9',
            campaign: 57,
            zone: 1,
            started_at: '2030-06-15T09:58:00.000Z',
            duration_ms: 20_000,
            viewers: [
              { gender: 'f', age_group: 2 },
              { gender: 'm', age_group: 3 },
            ],
            clip_checksum: CHECKSUM,
          },
          {
            play_id: '7d2c4e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
            campaign: 61,
            zone: 2,
            started_at: '2030-06-15T09:58:20.000Z',
            duration_ms: 15_000,
          },
        ],
      },
    },
    answers: [
      {
        status: 200,
        when: 'The batch was taken: the rows stored, those stored before, and those rejected (with the field at fault and why).',
        schema: eventsResponse,
        example: {
          accepted: 1,
          duplicate: false,
          duplicates: 0,
          rejected: [
            {
              index: 1,
              play_id: '7d2c4e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f',
              field: 'campaign',
              reason: gatewayTexts.unknownCampaign,
            },
          ],
        },
      },
      fieldErrors(
        'The body cannot be read: its envelope, or a row whose fields are not of the right form. Nothing is stored; each field is named by its path. Checked after the token.',
        refused(eventsBatch, {
          batch_id: '0b6e3f5a-2c1d-4e8f-9a7b-3c5d7e9f1a2b',
          events: [{ campaign: 57, zone: 0, started_at: '2030-06-15T09:58:00.000Z', duration_ms: 20_000 }],
        }),
      ),
      tokenRefused,
      {
        status: 413,
        when: `The body is larger than ${MAX_EVENTS_BODY_BYTES / 1024 / 1024} MB.`,
        schema: detailError,
        example: { detail: 'Request body is too large' },
      },
      {
        status: 503,
        when: `The server holds as many batches as it takes (checked after the token, before the body is read), or the database cannot be reached. Nothing of the batch is stored: send the same batch, with the same \`batch_id\`, after \`Retry-After\` seconds.`,
        schema: detailError,
        example: { detail: gatewayTexts.busy },
        headers: [
          {
            name: 'Retry-After',
            text: `Whole seconds, 1–${MAX_RETRY_AFTER_SECONDS} while busy; 5 while the database is away.`,
          },
        ],
      },
    ],
  },
  {
    title: 'Heartbeat',
    method: 'POST',
    path: gateway.heartbeat,
    auth: 'device token',
    text: `The device's status and facts, and the acknowledgement of commands done. A fact left out keeps the value reported before. The answer carries the server's clock (set the device's from it as NTP does: offset = \`server_time\` − \`server_held_ms\` / 2 − the middle of the round trip, best from the quickest of a few recent answers) and the commands staff queued (at most ${MAX_COMMANDS_PER_HEARTBEAT} at a time, oldest first, each handed out once): carry each out (\`reload\`: reload the player and fetch the whole playlist again; \`clear_cache\`: delete the cached clips and download them again; \`screenshot\`: upload a screenshot) and name its id in a later heartbeat's \`done_commands\`.`,
    headers: [deviceToken, { name: 'Content-Type', text: '`application/json`.' }],
    body: {
      schema: heartbeatInput,
      example: {
        status: 'ok',
        playlist_version: VERSION,
        screen_on: true,
        screen_state: 'on',
        uptime_s: 86_400,
        disk_free_mb: 20_480,
        cpu_temp_c: 51.5,
        app_version: 'marquee-player/1.4.0',
        queue_depth: 0,
        dropped: 0,
        storage_used_mb: 1830,
        storage_quota_mb: 4096,
        clock_offset_ms: -120,
        faults: [{ kind: 'stalled', count: 2 }],
        done_commands: [41],
      },
    },
    answers: [
      {
        status: 200,
        when: "The status is recorded; the server's clock and the commands for the device.",
        schema: heartbeatResponse,
        example: {
          server_time: '2030-06-15T10:00:00.000Z',
          server_held_ms: 14,
          commands: [{ id: 42, kind: 'screenshot', issued_at: '2030-06-15T09:59:12.000Z' }],
        },
      },
      fieldErrors(
        'A field is missing or out of range (checked after the token); each is named by its path.',
        refused(heartbeatInput, { status: 'ok', faults: [{ kind: 'overheated', count: 1 }] }),
      ),
      tokenRefused,
      databaseAway,
    ],
  },
  {
    title: 'Upload a screenshot',
    method: 'POST',
    path: gateway.screenshot,
    auth: 'device token',
    text: 'A picture of what the screen shows, when a `screenshot` command asks for one; it replaces the one kept before.',
    headers: [deviceToken, { name: 'Content-Type', text: `\`${SCREENSHOT_CONTENT_TYPE}\`.` }],
    body: {
      content: SCREENSHOT_CONTENT_TYPE,
      text: `The JPEG file itself, at most ${MAX_SCREENSHOT_BYTES / 1024} KB (${MAX_SCREENSHOT_BYTES} bytes); it must start with the JPEG marker \`FF D8 FF\`.`,
    },
    answers: [
      {
        status: 200,
        when: 'The screenshot is kept.',
        schema: screenshotResponse,
        example: { taken_at: '2030-06-15T10:00:03.000Z', size: 183_402 },
      },
      fieldErrors('The bytes are not a JPEG picture.', { non_field_errors: [deviceCommandTexts.screenshotNotJpeg] }),
      tokenRefused,
      {
        status: 413,
        when: `The picture is larger than ${MAX_SCREENSHOT_BYTES / 1024} KB.`,
        schema: detailError,
        example: { detail: deviceCommandTexts.screenshotTooLarge },
      },
      {
        status: 415,
        when: `Another \`Content-Type\` than \`${SCREENSHOT_CONTENT_TYPE}\`.`,
        schema: detailError,
        example: { detail: deviceCommandTexts.screenshotType },
      },
      databaseAway,
    ],
  },
];
