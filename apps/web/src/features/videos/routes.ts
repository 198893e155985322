// Routes of /video, /video/add and /video/:id (spliced into the app router).
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const videoRoutes: RouteObject[] = [
  {
    path: paths.videos,
    handle: { permission: 'list_videoclip' } satisfies RouteHandle,
    lazy: screen(() => import('./components/video-list-screen.tsx'), 'VideoListScreen'),
  },
  {
    path: paths.videoAdd,
    handle: { permission: 'add_videoclip' } satisfies RouteHandle,
    lazy: screen(() => import('./components/video-edit-screen.tsx'), 'VideoEditScreen'),
  },
  {
    path: paths.video,
    handle: { permission: 'view_videoclip' } satisfies RouteHandle,
    lazy: screen(() => import('./components/video-edit-screen.tsx'), 'VideoEditScreen'),
  },
];
