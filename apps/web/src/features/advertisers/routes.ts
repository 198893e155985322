// Routes of /advertiser, /product and /video (spliced into the app router).
import type { RouteObject } from 'react-router';

export const advertiserRoutes: RouteObject[] = [];
