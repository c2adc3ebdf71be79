import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

const renderOrder = (isAdmin = false) =>
  renderWithProviders(<OrderRoute />, {
    route: '/order/o1',
    path: '/order/:id',
    preloadedState: { user: { userInfo: { ...customer, isAdmin } } },
  });

describe('OrderRoute', () => {
  it("shows the server's amounts, the customer and both pending statuses", async () => {
    // Amounts deliberately unlike what the client would compute: the page must show the server's.
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({ itemsPrice: 60, shippingPrice: 100, taxPrice: 9, totalPrice: 169.01 }),
      },
    });
    renderOrder();
    expect(await screen.findByText('NOT PAID YET')).toBeInTheDocument();
    expect(screen.getByText('NOT Learned YET')).toBeInTheDocument();
    expect(screen.getByText('Amal Ben Salah')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'amal@example.com' })).toBeInTheDocument();
    expect(screen.getByText('$169.01')).toBeInTheDocument();
    expect(screen.getByText('2 x $30.00 = $60.00')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark as Paid' })).not.toBeInTheDocument();
  });

  it('shows the paid and learned dates as their first 10 characters', async () => {
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({
          isPaid: true,
          paidAt: '2026-11-20T08:00:00.000Z',
          isLearned: true,
          learnedAt: '2026-11-21T09:00:00.000Z',
        }),
      },
    });
    renderOrder();
    expect(await screen.findByText('PAID AT 2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('learned at 2026-11-21')).toBeInTheDocument();
  });

  it('lets an admin mark an unpaid order as paid, then learned', async () => {
    const user = userEvent.setup();
    let order = anOrder();
    const { sent } = mockApi({
      'GET /api/orders/o1': () => ({ body: order }),
      'PUT /api/orders/o1/pay': () => {
        order = { ...order, isPaid: true, paidAt: '2026-11-21T12:00:00.000Z' };
        return { body: order };
      },
      'PUT /api/orders/o1/learn': {
        status: 409,
        body: { message: 'Order must be paid and not yet learned' },
      },
    });
    renderOrder(true);
    await user.click(await screen.findByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('PAID AT 2026-11-21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'LEARNED' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Order must be paid and not yet learned',
    );
    await waitFor(() =>
      expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('PUT /api/orders/o1/learn'),
    );
  });

  it('shows the server message for an order it cannot show', async () => {
    mockApi({ 'GET /api/orders/o1': { status: 404, body: { message: 'Order not found' } } });
    renderOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
  });
});
