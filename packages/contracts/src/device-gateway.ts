// The device gateway (/api/device/v1/): what screens at locations send (heartbeats, batches of
// playback and audience events) and receive (their playlist). Devices sign in with their token only.
// Its schemas are by exchange: device-heartbeat.ts, device-playlist.ts and device-events.ts; this module
// gives them with the gateway's paths and its texts, under one import path.
export {
  deviceGatewayPrefix,
  deviceGatewayEndpoints,
  deviceVideoUrl,
  deviceImageUrl,
  MAX_EVENTS_PER_BATCH,
} from './device-paths.ts';
export * from './device-heartbeat.ts';
export * from './device-playlist.ts';
export * from './device-events.ts';

export const gatewayTexts = {
  noToken: 'Send the device token as "Authorization: Bearer <token>".',
  badToken: 'Invalid device token.',
  deviceDisabled: 'This device is disabled.',
  locationDisabled: "This device's location is disabled.",
  unknownCampaign: "This campaign is not played at this device's location.",
  /** Not one of the campaign's zones, or not a zone of the location (any more). */
  zoneNotPlayed: 'The campaign does not play in this zone.',
  /** A zone of the location that this screen does not show. */
  zoneNotShown: 'This screen does not show this zone.',
  unknownAgeGroup: 'Unknown age group.',
  inFuture: 'This time is in the future.',
  /** A play older than MAX_EVENT_AGE_DAYS. */
  tooOld: (days: number) => `This play is more than ${days} days old; older plays are not accepted.`,
  beforeStart: (start: string) => `This play is before the campaign's start date (${start}).`,
  afterEnd: (end: string) => `This play is after the campaign's end date (${end}).`,
  /** A play of a campaign taken off the air (deactivated) that started after it was. */
  afterClose: 'This play is after the campaign was taken off the air.',
  /** The event that brings a batch's plays into one month more than MAX_BATCH_MONTHS. */
  tooManyMonths: (months: number) =>
    `A batch may hold plays of at most ${months} calendar months (UTC); send the others in another batch.`,
  notInPlaylist: "This file is not in the device's playlist.",
  /** A batch refused because the server has as many waiting to be written as it keeps (503). */
  busy: 'The server is busy writing other batches. Send this batch again after the time in Retry-After.',
  offlineMessage: (serial: string, location: string, since: string) =>
    `Device ${serial} at ${location} has been offline since ${since}.`,
  sentToDevice: (serial: string) => `Sent to device ${serial}.`,
  playedOnDevice: (serial: string) => `Played on device ${serial}.`,
  viewedOnDevice: (serial: string) => `Viewed on device ${serial}.`,
  finished: 'Finished: the end date has passed.',
  offlineEntry: (since: string) => `Offline since ${since}.`,
  backOnline: 'Reporting again.',
} as const;
