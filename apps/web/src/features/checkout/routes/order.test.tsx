import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
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

  it('names each course in the language on screen, as the order kept it (issue 54)', async () => {
    const line = anOrder().orderItems[0]!;
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({ orderItems: [{ ...line, name: 'Tunisian Pastry', nameFr: 'Pâtisserie tunisienne', nameAr: 'الحلويات التونسية' }] }),
      },
    });
    await act(() => setLanguage('fr'));
    const { unmount } = renderOrder();
    expect(await screen.findByRole('link', { name: 'Pâtisserie tunisienne' })).toHaveAttribute('href', '/course/c1');
    expect(screen.queryByText('Tunisian Pastry')).not.toBeInTheDocument();
    unmount();
    await act(() => setLanguage('ar'));
    renderOrder();
    expect(await screen.findByRole('link', { name: 'الحلويات التونسية' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
    expect(await screen.findByRole('link', { name: 'Tunisian Pastry' })).toBeInTheDocument();
  });

  it('shows the reason the centre gave for a cancel (issue 54)', async () => {
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({ status: 'cancelled', cancelledAt: '2026-11-22T09:00:00.000Z', cancelReason: 'The trainer is ill' }),
      },
    });
    renderOrder();
    expect(await screen.findByText(/Cancelled on 2026-11-22/)).toHaveTextContent("The centre's reason: The trainer is ill");
  });

  it('shows the paid and learned dates as their first 10 characters', async () => {
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({
          isPaid: true,
          paidAt: '2026-11-20T08:00:00.000Z',
          isLearned: true,
          learnedAt: '2026-11-21T09:00:00.000Z',
          status: 'learned',
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
        order = { ...order, isPaid: true, paidAt: '2026-11-21T12:00:00.000Z', status: 'paid' };
        return { body: order };
      },
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/learn': {
        status: 409,
        body: { message: 'Order must be paid and not yet learned' },
      },
    });
    renderOrder(true);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
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

  describe('order states', () => {
    afterEach(() => vi.restoreAllMocks());

    it('shows until when the seats are held and lets the customer cancel after confirming', async () => {
      const user = userEvent.setup();
      const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
      let order = anOrder({ holdExpiresAt: new Date(2026, 10, 24, 9, 30).toISOString() });
      const { sent } = mockApi({
        'GET /api/orders/o1': () => ({ body: order }),
        'POST /api/orders/o1/cancel': () => {
          order = { ...order, status: 'cancelled', cancelledAt: '2026-11-22T08:00:00.000Z' };
          return { body: order };
        },
      });
      renderOrder();
      expect(await screen.findByText('Seats held until 2026-11-24 09:30')).toBeInTheDocument();
      expect(screen.getByText('Pending')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download invoice' })).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Cancel order' }));
      expect(confirm).toHaveBeenCalledWith('Cancel this order? Its seats go back on sale.');
      expect(sent.some((r) => r.method === 'POST')).toBe(false);

      await user.click(screen.getByRole('button', { name: 'Cancel order' }));
      expect(await screen.findByText('Cancelled on 2026-11-22')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
      expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/orders/o1/cancel']);
    });

    it("shows the server's refusal of a cancel", async () => {
      const user = userEvent.setup();
      vi.spyOn(window, 'confirm').mockReturnValue(true);
      mockApi({
        'GET /api/orders/o1': { body: anOrder() },
        'POST /api/orders/o1/cancel': {
          status: 409,
          body: { message: 'Cannot cancel this order: it is expired.' },
        },
      });
      renderOrder();
      await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Cannot cancel this order: it is expired.');
    });

    it('offers the invoice of a paid order and no cancel to its customer', async () => {
      const user = userEvent.setup();
      const createObjectURL = vi.fn(() => 'blob:invoice');
      Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const { sent } = mockApi({
        'GET /api/orders/o1': {
          body: anOrder({ status: 'paid', isPaid: true, paidAt: '2026-11-21T10:00:00.000Z', invoiceNumber: '2026-00042' }),
        },
        'GET /api/orders/o1/invoice': { body: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } },
      });
      renderOrder();
      expect(await screen.findByText('2026-00042')).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Download invoice' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(sent.map((r) => r.path)).toContain('/api/orders/o1/invoice');
      expect(createObjectURL).toHaveBeenCalled();
    });

    it('shows the company invoiced, keeps the invoice of a paid order cancelled, and offers the credit note once refunded (issue 31)', async () => {
      const user = userEvent.setup();
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:credit-note'), revokeObjectURL: vi.fn() });
      const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
      const cancelledPaid = {
        status: 'cancelled' as const,
        isPaid: true,
        paidAt: '2026-11-21T10:00:00.000Z',
        cancelledAt: '2026-11-22T10:00:00.000Z',
        invoiceNumber: '2026-00042',
        invoiceTo: { kind: 'company' as const, name: 'Sotudis SARL', taxId: '0001234/B/A/M/000' },
      };
      const refund = (status: 'due' | 'done') => ({
        status,
        amount: 169,
        provider: 'In Place',
        reference: null,
        dueAt: '2026-11-22T10:00:00.000Z',
        doneAt: status === 'done' ? '2026-11-23T10:00:00.000Z' : null,
        creditNoteNumber: status === 'done' ? 'AV-2026-00007' : null,
        creditNoteTtn: null,
      });
      let order = anOrder({ ...cancelledPaid, refund: refund('due'), refunds: [refund('due')] });
      const { sent } = mockApi({
        'GET /api/orders/o1': () => ({ body: order }),
        'GET /api/orders/o1/credit-note': { body: '%PDF-1.3', headers: { 'Content-Type': 'application/pdf' } },
      });
      const first = renderOrder();
      expect(await screen.findByText(/Sotudis SARL/)).toHaveTextContent('Invoice to: Sotudis SARL (Tax ID 0001234/B/A/M/000)');
      // Cancelled after payment: the invoice stays; no credit note while the refund is only due.
      expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Download credit note' })).not.toBeInTheDocument();
      first.unmount();

      order = anOrder({ ...cancelledPaid, refund: refund('done'), refunds: [refund('done')] });
      renderOrder(true);
      await user.click(await screen.findByRole('button', { name: 'Download credit note' }));
      await waitFor(() => expect(click).toHaveBeenCalled());
      expect(sent.map((r) => r.path)).toContain('/api/orders/o1/credit-note');
      expect(document.querySelector('a[download="credit-note-AV-2026-00007.pdf"]')).not.toBeNull();
    });

    it('shows the admin the history and a refund-confirming cancel of a paid order', async () => {
      const user = userEvent.setup();
      const confirm = vi.spyOn(window, 'prompt').mockReturnValue(null);
      mockApi({
        'GET /api/orders/o1': {
          body: anOrder({ status: 'paid', isPaid: true, paidAt: '2026-11-21T10:00:00.000Z', invoiceNumber: '2026-00001' }),
        },
        'GET /api/orders/o1/history': {
          body: [
            {
              at: '2026-11-21T10:00:00.000Z',
              action: 'placed',
              actor: { _id: 'u1', name: 'Amal Ben Salah', role: 'customer' },
              from: null,
              to: 'pending',
            },
            {
              at: '2026-11-21T11:00:00.000Z',
              action: 'paid',
              actor: { _id: 'a1', name: 'Sami', role: 'admin' },
              from: 'pending',
              to: 'paid',
            },
            {
              at: '2026-11-22T09:00:00.000Z',
              action: 'moved',
              actor: { _id: 'a1', name: 'Sami', role: 'admin' },
              from: 'paid',
              to: 'paid',
              moved: { from: '2027-01-12T17:00:00.000Z', to: '2027-02-09T17:00:00.000Z' },
            },
          ],
        },
      });
      renderOrder(true);
      const history = await screen.findByRole('region', { name: 'History' });
      await waitFor(() => expect(history).toHaveTextContent('Placed by Amal Ben Salah (customer)'));
      expect(history).toHaveTextContent('Paid by Sami (admin)');
      // Issue 34: a learner moved to another session.
      expect(history).toHaveTextContent(
        'Moved from the session of 2027-01-12 to that of 2027-02-09 by Sami (admin)',
      );
      await user.click(screen.getByRole('button', { name: 'Cancel order' }));
      expect(confirm).toHaveBeenCalledWith(
        "This order is paid. Cancel it? Its payment is then listed as to be refunded.\n\nReason (optional; shown on the order and in the customer's mail):",
        '',
      );
    });
  });
});
