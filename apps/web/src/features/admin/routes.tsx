import { Outlet, type RouteObject } from 'react-router';
import { RequireAdmin } from '@/components/guards';

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
      {
        path: 'admin/userlist',
        lazy: () => import('./routes/user-list').then((m) => ({ Component: m.UserListRoute })),
      },
      {
        path: 'admin/user/:id/edit',
        lazy: () => import('./routes/user-edit').then((m) => ({ Component: m.UserEditRoute })),
      },
      {
        path: 'admin/courselist',
        lazy: () => import('./routes/course-list').then((m) => ({ Component: m.CourseListRoute })),
      },
      {
        path: 'admin/course/:id/edit',
        lazy: () => import('./routes/course-edit').then((m) => ({ Component: m.CourseEditRoute })),
      },
      {
        path: 'admin/orderlist',
        lazy: () => import('./routes/order-list').then((m) => ({ Component: m.OrderListRoute })),
      },
    ],
  },
];
