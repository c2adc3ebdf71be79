import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAppSelector } from '@/stores/hooks';
import { paths } from '@/config/paths';

/** Screens that need a session send visitors to /login and back afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const userInfo = useAppSelector((s) => s.user.userInfo);
  const location = useLocation();
  if (!userInfo) return <Navigate to={paths.login(location.pathname.slice(1) + location.search)} replace />;
  return children;
}

/** Admin screens redirect everyone else to /login (docs/product.md#who-does-what); the server enforces it too. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const userInfo = useAppSelector((s) => s.user.userInfo);
  if (!userInfo?.isAdmin) return <Navigate to={paths.login()} replace />;
  return children;
}
