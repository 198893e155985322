// Locations, their zones and the devices (screens) registered on them.
import { z } from 'zod';
import { locationLoopFields, locationLoopInput } from './availability.ts';
import { BULK_MAX_IDS, bulkTexts } from './bulk.ts';
import { boolFilter, id, idFilter, intListUpTo, listQuery } from './common.ts';
import { ZONE_NAME_MAX } from './constants.ts';
import { SCREEN_STATES } from './device-gateway.ts';
import { DEVICE_STATES } from './device-health.ts';
import { image } from './images.ts';
import { userRef } from './users.ts';

const required = 'This field is required.';
/** `true`/`false` in a query string. */

export const location = z.object({
  id: z.number().int(),
  /** System id, e.g. `LOC-000042`: generated, never changes. */
  sys_id: z.string(),
  name: z.string(),
  address: z.string(),
  is_active: z.boolean(),
  /** The location's pictures; `image` is the URL of the active one. */
  images: z.array(image),
  image: z.string().nullable(),
  /** Active devices registered on the location; without any, campaigns cannot target it. */
  data_devices_count: z.number().int(),
  /** Of those, the devices reporting now (their last heartbeat was not followed by the offline sweep). */
  data_devices_online: z.number().int(),
  /** The numbers of the location's own zones, ascending: the only ones campaigns can play in there. */
  zones: z.array(z.number().int()),
  /** Users who may change the location. */
  managers: z.array(z.number().int()),
  /** Users who may send campaigns to the location. */
  campaign_managers: z.array(z.number().int()),
  ...locationLoopFields,
});
export type Location = z.infer<typeof location>;

export const locationDetail = location.extend({
  managers_data: z.array(userRef),
  campaign_managers_data: z.array(userRef),
});
export type LocationDetail = z.infer<typeof locationDetail>;

export const locationInput = z.object({
  name: z.string().trim().min(1, required).max(150),
  address: z.string().trim().max(300).optional(),
  managers: z.array(id).max(1000).optional(),
  campaign_managers: z.array(id).max(1000).optional(),
  ...locationLoopInput,
  /** A shorter loop or other opening hours that leave booked campaigns without room: save anyway
   * (needs override_capacity; logged as a Warning). */
  override_capacity: z.boolean().optional(),
});

const ROOM_TAKEN = 'This change leaves booked campaigns without room';
const LOCATION_BOOKED = 'Booked campaigns still play at this location';

/** Whether a refusal's text is the room check's (the form then offers to save anyway). */
export const isRoomTaken = (text: string | undefined) => text?.startsWith(ROOM_TAKEN) ?? false;
/** Whether a refusal's text is the one of disabling a location booked campaigns go to (the screens then
 * offer to disable anyway). */
export const isLocationBooked = (text: string | undefined) => text?.startsWith(LOCATION_BOOKED) ?? false;

/** Most campaigns a refusal names; the others are counted. */
export const NAMED_CAMPAIGNS_MAX = 10;

/** "A, B and 3 more": the campaigns a refusal names. */
export function campaignNames(campaigns: readonly string[]): string {
  const named = campaigns.slice(0, NAMED_CAMPAIGNS_MAX).join(', ');
  const more = campaigns.length - NAMED_CAMPAIGNS_MAX;
  return more > 0 ? `${named} and ${more} more` : named;
}

/** Body of a location's or a clip's `deactivate`, and beside `ids` of their bulk form: disabling one
 * that booked campaigns still use needs `override_capacity` (the permission; logged as a Warning). */
export const disableInput = z.object({ override_capacity: z.boolean().optional() });
export type DisableInput = z.infer<typeof disableInput>;

export const locationTexts = {
  /** A change of the loop or the opening hours refused because booked campaigns would lose room. */
  roomTaken: (campaigns: readonly string[]) =>
    `${ROOM_TAKEN}: ${campaigns.join(', ')}. Keep the loop and hours, or save anyway over capacity.`,
  /** A zone that booked campaigns still play in is not deleted. */
  /** Deleting the only zone some screens show would leave them nothing to show. */
  zoneOnlyOneShown: (zone: number, screens: readonly string[]) =>
    `Zone ${zone} is the only zone ${screens.length === 1 ? 'screen' : 'screens'} ${screens.join(', ')} ${screens.length === 1 ? 'shows' : 'show'}; give ${screens.length === 1 ? 'it' : 'them'} another zone on the Devices tab first.`,
  zoneInUse: (zone: number, campaigns: readonly string[]) =>
    `Zone ${zone} is booked by ${campaigns.join(', ')}; it can be deleted once they have ended or left it.`,
  roomTakenOverride: (campaigns: readonly string[]) =>
    `Changed over capacity (override_capacity): booked campaigns left without room: ${campaigns.join(', ')}.`,
  /** Disabling a location that booked campaigns ending today or later go to. */
  disableBooked: (campaigns: readonly string[]) =>
    `${LOCATION_BOOKED}: ${campaignNames(campaigns)}. Disable it once they have ended, or disable it anyway.`,
  disableBookedOverride: (campaigns: readonly string[]) =>
    `Disabled although booked campaigns play here (override_capacity): ${campaignNames(campaigns)}.`,
} as const;
export type LocationInput = z.infer<typeof locationInput>;

