import { createBrowserRouter, type RouteObject } from 'react-router';
import { accountRoutes } from '@/features/account/routes';
import { adminRoutes } from '@/features/admin/routes';
import { catalogueRoutes } from '@/features/catalogue/routes';
import { certificateRoutes } from '@/features/certificates/routes';
import { checkoutRoutes } from '@/features/checkout/routes';
import { Spinner } from '@/components/ui/spinner';
import { AppLayout } from './layout';
import { NotFound } from './not-found';
import { RouteError } from './route-error';
import { ShortLink } from './short-link';

/** The route table (docs/product.md#screens), composed from the features. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      {
        // A route that fails to load (stale chunk after a deploy) or throws shows inside the shell.
        errorElement: <RouteError />,
        // The first page's route file still loading at the first render: the shell with a
        // spinner where the page goes (as for later pages, AppLayout's Suspense).
        HydrateFallback: Spinner,
        children: [
          ...catalogueRoutes,
          ...accountRoutes,
          ...checkoutRoutes,
          ...adminRoutes,
          ...certificateRoutes,
          // The short links of text messages (issue 53).
          { path: 'o/:code', element: <ShortLink to="order" /> },
          { path: 'c/:code', element: <ShortLink to="course" /> },
          { path: '*', element: <NotFound /> },
        ],
      },
    ],
  },
];

export const createRouter = () => createBrowserRouter(routes);
