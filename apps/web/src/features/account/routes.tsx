import type { RouteObject } from 'react-router';

/** Routes of the account feature, composed by app/router.tsx. Route modules load lazily. */
export const accountRoutes: RouteObject[] = [
  {
    path: 'login',
    lazy: () => import('./routes/login').then((m) => ({ Component: m.LoginRoute })),
  },
  {
    path: 'register',
    lazy: () => import('./routes/register').then((m) => ({ Component: m.RegisterRoute })),
  },
  {
    path: 'forgot',
    lazy: () => import('./routes/forgot').then((m) => ({ Component: m.ForgotRoute })),
  },
  {
    path: 'reset-password',
    lazy: () =>
      import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    path: 'verify/:token',
    lazy: () => import('./routes/verify').then((m) => ({ Component: m.VerifyRoute })),
  },
  {
    path: 'profile',
    lazy: () => import('./routes/profile').then((m) => ({ Component: m.ProfileRoute })),
  },
];
