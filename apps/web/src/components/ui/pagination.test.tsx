import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Pagination, visiblePages } from './pagination';

describe('visiblePages', () => {
  it('keeps the first, last, current and neighbouring pages with gaps between', () => {
    expect(visiblePages(1, 1)).toEqual([1]);
    expect(visiblePages(2, 3)).toEqual([1, 2, 3]);
    expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(visiblePages(1, 10)).toEqual([1, 2, null, 10]);
    expect(visiblePages(10, 10)).toEqual([1, null, 9, 10]);
  });
});

describe('Pagination', () => {
  it('links every visible page and marks the current one', () => {
    renderWithProviders(<Pagination label="Orders" page={5} total={200} />, {
      route: '/admin/orderlist?page=5',
    });
    const nav = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(nav).getByText('81–100 of 200')).toBeInTheDocument();
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Previous', '1', '4', '5', '6', '10', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Page 5' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Page 10' })).toHaveAttribute(
      'href',
      '/admin/orderlist?page=10',
    );
  });

  it('disables Previous on the first page and Next on the last', () => {
    renderWithProviders(<Pagination label="Users" page={3} total={41} />, {
      route: '/admin/userlist?page=3',
    });
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(nav).getByText('41–41 of 41')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/admin/userlist?page=2',
    );
  });
});
