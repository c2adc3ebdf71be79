import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { renderWithProviders } from '@/testing/render';
import { CatalogueToolbar } from './catalogue-toolbar';

const view = { page: 3, sort: undefined, from: 0, to: 0 };

function renderToolbar(route = '/courses/?cg=Art&page=3') {
  return renderWithProviders(<CatalogueToolbar view={view} searchPath={paths.search} />, { route, path: '*' });
}

describe('CatalogueToolbar', () => {
  it('opens one panel at a time: opening Search closes Filter and the other way round', async () => {
    renderToolbar();
    const filter = screen.getByRole('button', { name: 'Filter' });
    const search = screen.getByRole('button', { name: 'Search' });
    expect(screen.getByLabelText('Sort by')).not.toBeVisible();

    await userEvent.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Sort by')).toBeVisible();

    await userEvent.click(search);
    expect(search).toHaveAttribute('aria-expanded', 'true');
    expect(filter).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByLabelText('Sort by')).not.toBeVisible();
    expect(screen.getByRole('searchbox')).toBeVisible();

    await userEvent.click(filter);
    expect(search).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await userEvent.click(filter);
    expect(filter).toHaveAttribute('aria-expanded', 'false');
  });

  it('puts the sort in the URL, keeps the category first and goes back to page 1', async () => {
    const { router } = renderToolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'Low to high price');
    expect(router.state.location.search).toBe('?cg=Art&sort=price_asc');
  });

  it('applies the price range with the Filter button; 0 means no bound', async () => {
    const { router } = renderToolbar('/courses');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    const from = screen.getByRole('spinbutton', { name: 'From' });
    const to = screen.getByRole('spinbutton', { name: 'To' });
    expect(from).toHaveValue('0');
    expect(to).toHaveValue('0');
    await userEvent.clear(to);
    await userEvent.type(to, '300');
    await userEvent.tab();
    expect(router.state.location.search).toBe('');
    await userEvent.click(screen.getAllByRole('button', { name: 'Filter' })[1]!);
    expect(router.state.location.search).toBe('?to=300');
  });
});
