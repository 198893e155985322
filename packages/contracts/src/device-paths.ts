// The device gateway's paths, apart from its schemas: what a player needs to reach the server without
// bundling zod (the Marquee Player's script stays small). device-gateway.ts and device-pairing.ts
// export them too.

export const deviceGatewayPrefix = '/api/device/v1/';
export const deviceGatewayEndpoints = {
  heartbeat: `${deviceGatewayPrefix}heartbeat/`,
  playlist: `${deviceGatewayPrefix}playlist/`,
  events: `${deviceGatewayPrefix}events/`,
  /** The clip files (`…/videos/{video id}/`, with range requests) and overlay pictures of the playlist:
   * the web's media URLs need a session, these need the device token. */
  videos: `${deviceGatewayPrefix}videos/`,
  images: `${deviceGatewayPrefix}images/`,
  /** POST a JPEG of what the screen shows (one kept per device). */
  screenshot: `${deviceGatewayPrefix}screenshot/`,
} as const;

export const deviceVideoUrl = (videoId: number) => `${deviceGatewayEndpoints.videos}${videoId}/`;
export const deviceImageUrl = (imageId: number) => `${deviceGatewayEndpoints.images}${imageId}/`;

export const devicePairingEndpoints = {
  /** Anonymous: a screen asks for a code (POST), then polls `{id}/` with its secret. */
  pairings: `${deviceGatewayPrefix}pairings/`,
} as const;
export const devicePairingUrl = (id: string) => `${devicePairingEndpoints.pairings}${id}/`;

/** The most events one batch may carry (device-gateway.ts re-exports it). */
export const MAX_EVENTS_PER_BATCH = 1000;

/** The largest screenshot a screen may send (bytes), and its type (device-commands.ts re-exports them). */
export const MAX_SCREENSHOT_BYTES = 500 * 1024;
/** The most command ids one heartbeat may acknowledge. */
export const MAX_DONE_COMMANDS = 20;
export const SCREENSHOT_CONTENT_TYPE = 'image/jpeg';
