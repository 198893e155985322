// The application root: one query client, one router, the api client connected to the UI.
import { RouterProvider } from 'react-router';
import { api } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { Providers } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { connectApiClient } from './session.tsx';

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
connectApiClient({ api, router, queryClient });

export function App() {
  return (
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  );
}
