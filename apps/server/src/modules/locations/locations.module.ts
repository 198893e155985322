// Locations, their zones and devices: services and routes.
import type { FastifyInstance } from 'fastify';
import type { Location } from '@marquee/contracts/locations';
import { resources } from '@marquee/contracts/resources';
import { createImagesService, type ImageOwner } from '../../media/images.service.ts';
import type { CatalogueDeps } from '../catalogue-deps.ts';
import { createDeviceCommandsService } from './device-commands.service.ts';
import { registerDeviceRoutes } from './devices.routes.ts';
import { registerDevicePairingRoutes } from './devices.pairing.routes.ts';
import { createDevicePairingService } from './devices.pairing.service.ts';
import { createDevicesService } from './devices.service.ts';
import { createRejectedPlaysService } from './rejected-plays.service.ts';
import { createScreenHealthService } from './screen-health.service.ts';
import { registerLocationZoneRoutes } from './location-zones.routes.ts';
import { createLocationZonesService } from './location-zones.service.ts';
import { dayIn } from '../../lib/days.ts';
import { createCampaignsService, type CampaignsService } from '../campaigns/campaigns.service.ts';
import { createLocationActionsService } from './locations.actions.service.ts';
import { createAvailabilityService } from './locations.availability.service.ts';
import { createLocationCampaignsService } from './locations.campaigns.service.ts';
import { registerLocationRoutes } from './locations.routes.ts';
import { createLocationsService } from './locations.service.ts';

/** Most pictures one location may have. */
const MAX_LOCATION_IMAGES = 10;

/** `campaigns`: the campaigns service the playlist and calendar calls read through (one is made when
 * not given). */
export function registerLocationModules(
  app: FastifyInstance,
  deps: CatalogueDeps,
  campaigns: CampaignsService = createCampaignsService(deps),
): void {
  const { db, access, config, storage, imageDeps } = deps;
  const locations = createLocationsService({
    db,
    access,
    storage,
    zones: config.zones,
    inventory: config.inventory,
    now: config.now,
    timeZone: config.timeZone,
    holdDays: config.holdDays,
  });
  const zones = createLocationZonesService({
    db,
    access,
    storage,
    limits: config.media,
    today: () => dayIn(config.now(), config.timeZone),
    now: config.now,
  });
  const devices = createDevicesService({ db, access, now: config.now, timeZone: config.timeZone, storage });
  const actions = createLocationActionsService({ access, locations, zones, devices, zoneNumbers: config.zones });
  // Pictures: changing them needs change_location on the location (its managers).
  const locationImages: ImageOwner<Location> = {
    definition: resources.locations,
    maxImages: MAX_LOCATION_IMAGES,
    load: (database, id) => locations.find(database, id),
    repr: (location) => location.name,
  };
  registerLocationRoutes(app, {
    locations,
    actions,
    images: createImagesService(imageDeps, locationImages),
    campaigns: createLocationCampaignsService({
      db,
      access,
      locations,
      campaigns,
      zones: config.zones,
      timeZone: config.timeZone,
      holdDays: config.holdDays,
    }),
    availability: createAvailabilityService({ db, access, config }),
  });
  registerLocationZoneRoutes(app, zones);
  registerDevicePairingRoutes(app, createDevicePairingService({ db, config, devices }));
  registerDeviceRoutes(app, {
    devices,
    screens: createScreenHealthService({ db, access, devices, config }),
    remote: createDeviceCommandsService({ db, access, devices, storage, now: config.now }),
    rejected: createRejectedPlaysService({ db, access, devices }),
  });
}