export const locationQuery = listQuery.extend({
  /** Name, address or sys_id contains. */
  search: z.string().max(150).optional(),
  /** Only locations with (or without) active devices. */
  has_devices: boolFilter.optional(),
  /** Only locations the signed-in user may send campaigns to (the campaign screen's picker). */
  can_send_campaign: boolFilter.optional(),
});
export const locationOrdering = ['name', 'sys_id', 'id', 'data_devices_count'] as const;

/** The overlay image of a zone (shown over the video there). */
export const zoneOverlay = z.object({
  id: z.number().int(),
  /** Browse URL of the image bytes. */
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const locationZone = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  /** 1 … the configured zone count; unique per location. */
  zone_number: z.number().int(),
  name: z.string(),
  image: zoneOverlay.nullable(),
});
export type LocationZone = z.infer<typeof locationZone>;

const zoneName = z
  .string()
  .trim()
  .min(1, required)
  .max(ZONE_NAME_MAX, `Ensure this field has no more than ${ZONE_NAME_MAX} characters.`);

export const locationZoneInput = z.object({ name: zoneName });
export type LocationZoneInput = z.infer<typeof locationZoneInput>;

/** Body of a location's `add_zone`. */
export const addZoneInput = z.object({ zone_number: z.number().int().min(1).max(1000), name: zoneName });
export type AddZoneInput = z.infer<typeof addZoneInput>;

export const locationZoneQuery = listQuery.extend({
  location: idFilter.optional(),
  /** Zone or location name contains. */
  search: z.string().max(150).optional(),
});
export const locationZoneOrdering = ['location_name', 'zone_number', 'name', 'id'] as const;

export const DEVICE_TYPES = ['screen', 'totem', 'videowall', 'tablet'] as const;
export const deviceTypeLabels: Record<(typeof DEVICE_TYPES)[number], string> = {
  screen: 'Screen',
  totem: 'Totem',
  videowall: 'Video wall',
  tablet: 'Tablet',
};
export type DeviceType = (typeof DEVICE_TYPES)[number];

export const device = z.object({
  id: z.number().int(),
  location: z.number().int(),
  location_name: z.string(),
  serial_number: z.string(),
  device_type: z.enum(DEVICE_TYPES),
  is_active: z.boolean(),
  /** What the device last reported (e.g. `online`, `playing`), or null before its first heartbeat. */
  last_status: z.string().nullable(),
  last_status_date: z.string().nullable(),
  /** Registered by the simulator (`npm run simulate`), not a real screen. */
  is_simulated: z.boolean(),
  created_at: z.string(),
  /** Screen health, computed when asked: never, offline, screen_off, stale or online. */
  state: z.enum(DEVICE_STATES),
  /** The player's facts as its last heartbeats told them (null: never said). */
  playlist_version: z.string().nullable(),
  /** When the device began reporting the playlist version it reports now. */
  playlist_applied_at: z.string().nullable(),
  screen_on: z.boolean().nullable(),
  uptime_s: z.number().int().nullable(),
  disk_free_mb: z.number().int().nullable(),
  cpu_temp_c: z.number().nullable(),
  app_version: z.string().nullable(),
  /** The zones of its location the screen shows (its playlist, expected plays and accepted plays). */
  zones: z.array(z.number().int()),
  /** The panel's state as the player last named it (a player that sends only `screen_on` gets on/off). */
  screen_state: z.enum(SCREEN_STATES).nullable(),
  /** Plays waiting on the device, and since when its queue has not been empty (null: empty or unknown). */
  queue_depth: z.number().int().nullable(),
  queue_since: z.string().nullable(),
  /** The depth the report of the queue before the last one gave (null: not reported twice yet): against
   * `queue_depth`, whether the queue grows or drains (`queueTrend` in device-health). */
  queue_depth_before: z.number().int().nullable(),
  /** Plays the device reported discarding, in all. */
  plays_dropped: z.number().int(),
  storage_used_mb: z.number().int().nullable(),
  storage_quota_mb: z.number().int().nullable(),
  /** The device's clock minus the server's (ms). */
  clock_offset_ms: z.number().int().nullable(),
  /** Faults the player reported in the 24 hours up to its last report, and when the last one was. */
  faults_recent: z.number().int(),
  last_fault_at: z.string().nullable(),
  /** When the latest screenshot was taken (null: none); the picture is `{id}/screenshot/`. */
  screenshot_at: z.string().nullable(),
});
export type Device = z.infer<typeof device>;

