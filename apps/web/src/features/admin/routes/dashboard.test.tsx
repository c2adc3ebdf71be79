import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RefundDue, Stats } from '@shop/shared';
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
  upcomingSessions: [
    {
      _id: 's1',
      course: 'c1',
      name: 'Python for teens',
      startsAt: '2027-01-12T17:00:00.000Z',
      endsAt: '2027-03-20T19:00:00.000Z',
      place: 'Tunis, Lac 2',
      capacity: 12,
      taken: 9,
      fillRate: 0.75,
    },
  ],
};

const renderDashboard = (route = '/admin') =>
  renderWithProviders(<DashboardRoute />, { route, path: '/admin', preloadedState: signedInAdmin });

describe('DashboardRoute', () => {
  it('lists the upcoming sessions with their fill rate, each linked to its course (issue 33)', async () => {
    mockApi({ 'GET /api/admin/stats': { body: stats } });
    renderDashboard();
    const table = await screen.findByRole('table', { name: 'Upcoming sessions' });
    const row = within(table).getByRole('row', { name: /Python for teens/ });
    expect(row).toHaveTextContent(/12 Jan\s–\s20 Mar 2027/);
    expect(row).toHaveTextContent('Tunis, Lac 2');
    expect(row).toHaveTextContent('9 / 12');
    expect(row).toHaveTextContent('75%');
    expect(within(row).getByRole('link', { name: 'Python for teens' })).toHaveAttribute(
      'href',
      '/admin/course/c1/edit',
    );
  });

  it('says when no session is ahead (issue 33)', async () => {
    mockApi({ 'GET /api/admin/stats': { body: { ...stats, upcomingSessions: [] } } });
    renderDashboard();
    expect(await screen.findByText('No upcoming sessions.')).toBeInTheDocument();
  });

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
    const holds = screen.getByRole('table', { name: /^Unpaid On place and Transfer orders/ });
    expect(within(holds).getByText('Leila Mansour')).toBeInTheDocument();
    expect(within(holds).getByText('$111.50')).toBeInTheDocument();
  });

  it('lists the payments to refund, oldest first, with amount, provider, reference and the order', async () => {
    const refunds: RefundDue[] = [
      {
        _id: 'o7',
        user: { _id: 'u2', name: 'Karim Trabelsi', email: 'karim@example.tn' },
        status: 'cancelled',
        amount: 214.99,
        provider: 'konnect',
        reference: '5f9498735289e405fc7c18ac',
        dueAt: '2026-04-02T09:30:00.000Z',
      },
      {
        _id: 'o8',
        user: { _id: 'u3', name: 'Amel Gharbi', email: 'amel@example.tn' },
        status: 'cancelled',
        amount: 169,
        provider: 'In Place',
        reference: null,
        dueAt: '2026-04-03T09:30:00.000Z',
      },
    ];
    const { sent } = mockApi({
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/refunds': { body: refunds, headers: { 'X-Total-Count': '60' } },
    });
    renderDashboard();
    const panel = await screen.findByRole('region', { name: 'Payments to refund' });
    const table = await within(panel).findByRole('table', {
      name: /Money to send back to customers/,
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Karim Trabelsi');
    expect(rows[0]).toHaveTextContent('$214.99');
    expect(rows[0]).toHaveTextContent('konnect');
    expect(rows[0]).toHaveTextContent('5f9498735289e405fc7c18ac');
    expect(within(rows[0]!).getByRole('link', { name: /o7/ })).toHaveAttribute('href', '/order/o7');
    expect(rows[1]).toHaveTextContent('In Place');
    expect(within(panel).getByText('The 2 oldest of 60 are shown.')).toBeInTheDocument();
    expect(Object.fromEntries(sent.find((r) => r.path === '/api/admin/refunds')!.search)).toEqual({
      limit: '50',
    });
  });

  it('says when there is no payment to refund', async () => {
    mockApi({ 'GET /api/admin/stats': { body: stats }, 'GET /api/admin/refunds': { body: [] } });
    renderDashboard();
    expect(await screen.findByText('No payment to refund.')).toBeInTheDocument();
  });

  it('asks for the period in the URL and changes it from the form', async () => {
    const { sent } = mockApi({ 'GET /api/admin/stats': { body: stats } });
    // (The payments to refund are asked for beside, whatever the period.)
    const statsCalls = () => sent.filter((r) => r.path === '/api/admin/stats');
    renderDashboard('/admin?from=2026-04-01&to=2026-04-03');
    await screen.findByText('Total: 862.50 TND');
    expect(Object.fromEntries(statsCalls()[0]!.search)).toEqual({
      from: '2026-04-01',
      to: '2026-04-03',
    });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Revenue by' }), 'Week');
    expect(Object.fromEntries(statsCalls().at(-1)!.search)).toEqual({
      from: '2026-04-01',
      to: '2026-04-03',
      interval: 'week',
    });
  });

  it('fills From and To with the period shown when the URL names none (issue 54)', async () => {
    const { sent } = mockApi({ 'GET /api/admin/stats': { body: stats } });
    renderDashboard('/admin');
    await screen.findByText('Total: 862.50 TND');
    expect(screen.getByLabelText('From')).toHaveValue('2026-04-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-04-03');
    // Only the server's default was asked for: the fields show it, they do not change the question.
    expect(Object.fromEntries(sent.find((r) => r.path === '/api/admin/stats')!.search)).toEqual({});
  });

  it('says there is no order instead of drawing empty axes, and gives the people and sessions the whole width (issue 54)', async () => {
    mockApi({
      'GET /api/admin/stats': {
        body: { ...stats, ordersByStatus: [{ status: 'paid', orders: 0 }, { status: 'pending', orders: 0 }] },
      },
    });
    renderDashboard();
    const byStatus = await screen.findByRole('region', { name: 'Orders by state' });
    expect(within(byStatus).getByText('No order in this period.')).toBeInTheDocument();
    const holds = screen.getByRole('region', { name: /^To call or check/ });
    expect(holds).toHaveClass('dashboard__panel--wide');
    expect(screen.getByRole('heading', { name: 'Upcoming sessions', level: 2 }).closest('section')).toHaveClass('dashboard__panel--wide');
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
