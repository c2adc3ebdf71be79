import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { RouteError } from './route-error';

describe('RouteError', () => {
  it('asks for a reload when a route file cannot be loaded any more', async () => {
    renderWithProviders(<span />, {
      route: '/about',
      routes: [
        {
          path: '/about',
          lazy: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/about-x.js')),
          errorElement: <RouteError />,
        },
      ],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('A new version of the shop is available');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeInTheDocument();
  });
});
