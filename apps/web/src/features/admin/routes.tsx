import type { RouteObject } from 'react-router';

/** Routes of the admin feature, composed by app/router.tsx. Route modules load lazily. */
export const adminRoutes: RouteObject[] = [];
