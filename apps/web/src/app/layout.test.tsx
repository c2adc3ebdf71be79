import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as header from '@/components/layout/header';
import { START_LOADER_MS } from '@/components/layout/start-loader';
import { makeStore } from './store';
import { AppLayout } from './layout';

/** The header as a stub that counts its renders (the shell must not render it again on navigation). */
const headerRenders = vi.fn();
beforeEach(() => {
  headerRenders.mockClear();
  vi.spyOn(header, 'Header').mockImplementation(() => {
    headerRenders();
    return <header>Header</header>;
  });
});

function renderShell() {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: '/', element: <h1>Home page</h1> },
          { path: '/about', element: <h1>About page</h1> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <Provider store={makeStore()}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return router;
}

describe('AppLayout', () => {
  it('shows the start loader for 3000 ms at start only, and scrolls to the top on every route change', async () => {
    vi.useFakeTimers();
    // The copy index.html draws before the script: the app's loader takes its place.
    const served = document.body.appendChild(document.createElement('div'));
    served.id = 'start-loader';
    served.textContent = 'Loading the course shop…';
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = renderShell();
    expect(document.getElementById('start-loader')).toBeNull();
    expect(screen.getAllByText('Loading the course shop…')).toHaveLength(1);
    expect(document.querySelector('.app')).toHaveAttribute('inert');

    act(() => vi.advanceTimersByTime(START_LOADER_MS - 1));
    expect(screen.getByText('Loading the course shop…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Loading the course shop…')).not.toBeInTheDocument();
    expect(document.querySelector('.app')).not.toHaveAttribute('inert');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();

    scrollTo.mockClear();
    await act(() => router.navigate('/about'));
    expect(screen.getByRole('heading', { name: 'About page' })).toBeInTheDocument();
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(screen.queryByText('Loading the course shop…')).not.toBeInTheDocument();
    // The route content sits in the fading wrapper.
    expect(screen.getByRole('heading', { name: 'About page' }).closest('.route-fade')).not.toBeNull();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2024');
  });

  it('does not render the shell again when the start loader goes', () => {
    vi.useFakeTimers();
    renderShell();
    const before = headerRenders.mock.calls.length;
    expect(before).toBeGreaterThan(0);
    act(() => vi.advanceTimersByTime(START_LOADER_MS));
    expect(screen.queryByText('Loading the course shop…')).not.toBeInTheDocument();
    expect(document.querySelector('.app')).not.toHaveAttribute('inert');
    expect(screen.getByRole('heading', { name: 'Home page' })).toBeInTheDocument();
    expect(headerRenders).toHaveBeenCalledTimes(before);
  });
});
