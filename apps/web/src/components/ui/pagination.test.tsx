import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
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

describe('Pagination with a range (admin lists)', () => {
  it('links every visible page and marks the current one', () => {
    renderWithProviders(
      <Pagination
        label={i18n.t('admin.pagination.label', { what: 'Orders' })}
        page={5}
        total={200}
        pageSize={20}
        range={(from, to, total) => i18n.t('admin.pagination.range', { from, to, total })}
        compact
      />,
      { route: '/admin/orderlist?page=5' },
    );
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
    renderWithProviders(
      <Pagination
        label={i18n.t('admin.pagination.label', { what: 'Users' })}
        page={3}
        total={41}
        pageSize={20}
        range={(from, to, total) => i18n.t('admin.pagination.range', { from, to, total })}
        compact
      />,
      { route: '/admin/userlist?page=3' },
    );
    const nav = screen.getByRole('navigation', { name: 'Users pages' });
    expect(within(nav).getByText('41–41 of 41')).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
    expect(within(nav).getByText('Next')).toHaveAttribute('aria-disabled', 'true');
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/admin/userlist?page=2',
    );
  });

  it('shows the range without links when every row fits one page', () => {
    renderWithProviders(
      <Pagination
        label={i18n.t('admin.pagination.label', { what: 'Courses' })}
        page={1}
        total={7}
        pageSize={20}
        range={(from, to, total) => i18n.t('admin.pagination.range', { from, to, total })}
        compact
      />,
      { route: '/admin/courselist?sort=name' },
    );
    const nav = screen.getByRole('navigation', { name: 'Courses pages' });
    expect(within(nav).getByText('1–7 of 7')).toBeInTheDocument();
    expect(within(nav).queryAllByRole('link')).toHaveLength(0);
  });

  it('links only ?page, whatever else the URL holds', () => {
    renderWithProviders(
      <Pagination
        label={i18n.t('admin.pagination.label', { what: 'Orders' })}
        page={2}
        total={60}
        pageSize={20}
        range={(from, to, total) => i18n.t('admin.pagination.range', { from, to, total })}
        compact
      />,
      { route: '/admin/orderlist?page=2&sort=name' },
    );
    const nav = screen.getByRole('navigation', { name: 'Orders pages' });
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/admin/orderlist?page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Page 1' })).toHaveAttribute(
      'href',
      '/admin/orderlist',
    );
  });
});

describe('Pagination without a range (catalogue)', () => {
  it('renders nothing when every course fits one page', () => {
    renderWithProviders(
      <Pagination
        label={i18n.t('common.pagination.label')}
        page={1}
        total={24}
        pageSize={24}
        keepOtherParams
      />,
      { route: '/courses' },
    );
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('keeps the other search params in every link and drops ?page for page 1', () => {
    renderWithProviders(
      <Pagination
        label={i18n.t('common.pagination.label')}
        page={2}
        total={100}
        pageSize={24}
        keepOtherParams
      />,
      { route: '/courses/?cg=Programming&page=2' },
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Previous', '1', '2', '3', '5', 'Next']);
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/courses/?cg=Programming&page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/courses/?cg=Programming',
    );
    expect(within(nav).queryByText(/ of /)).not.toBeInTheDocument();
  });
});
