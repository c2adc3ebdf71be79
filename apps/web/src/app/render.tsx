// The last step of the start (main.tsx): React DOM and the first render.
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { AppStore } from './store';
import type { createRouter } from './router';
import { AppProvider } from './provider';

/**
 * Renders the shop into `container`. The first render is a transition, which React renders in
 * slices that give the main thread back every few milliseconds: the shell and the first page are
 * not one long task on a phone (it is drawn under the start loader, so nothing waits for it).
 */
export function renderApp(container: HTMLElement, store: AppStore, router: ReturnType<typeof createRouter>): void {
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppProvider store={store}>
          <RouterProvider router={router} />
        </AppProvider>
      </StrictMode>,
    );
  });
}
