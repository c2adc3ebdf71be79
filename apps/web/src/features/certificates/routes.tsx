import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';

/** Routes of the certificates feature (issue 35), composed by app/router.tsx. */
export const certificateRoutes: RouteObject[] = [
  {
    path: 'certificates/:id',
    lazy: lazyRoute(() => import('./routes/certificate-check'), (m) => m.CertificateCheckRoute),
  },
];
