import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Spinner } from '@/components/ui/spinner';

/** Shell around every route. The storefront issue adds header, footer, start loader and fade. */
export function AppLayout() {
  return (
    <main id="main">
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </main>
  );
}
