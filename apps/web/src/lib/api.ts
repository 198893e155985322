// The app's one api client instance; `app/session.tsx` connects its events to the UI.
import { createApiClient } from './api-client.ts';

export const api = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  version: __APP_VERSION__,
});
