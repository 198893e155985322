// Routes (spec §2). `app` resolves the current user; an unauthenticated visit goes to /login with
// the requested URL in `next`. Screens are lazy chunks; each may name the permission it needs.
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, redirect, type LoaderFunctionArgs } from 'react-router';
import { advertiserRoutes } from '../features/advertisers/routes.ts';
import { alertRoutes } from '../features/alerts/routes.ts';
import { campaignRoutes } from '../features/campaigns/routes.ts';
import { deliveryRoutes } from '../features/delivery/routes.ts';
import { reportRoutes } from '../features/reports/routes.ts';
import { productRoutes } from '../features/products/routes.ts';
import { videoRoutes } from '../features/videos/routes.ts';
import { locationRoutes } from '../features/locations/routes.ts';
import { userInfoQueryOptions } from '../lib/current-user.ts';
import { api } from '../lib/api.ts';
import { isApiError } from '../lib/api-client.ts';
import { AppLayout } from './layout/app-layout.tsx';
import { FullPageLoader, RouteError } from './layout/route-states.tsx';
import { screen } from './lazy-screen.ts';
import { loginPath, paths } from './paths.ts';

export type RouteHandle = {
  /** The permission codename the screen needs; without it the user is sent home. */
  permission?: string;
};

function appLoader(queryClient: QueryClient) {
  return async ({ request }: LoaderFunctionArgs) => {
    try {
      return await queryClient.ensureQueryData(userInfoQueryOptions());
    } catch (error) {
      if (isApiError(error) && error.status === 401) {
        const url = new URL(request.url);
        throw redirect(loginPath({ next: `${url.pathname}${url.search}`, timeout: api.session().timedOut }));
      }
      throw error;
    }
  };
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter([
    {
      path: paths.login,
      lazy: screen(() => import('../features/auth/components/login-screen.tsx'), 'LoginScreen'),
      HydrateFallback: FullPageLoader,
    },
    {
      path: paths.activate,
      lazy: screen(() => import('../features/auth/components/activation-screen.tsx'), 'ActivationScreen'),
      HydrateFallback: FullPageLoader,
    },
    {
      path: paths.passwordReset,
      lazy: screen(() => import('../features/auth/components/password-reset-screen.tsx'), 'PasswordResetScreen'),
      HydrateFallback: FullPageLoader,
    },
    {
      path: paths.unsubscribe,
      lazy: screen(
        () => import('../features/report-subscriptions/components/unsubscribe-screen.tsx'),
        'UnsubscribeScreen',
      ),
      HydrateFallback: FullPageLoader,
    },
    {
      id: 'app',
      path: paths.home,
      Component: AppLayout,
      ErrorBoundary: RouteError,
      HydrateFallback: FullPageLoader,
      loader: appLoader(queryClient),
      // The user is resolved once; the api client keeps the session up to date afterwards.
      shouldRevalidate: () => false,
      children: [
        { index: true, lazy: screen(() => import('./home-screen.tsx'), 'HomeScreen') },
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
      ],
    },
    // Unknown URLs go home.
    { path: '*', element: <Navigate to={paths.home} replace /> },
  ]);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
