// Routes of /location, /location/add, /location/:id and /location/zones (spliced into the app router).
import type { RouteObject } from 'react-router';

export const locationRoutes: RouteObject[] = [];
