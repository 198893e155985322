// Routes of /product, /product/add and /product/:id (spliced into the app router).
import type { RouteObject } from 'react-router';
import { screen } from '../../app/lazy-screen.ts';
import { paths } from '../../app/paths.ts';
import type { RouteHandle } from '../../app/router.tsx';

export const productRoutes: RouteObject[] = [
  {
    path: paths.products,
    handle: { permission: 'list_product' } satisfies RouteHandle,
    lazy: screen(() => import('./components/product-list-screen.tsx'), 'ProductListScreen'),
  },
  {
    path: paths.productAdd,
    handle: { permission: 'add_product' } satisfies RouteHandle,
    lazy: screen(() => import('./components/product-edit-screen.tsx'), 'ProductEditScreen'),
  },
  {
    path: paths.product,
    handle: { permission: 'view_product' } satisfies RouteHandle,
    lazy: screen(() => import('./components/product-edit-screen.tsx'), 'ProductEditScreen'),
  },
];
