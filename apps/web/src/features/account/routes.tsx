import type { RouteObject } from 'react-router';

/** Routes of the account feature, composed by app/router.tsx. Route modules load lazily. */
export const accountRoutes: RouteObject[] = [];
