// Routes of /campaign (list, add, edit), /campaign/find-room (where a clip can be booked),
// /campaign/approve (approval list and screen) and /campaign/calendar (calendar, a day's list at a
// location, one campaign's details); spliced into the app router.
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const campaignRoutes: RouteObject[] = [
  {
    path: paths.campaigns,
    handle: { permission: 'list_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/campaign-list-screen.tsx'), 'CampaignListScreen'),
  },
  {
    path: paths.campaignAdd,
    handle: { permission: 'add_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/campaign-edit-screen.tsx'), 'CampaignEditScreen'),
  },
  {
    path: paths.campaign,
    handle: { permission: 'view_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/campaign-edit-screen.tsx'), 'CampaignEditScreen'),
  },
  {
    path: paths.campaignFindRoom,
    handle: { permission: ['list_location', 'add_campaign'] } satisfies RouteHandle,
    lazy: screen(() => import('./components/find-room/find-room-screen.tsx'), 'FindRoomScreen'),
  },
  {
    path: paths.campaignApprovals,
    handle: { permission: 'approve_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/approval/approval-list-screen.tsx'), 'ApprovalListScreen'),
  },
  {
    path: paths.campaignApproval,
    handle: { permission: 'approve_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/approval/approval-screen.tsx'), 'ApprovalScreen'),
  },
  {
    path: paths.campaignCalendar,
    handle: { permission: 'list_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/calendar/calendar-screen.tsx'), 'CalendarScreen'),
  },
  {
    path: paths.campaignCalendarList,
    handle: { permission: 'list_campaign' } satisfies RouteHandle,
    lazy: screen(() => import('./components/calendar/calendar-list-screen.tsx'), 'CalendarListScreen'),
    children: [
      {
        path: ':id',
        lazy: screen(() => import('./components/calendar/calendar-details.tsx'), 'CalendarDetails'),
      },
    ],
  },
];
