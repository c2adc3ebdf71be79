import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';

/** Routes of the account feature, composed by app/router.tsx. Route modules load lazily. */
export const accountRoutes: RouteObject[] = [
  { path: 'login', lazy: lazyRoute(() => import('./routes/login'), (m) => m.LoginRoute) },
  { path: 'register', lazy: lazyRoute(() => import('./routes/register'), (m) => m.RegisterRoute) },
  { path: 'forgot', lazy: lazyRoute(() => import('./routes/forgot'), (m) => m.ForgotRoute) },
  { path: 'reset-password', lazy: lazyRoute(() => import('./routes/reset-password'), (m) => m.ResetPasswordRoute) },
  { path: 'verify/:token', lazy: lazyRoute(() => import('./routes/verify'), (m) => m.VerifyRoute) },
  {
    path: 'confirm-email/:token',
    lazy: lazyRoute(() => import('./routes/confirm-email'), (m) => m.ConfirmEmailRoute),
  },
  {
    path: 'cancel-email/:token',
    lazy: lazyRoute(() => import('./routes/cancel-email'), (m) => m.CancelEmailRoute),
  },
  { path: 'profile', lazy: lazyRoute(() => import('./routes/profile'), (m) => m.ProfileRoute) },
];