export const deviceInput = z.object({
  location: id,
  serial_number: z
    .string()
    .trim()
    .min(1, required)
    .max(100)
    .regex(/^[A-Za-z0-9._:-]+$/, 'Letters, digits and . _ : - only.'),
  device_type: z.enum(DEVICE_TYPES, { error: 'Choose a device type.' }),
  /** Set by the simulator for its virtual devices (they can be removed again with its --remove). */
  is_simulated: z.boolean().optional(),
  /** The zones of the location the screen shows, at least one; left out when registering: all of them. */
  zones: z
    .array(z.number().int().min(1).max(1000))
    .min(1, 'Choose at least one zone.')
    .transform((zones) => [...new Set(zones)].sort((a, b) => a - b))
    .optional(),
});
export type DeviceInput = z.infer<typeof deviceInput>;

/** The answer to registering a device: its secret token, shown this once and stored only hashed. */
export const deviceRegistered = device.extend({ token: z.string() });
export type DeviceRegistered = z.infer<typeof deviceRegistered>;

export const deviceQuery = listQuery.extend({
  location: idFilter.optional(),
  search: z.string().max(100).optional(),
  is_simulated: boolFilter.optional(),
  /** Devices in this screen-health state, as of the maintenance sweep (every minute). */
  state: z.enum(DEVICE_STATES).optional(),
  /** The screens the home counts for the user: a location manager's at their locations, everyone
   * else's at every location. */
  mine: boolFilter.optional(),
});
export const deviceOrdering = ['serial_number', 'last_status_date', 'id'] as const;

/** Changing a device: its location stays (register the device anew to move it), and so does whether
 * it is simulated. */
export const deviceUpdateInput = deviceInput.omit({ location: true, is_simulated: true });

/** A zone a device is to show that its location does not have. */
export const deviceZonesText = (zone: number) => `The location has no zone ${zone}.`;
export type DeviceUpdateInput = z.infer<typeof deviceUpdateInput>;

/** Query of GET /api/devices/disable-impact/: the devices about to be disabled (one, or a bulk
 * selection), as `ids=1,2,3`. */
export const deviceDisableImpactQuery = z.object({
  ids: intListUpTo(BULK_MAX_IDS).refine((ids) => ids.length > 0, bulkTexts.noIds),
});

/** What disabling devices takes from booked campaigns: a screen going dark does not stop a campaign
 * (the location's other screens play it), so this is told in the confirm, never refused. */
export const deviceDisableImpact = z.object({
  /** The active locations of the (active) devices asked about where booked campaigns play, by name;
   * devices the user may not change are left out (disabling them is refused anyway). */
  locations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Booked campaigns (Approved to Viewed) ending today or later that go there, by name. */
      campaigns: z.array(z.string()),
      /** The devices are all its active screens: once they are disabled, the campaigns have no screen
       * to play on there. */
      last_screens: z.boolean(),
    }),
  ),
});
export type DeviceDisableImpact = z.infer<typeof deviceDisableImpact>;

export const deviceTexts = {
  /** The confirm of disabling screens at a location booked campaigns go to, while others stay on. */
  disableBooked: (location: string, campaigns: readonly string[]) =>
    `Booked campaigns play at ${location}: ${campaignNames(campaigns)}. Its other screens keep playing them.`,
  /** The same when they are the location's last active screens. */
  disableLastScreen: (location: string, campaigns: readonly string[]) =>
    `Booked campaigns play at ${location}: ${campaignNames(campaigns)}. It has no other active screen: they will have no screen to play on there.`,
  /** The Warning log entry of disabling a location's last active screen while booked campaigns go there. */
  disableLastScreenLog: (location: string, campaigns: readonly string[]) =>
    `Disabled the last active screen at ${location}: booked campaigns there have no screen to play on: ${campaignNames(campaigns)}.`,
} as const;

/** The confirm's warnings of disabling devices: one per location booked campaigns go to. */
export const deviceDisableWarnings = ({ locations }: DeviceDisableImpact): string[] =>
  locations.map(({ name, campaigns, last_screens }) =>
    last_screens ? deviceTexts.disableLastScreen(name, campaigns) : deviceTexts.disableBooked(name, campaigns),
  );

/** Answer of a location's `can_change`: whether the user may change it (permission and manager link). */
export const canChangeResponse = z.object({ can_change: z.boolean() });
/** Answer of a location's `can_send_campaign`: the user may send campaigns to it, it is active and
 * has at least one active device. */
export const canSendCampaignResponse = z.object({ can_send_campaign: z.boolean() });

/** Body of a location's `delete_zone_overlay`. */
export const deleteZoneOverlayInput = z.object({ zone: id });
export type DeleteZoneOverlayInput = z.infer<typeof deleteZoneOverlayInput>;
