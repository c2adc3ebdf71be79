import type { RouteObject } from 'react-router';

/** Routes of the checkout feature, composed by app/router.tsx. Route modules load lazily. */
export const checkoutRoutes: RouteObject[] = [
  {
    path: 'cart/:id?',
    lazy: () => import('./routes/cart').then((m) => ({ Component: m.CartRoute })),
  },
  {
    path: 'shipping',
    lazy: () => import('./routes/shipping').then((m) => ({ Component: m.ShippingRoute })),
  },
  {
    path: 'placeorder',
    lazy: () => import('./routes/place-order').then((m) => ({ Component: m.PlaceOrderRoute })),
  },
  {
    path: 'order/:id',
    lazy: () => import('./routes/order').then((m) => ({ Component: m.OrderRoute })),
  },
];
