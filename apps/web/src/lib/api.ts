// The app's one api client instance; `app/session.tsx` connects its events to the UI.
import { createApiClient } from './api-client.ts';
import { setDisplayTimeZone } from './display-time-zone.ts';

export const api = createApiClient({
  fetch: (url, init) => window.fetch(url, init),
  version: __APP_VERSION__,
  // Times are shown in the server's configured time zone, which comes with the user.
  onUser: (user) => setDisplayTimeZone(user.time_zone),
});
