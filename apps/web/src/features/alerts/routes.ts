// Route of /alerts (the incidents and their history); spliced into the app router.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const alertRoutes: RouteObject[] = [
  {
    path: paths.alerts,
    handle: { permission: 'list_alert' } satisfies RouteHandle,
    lazy: screen(() => import('./components/alerts-screen.tsx'), 'AlertsScreen'),
  },
];
