import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Stats } from '@shop/shared';
import { renderWithProviders } from '@/testing/render';
import { mockApi } from '@/testing/mock-api';
import { signedInAdmin } from '../testing/fixtures';
import { DashboardRoute } from './dashboard';

const stats: Stats = {
  from: '2026-04-01',
  to: '2026-04-03',
  interval: 'day',
  revenue: [
    { period: '2026-04-01', revenue: 460, orders: 1 },
    { period: '2026-04-02', revenue: 0, orders: 0 },
    { period: '2026-04-03', revenue: 402.5, orders: 1 },
  ],
  revenueTotal: 862.5,
  ordersByStatus: [
    { status: 'paid', orders: 2 },
    { status: 'pending', orders: 1 },
  ],
  seats: [{ course: 'c1', name: 'Python for teens', sold: 5, left: 15 }],
  topCourses: [{ course: 'c1', name: 'Python for teens', revenue: 500, seats: 5 }],
  holdsEnding: [
    {
      _id: 'o9',
      user: { _id: 'u1', name: 'Leila Mansour', email: 'leila@example.tn' },
      totalPrice: 111.5,
      holdExpiresAt: '2026-04-03T10:00:00.000Z',
    },
  ],
};

const renderDashboard = (route = '/admin') =>
  renderWithProviders(<DashboardRoute />, { route, path: '/admin', preloadedState: signedInAdmin });

describe('DashboardRoute', () => {
  it('shows the period’s figures, also as tables for screen readers', async () => {
    mockApi({ 'GET /api/admin/stats': { body: stats } });
    renderDashboard();
    expect(await screen.findByText('Total: 862.50 TND')).toBeInTheDocument();
    const revenue = screen.getByRole('table', { name: 'Revenue paid per period' });
    expect(
      within(revenue)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2026-04-01460.001', '2026-04-020.000', '2026-04-03402.501']);
    const byStatus = screen.getByRole('table', { name: 'Orders placed in the period, by state' });
    expect(within(byStatus).getByRole('rowheader', { name: 'Paid' }).nextSibling?.textContent).toBe(
      '2',
    );
    const seats = screen.getByRole('table', { name: /Seats sold in the period/ });
    expect(within(seats).getByRole('row', { name: /Python for teens/ })).toHaveTextContent(
      'Python for teens515',
    );
    const top = screen.getByRole('table', { name: 'Courses by revenue in the period' });
    expect(within(top).getByRole('link', { name: 'Python for teens' })).toHaveAttribute(
      'href',
      '/course/c1',
    );
    const holds = screen.getByRole('table', { name: /Unpaid on-place orders/ });
    expect(within(holds).getByText('Leila Mansour')).toBeInTheDocument();
    expect(within(holds).getByText('$111.50')).toBeInTheDocument();
  });

  it('asks for the period in the URL and changes it from the form', async () => {
    const { sent } = mockApi({ 'GET /api/admin/stats': { body: stats } });
    renderDashboard('/admin?from=2026-04-01&to=2026-04-03');
    await screen.findByText('Total: 862.50 TND');
    expect(Object.fromEntries(sent[0]!.search)).toEqual({ from: '2026-04-01', to: '2026-04-03' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Revenue by' }), 'Week');
    expect(Object.fromEntries(sent.at(-1)!.search)).toEqual({
      from: '2026-04-01',
      to: '2026-04-03',
      interval: 'week',
    });
  });

  it('says so when the figures cannot be read', async () => {
    mockApi({
      'GET /api/admin/stats': {
        status: 400,
        body: { message: 'A period over 366 days is shown by week or month' },
      },
    });
    renderDashboard('/admin?from=2020-01-01');
    expect(
      await screen.findByText('Reason: A period over 366 days is shown by week or month'),
    ).toBeInTheDocument();
  });
});
