// Routes of /reports: the menu, the campaign details report (campaigns, then one campaign at one
// location) and the reports grouped by product, location and advertiser; spliced into the app router.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

const handle = { permission: 'list_eventstatistic' } satisfies RouteHandle;

export const reportRoutes: RouteObject[] = [
  {
    path: paths.reports,
    handle,
    lazy: screen(() => import('./components/reports-menu-screen.tsx'), 'ReportsMenuScreen'),
  },
  {
    path: paths.reportCampaigns,
    handle,
    lazy: screen(() => import('./components/campaign-reports-screen.tsx'), 'CampaignReportsScreen'),
  },
  {
    path: paths.reportCampaignLocation,
    handle,
    lazy: screen(() => import('./components/campaign-location-report-screen.tsx'), 'CampaignLocationReportScreen'),
  },
  {
    path: paths.reportProducts,
    handle,
    lazy: screen(() => import('./components/grouped-report-screen.tsx'), 'ProductReportScreen'),
  },
  {
    path: paths.reportLocations,
    handle,
    lazy: screen(() => import('./components/grouped-report-screen.tsx'), 'LocationReportScreen'),
  },
  {
    path: paths.reportAdvertisers,
    handle,
    lazy: screen(() => import('./components/grouped-report-screen.tsx'), 'AdvertiserReportScreen'),
  },
];
