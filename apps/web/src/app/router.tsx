import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '@/features/account/routes';
import { adminRoutes } from '@/features/admin/routes';
import { catalogueRoutes } from '@/features/catalogue/routes';
import { checkoutRoutes } from '@/features/checkout/routes';
import { AppLayout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';

/** The route table of SPEC §2, composed from the features. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A route that fails to load (stale chunk after a deploy) or throws shows inside the shell.
        errorElement: <RouteError />,
        children: [
          ...catalogueRoutes,
          ...accountRoutes,
          ...checkoutRoutes,
          ...adminRoutes,
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
