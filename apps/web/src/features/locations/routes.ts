// Routes of /location, /location/add, /location/:id, /location/zones, /screens (every device, with
// its screen health) and /screen/:id (one screen's page), spliced into the app router.
// /location/zones and /location/add are listed before /location/:id; react-router ranks static
// segments above dynamic ones anyway.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const locationRoutes: RouteObject[] = [
  {
    path: paths.locations,
    handle: { permission: 'list_location' } satisfies RouteHandle,
    lazy: screen(() => import('./components/location-list-screen.tsx'), 'LocationListScreen'),
  },
  {
    path: paths.locationZones,
    handle: { permission: 'list_locationzone' } satisfies RouteHandle,
    lazy: screen(() => import('./components/zone-settings-screen.tsx'), 'ZoneSettingsScreen'),
  },
  {
    path: paths.screens,
    handle: { permission: 'list_device' } satisfies RouteHandle,
    lazy: screen(() => import('./components/screens-list-screen.tsx'), 'ScreensListScreen'),
  },
  {
    path: paths.screen,
    handle: { permission: 'list_device' } satisfies RouteHandle,
    lazy: screen(() => import('./components/screen-detail-screen.tsx'), 'ScreenDetailScreen'),
  },
  {
    path: paths.locationAdd,
    handle: { permission: 'add_location' } satisfies RouteHandle,
    lazy: screen(() => import('./components/location-edit-screen.tsx'), 'LocationEditScreen'),
  },
  {
    // Read-only for whoever may list locations (the server grants them view on each).
    path: paths.location,
    handle: { permission: 'list_location' } satisfies RouteHandle,
    lazy: screen(() => import('./components/location-edit-screen.tsx'), 'LocationEditScreen'),
  },
];
