import { Outlet, type RouteObject } from 'react-router';
import { RequireAdmin } from '@/components/guards';
import { lazyRoute } from '@/lib/lazy-route';

/**
 * Routes of the admin feature, composed by app/router.tsx. Each screen is its own lazily loaded
 * chunk: customers never download admin code, and nothing outside this folder imports it.
 * The guard sits on the parent so every admin screen, list or edit, sends non-admins to /login.
 */
export const adminRoutes: RouteObject[] = [
  {
    element: (
      <RequireAdmin>
        <Outlet />
      </RequireAdmin>
    ),
    children: [
      { path: 'admin', lazy: lazyRoute(() => import('./routes/dashboard'), (m) => m.DashboardRoute) },
      { path: 'admin/audit', lazy: lazyRoute(() => import('./routes/audit-list'), (m) => m.AuditListRoute) },
      { path: 'admin/userlist', lazy: lazyRoute(() => import('./routes/user-list'), (m) => m.UserListRoute) },
      { path: 'admin/user/:id/edit', lazy: lazyRoute(() => import('./routes/user-edit'), (m) => m.UserEditRoute) },
      { path: 'admin/courselist', lazy: lazyRoute(() => import('./routes/course-list'), (m) => m.CourseListRoute) },
      { path: 'admin/course/:id/edit', lazy: lazyRoute(() => import('./routes/course-edit'), (m) => m.CourseEditRoute) },
      {
        path: 'admin/session/:id',
        lazy: lazyRoute(() => import('./routes/session-roster'), (m) => m.SessionRosterRoute),
      },
      { path: 'admin/orderlist', lazy: lazyRoute(() => import('./routes/order-list'), (m) => m.OrderListRoute) },
      {
        path: 'admin/certificates',
        lazy: lazyRoute(() => import('./routes/certificate-list'), (m) => m.CertificateListRoute),
      },
      { path: 'admin/coupons', lazy: lazyRoute(() => import('./routes/coupon-list'), (m) => m.CouponListRoute) },
      { path: 'admin/coupons/new', lazy: lazyRoute(() => import('./routes/coupon-edit'), (m) => m.CouponEditRoute) },
      { path: 'admin/coupons/:id/edit', lazy: lazyRoute(() => import('./routes/coupon-edit'), (m) => m.CouponEditRoute) },
      { path: 'admin/messages', lazy: lazyRoute(() => import('./routes/text-message-list'), (m) => m.TextMessageListRoute) },
    ],
  },
];
