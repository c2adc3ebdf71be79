import type { RouteObject } from 'react-router';

/** Routes of the checkout feature, composed by app/router.tsx. Route modules load lazily. */
export const checkoutRoutes: RouteObject[] = [];
