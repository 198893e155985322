// Routes of /reports/delivery: the campaigns' delivery (contracted against delivered, pacing) and one
// campaign's delivery report with its proof of play; spliced into the app router.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

// The same permission as the statistics reports (list_eventstatistic).
const handle = { permission: 'list_eventstatistic' } satisfies RouteHandle;

export const deliveryRoutes: RouteObject[] = [
  {
    path: paths.reportDelivery,
    handle,
    lazy: screen(() => import('./components/delivery-list-screen.tsx'), 'DeliveryListScreen'),
  },
  {
    path: paths.reportDeliveryCampaign,
    handle,
    lazy: screen(() => import('./components/delivery-report-screen.tsx'), 'DeliveryReportScreen'),
  },
];
