// Routes of /reports/delivery: the campaigns' delivery (contracted against delivered, pacing) and one
// campaign's delivery report with its proof of play; spliced into the app router.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import type { RouteHandle } from '../../app/router.tsx';

// The same permission as the statistics reports (list_eventstatistic).
const handle = { permission: 'list_eventstatistic' } satisfies RouteHandle;

/** The URL patterns of the delivery screens (beside the other reports under /reports). */
export const deliveryPaths = {
  list: '/reports/delivery',
  report: '/reports/delivery/:id',
} as const;

export const deliveryReportPath = (id: number) => `/reports/delivery/${id}`;

export const deliveryRoutes: RouteObject[] = [
  {
    path: deliveryPaths.list,
    handle,
    lazy: screen(() => import('./components/delivery-list-screen.tsx'), 'DeliveryListScreen'),
  },
  {
    path: deliveryPaths.report,
    handle,
    lazy: screen(() => import('./components/delivery-report-screen.tsx'), 'DeliveryReportScreen'),
  },
];
