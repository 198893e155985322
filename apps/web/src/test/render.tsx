// Renders a component inside the app's providers and a memory router, for component tests.
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { theme } from '../app/theme.ts';
import { createQueryClient } from '../lib/query-client.ts';

type Options = {
  route?: string;
  /** More routes beside the one that renders `ui` at every other path. */
  routes?: RouteObject[];
  advanceTimers?: (ms: number) => void;
};

export function renderWithProviders(ui: ReactNode, { route = '/', routes = [], advanceTimers }: Options = {}) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter([...routes, { path: '*', element: ui }], { initialEntries: [route] });
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider>
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, queryClient, user: userEvent.setup(advanceTimers ? { advanceTimers } : {}) };
}
