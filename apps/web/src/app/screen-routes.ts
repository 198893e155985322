// The routes of the signed-in screens below `app` (router.tsx), a chunk of their own that the router
// adds on the first navigation to one of them (`patchRoutesOnNavigation`): the table, with the
// preload lists of every screen's chunks, is no part of the sign-in page. Each may name the
// permission it needs (RouteHandle).
import type { RouteObject } from 'react-router';
import { advertiserRoutes } from '../features/advertisers/routes.ts';
import { alertRoutes } from '../features/alerts/routes.ts';
import { campaignRoutes } from '../features/campaigns/routes.ts';
import { deliveryRoutes } from '../features/delivery/routes.ts';
import { reportRoutes } from '../features/reports/routes.ts';
import { productRoutes } from '../features/products/routes.ts';
import { videoRoutes } from '../features/videos/routes.ts';
import { locationRoutes } from '../features/locations/routes.ts';
import { screen } from './lazy-screen.ts';
import { paths } from './paths.ts';
import type { RouteHandle } from './router.tsx';

export const screenRoutes: RouteObject[] = [
  // Every signed-in user has a password and messages: no permission needed.
  {
    path: paths.passwordChange,
    lazy: screen(() => import('../features/auth/components/password-change-screen.tsx'), 'PasswordChangeScreen'),
  },
  {
    path: paths.messages,
    lazy: screen(() => import('../features/messages/components/messages-screen.tsx'), 'MessagesScreen'),
  },
  {
    path: paths.roles,
    handle: { permission: 'list_role' } satisfies RouteHandle,
    lazy: screen(() => import('../features/roles/components/role-list-screen.tsx'), 'RoleListScreen'),
  },
  {
    path: paths.roleAdd,
    handle: { permission: 'add_role' } satisfies RouteHandle,
    lazy: screen(() => import('../features/roles/components/role-edit-screen.tsx'), 'RoleEditScreen'),
  },
  {
    path: paths.role,
    handle: { permission: 'view_role' } satisfies RouteHandle,
    lazy: screen(() => import('../features/roles/components/role-edit-screen.tsx'), 'RoleEditScreen'),
  },
  {
    path: paths.events,
    handle: { permission: 'list_logentry' } satisfies RouteHandle,
    lazy: screen(() => import('../features/events/components/events-screen.tsx'), 'EventsScreen'),
  },
  {
    path: paths.users,
    handle: { permission: 'list_user' } satisfies RouteHandle,
    lazy: screen(() => import('../features/users/components/user-list-screen.tsx'), 'UserListScreen'),
  },
  {
    path: paths.userAdd,
    handle: { permission: 'add_user' } satisfies RouteHandle,
    lazy: screen(() => import('../features/users/components/user-edit-screen.tsx'), 'UserEditScreen'),
  },
  {
    // No route permission: anyone may open their own account; the server decides (403 → home).
    path: paths.user,
    lazy: screen(() => import('../features/users/components/user-edit-screen.tsx'), 'UserEditScreen'),
  },
  ...locationRoutes,
  ...advertiserRoutes,
  ...productRoutes,
  ...videoRoutes,
  ...campaignRoutes,
  ...reportRoutes,
  ...deliveryRoutes,
  ...alertRoutes,
];
