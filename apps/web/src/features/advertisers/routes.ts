// Routes of /advertiser, /advertiser/add and /advertiser/:id (spliced into the app router).
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const advertiserRoutes: RouteObject[] = [
  {
    path: paths.advertisers,
    handle: { permission: 'list_advertiser' } satisfies RouteHandle,
    lazy: screen(() => import('./components/advertiser-list-screen.tsx'), 'AdvertiserListScreen'),
  },
  {
    path: paths.advertiserAdd,
    handle: { permission: 'add_advertiser' } satisfies RouteHandle,
    lazy: screen(() => import('./components/advertiser-edit-screen.tsx'), 'AdvertiserEditScreen'),
  },
  {
    path: paths.advertiser,
    handle: { permission: 'view_advertiser' } satisfies RouteHandle,
    lazy: screen(() => import('./components/advertiser-edit-screen.tsx'), 'AdvertiserEditScreen'),
  },
];
