import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';

/** Routes of the checkout feature, composed by app/router.tsx. Route modules load lazily. */
export const checkoutRoutes: RouteObject[] = [
  { path: 'cart/:id?', lazy: lazyRoute(() => import('./routes/cart'), (m) => m.CartRoute) },
  { path: 'shipping', lazy: lazyRoute(() => import('./routes/shipping'), (m) => m.ShippingRoute) },
  { path: 'placeorder', lazy: lazyRoute(() => import('./routes/place-order'), (m) => m.PlaceOrderRoute) },
  { path: 'order/:id', lazy: lazyRoute(() => import('./routes/order'), (m) => m.OrderRoute) },
];
