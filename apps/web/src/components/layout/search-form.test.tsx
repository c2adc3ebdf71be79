import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { SearchForm } from './search-form';

describe('header search', () => {
  it('does nothing when the keyword is blank', async () => {
    const { router } = renderWithProviders(<SearchForm className="header-search" placeholder="Search here ..." />, {
      route: '/about',
    });
    await userEvent.type(screen.getByPlaceholderText('Search here ...'), '   {Enter}');
    expect(router.state.location.pathname).toBe('/about');
  });

  it('opens /search/{keyword} on Enter and clears the box', async () => {
    const { router } = renderWithProviders(<SearchForm className="header-search" placeholder="Search here ..." />, {
      route: '/about',
    });
    const box = screen.getByPlaceholderText('Search here ...');
    await userEvent.type(box, '  web design {Enter}');
    expect(router.state.location.pathname).toBe('/search/web%20design');
    expect(box).toHaveValue('');
  });
});
