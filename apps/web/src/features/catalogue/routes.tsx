import type { RouteObject } from 'react-router';

/** Routes of the catalogue feature, composed by app/router.tsx. Route modules load lazily. */
export const catalogueRoutes: RouteObject[] = [];
