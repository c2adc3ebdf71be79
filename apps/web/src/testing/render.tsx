import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { makeStore, type RootState } from '@/app/store';

interface Options {
  /** Starting URL. */
  route?: string;
  /** Path pattern the element is mounted at (e.g. '/course/:id'). */
  path?: string;
  /** Extra routes, e.g. redirect targets to assert on. */
  routes?: RouteObject[];
  preloadedState?: Partial<RootState>;
}

/** Renders a screen inside the real store and a memory router. */
export function renderWithProviders(ui: ReactElement, options: Options = {}) {
  const store = makeStore(options.preloadedState);
  const router = createMemoryRouter(
    [{ path: options.path ?? '*', element: ui }, ...(options.routes ?? [])],
    { initialEntries: [options.route ?? '/'] },
  );
  const result = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...result, store, router };
}
