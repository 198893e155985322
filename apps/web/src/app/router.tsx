// Routes (spec §2). `app` resolves the current user; an unauthenticated visit goes to /login with
// the requested URL in `next`. Screens are lazy chunks; each may name the permission it needs. The
// signed-in shell and the routes of its screens (screen-routes.ts) are chunks too, so the sign-in
// page loads neither.
import type { QueryClient } from '@tanstack/react-query';
import {
  createBrowserRouter,
  Navigate,
  redirect,
  type LoaderFunctionArgs,
  type PatchRoutesOnNavigationFunction,
} from 'react-router';
import { userInfoQueryOptions } from '../lib/user-info-query.ts';
import { api } from '../lib/api.ts';
import { isApiError } from '../lib/api-client.ts';
import { FullPageLoader, RouteError } from './layout/route-states.tsx';
import { screen } from './lazy-screen.ts';
import { loginPath, paths } from './paths.ts';

export type RouteHandle = {
  /** The permission codename the screen needs (or several, all needed); without it the user is sent home. */
  permission?: string | readonly string[];
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

const APP_ROUTE = 'app';

const loadScreenRoutes = () => import('./screen-routes.ts');

/**
 * Adds the screens' routes below `app` the first time a path needs them. The router asks whenever
 * it matched nothing better than a splat or a dynamic segment (an unknown URL still goes home once
 * they are added), before it loads or renders anything, on the first page load too; the public
 * pages' own matches (an activation link) do not load them.
 */
function patchScreenRoutes(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ matches, patch }) => {
    if (added || !matches.some((match) => match.route.id === APP_ROUTE)) return;
    const { screenRoutes } = await loadScreenRoutes();
    if (added) return;
    patch(APP_ROUTE, screenRoutes);
    added = true;
  };
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(
    [
      {
        path: paths.login,
        lazy: screen(() => import('../features/auth/components/login-screen.tsx'), 'LoginScreen'),
        HydrateFallback: FullPageLoader,
        ErrorBoundary: RouteError,
      },
      {
        path: paths.activate,
        lazy: screen(() => import('../features/auth/components/activation-screen.tsx'), 'ActivationScreen'),
        HydrateFallback: FullPageLoader,
        ErrorBoundary: RouteError,
      },
      {
        path: paths.passwordReset,
        lazy: screen(() => import('../features/auth/components/password-reset-screen.tsx'), 'PasswordResetScreen'),
        HydrateFallback: FullPageLoader,
        ErrorBoundary: RouteError,
      },
      {
        path: paths.unsubscribe,
        lazy: screen(
          () => import('../features/report-subscriptions/components/unsubscribe-screen.tsx'),
          'UnsubscribeScreen',
        ),
        HydrateFallback: FullPageLoader,
        ErrorBoundary: RouteError,
      },
      {
        id: APP_ROUTE,
        path: paths.home,
        // The shell loads beside the user-info request (the HydrateFallback meanwhile, or the login
        // screen stays up), and the screens' routes with it, for the first click on the menu.
        lazy: {
          Component: async () => {
            // Only a head start: if it fails, patchScreenRoutes tries again and shows the error.
            loadScreenRoutes().catch(() => undefined);
            return (await import('./layout/app-layout.tsx')).AppLayout;
          },
        },
        ErrorBoundary: RouteError,
        HydrateFallback: FullPageLoader,
        loader: appLoader(queryClient),
        // The user is resolved once; the api client keeps the session up to date afterwards.
        shouldRevalidate: () => false,
        // Home only: `/` matches without the others (patchScreenRoutes).
        children: [{ index: true, lazy: screen(() => import('./home-screen.tsx'), 'HomeScreen') }],
      },
      // Unknown URLs go home.
      { path: '*', element: <Navigate to={paths.home} replace /> },
    ],
    { patchRoutesOnNavigation: patchScreenRoutes() },
  );
}

export type AppRouter = ReturnType<typeof createAppRouter>;
