import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Order } from '@shop/shared';
import { setLanguage } from '@/lib/i18n';
import { CONFIRM_WAIT_MS } from '../components/payment-return';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

/* Issue 31: the order page says what really happened to the money, and the admin records a refund. */

const cancelledCard = anOrder({
  paymentMethod: 'Card',
  status: 'cancelled',
  cancelledAt: '2026-11-21T11:00:00.000Z',
});
const due: NonNullable<Order['refund']> = {
  status: 'due',
  amount: 169,
  provider: 'konnect',
  reference: '5f9498735289e405fc7c18ac',
  dueAt: '2026-11-21T11:05:00.000Z',
  doneAt: null,
  creditNoteNumber: null,
  creditNoteTtn: null,
};
const owed = { ...cancelledCard, refund: due, refunds: [due] };
const made: NonNullable<Order['refund']> = {
  ...due,
  status: 'done',
  doneAt: '2026-11-23T09:00:00.000Z',
  creditNoteNumber: 'AV-2026-00001',
};
const done = { ...cancelledCard, refund: made, refunds: [made] };
const admin = { ...customer, _id: 'admin-1', isAdmin: true };

const renderOrder = (route = '/order/o1', userInfo = customer) =>
  renderWithProviders(<OrderRoute />, {
    route,
    path: '/order/:id',
    preloadedState: { user: { userInfo } },
  });

describe('OrderRoute: refunds', () => {
  it('back with ?payment=success on a cancelled order: the payment arrived and will be refunded, never "paid"', async () => {
    let reads = 0;
    // The payment is found on the second read (the server asks the provider when it is read).
    mockApi({ 'GET /api/orders/o1': () => ({ body: ++reads < 2 ? cancelledCard : owed }) });
    renderOrder('/order/o1?payment=success');
    expect(
      await screen.findByText(
        /Your payment arrived, but this order had been cancelled/,
        undefined,
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/A refund of 169\.00 TND is due to you/)).toBeInTheDocument();
    expect(screen.getByText('NOT PAID YET')).toBeInTheDocument();
    expect(screen.queryByText('Thank you: your payment was received.')).not.toBeInTheDocument();
    expect(screen.queryByText(/^PAID AT/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Refunded/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument();
  });

  it('the query string alone changes nothing: a cancelled order with no payment says none arrived', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { sent } = mockApi({ 'GET /api/orders/o1': { body: cancelledCard } });
    renderOrder('/order/o1?payment=success');
    expect(
      await screen.findByText('Confirming your payment with the payment service…'),
    ).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRM_WAIT_MS));
    expect(await screen.findByText(/no payment for it has reached us/)).toBeInTheDocument();
    // It asked the server again meanwhile (the server checks the provider when it is read).
    expect(sent.filter((r) => r.path === '/api/orders/o1').length).toBeGreaterThan(2);
    expect(screen.queryByText('Thank you: your payment was received.')).not.toBeInTheDocument();
  });

  it('shows a refund made with its date and credit note; a refund due in French and Arabic too', async () => {
    mockApi({ 'GET /api/orders/o1': { body: done } });
    const first = renderOrder();
    expect(await screen.findByText(/Refunded 169\.00 TND on 2026-11-23/)).toHaveTextContent(
      'Credit note AV-2026-00001',
    );
    expect(screen.queryByText(/is due to you/)).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/orders/o1': { body: owed } });
    renderOrder('/order/o1?payment=success');
    await screen.findByText(/A refund of 169\.00 TND is due to you/);
    await act(() => setLanguage('fr'));
    expect(screen.getByText(/Un remboursement de 169,00 TND vous est dû/)).toBeInTheDocument();
    expect(
      screen.getByText(/Votre paiement est arrivé, mais cette commande avait été annulée/),
    ).toBeInTheDocument();
    await act(() => setLanguage('ar'));
    expect(screen.getByText(/يُستحق لك استرداد مبلغ/)).toBeInTheDocument();
    expect(screen.getByText(/وصلت دفعتك، لكن هذا الطلب كان قد أُلغي/)).toBeInTheDocument();
    await act(() => setLanguage('en'));
  });

  it('the admin records the refund as made, with a note; the page then shows it done', async () => {
    const user = userEvent.setup();
    let current: Order = owed;
    const { sent } = mockApi({
      'GET /api/orders/o1': () => ({ body: current }),
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/refund': () => {
        current = done;
        return { body: done };
      },
    });
    renderOrder('/order/o1', admin);
    // Issue 54: staff read the customer's refund as the customer's, not "due to you".
    expect(await screen.findByText(/^A refund of 169\.00 TND is due to the customer: send it back/)).toBeInTheDocument();
    expect(screen.queryByText(/is due to you/)).not.toBeInTheDocument();
    await user.type(
      await screen.findByLabelText('Note for the records (optional)'),
      'Sent back on Konnect',
    );
    await user.click(screen.getByRole('button', { name: 'Record refund as made' }));
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ note: 'Sent back on Konnect' }),
    );
    expect(await screen.findByText(/Refunded 169\.00 TND on 2026-11-23/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund as made' })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal when no refund is due any more (another admin recorded it)', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/o1': { body: owed },
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/refund': {
        status: 409,
        body: { message: 'No refund is due for this order.', code: 'NO_REFUND_DUE' },
      },
    });
    renderOrder('/order/o1', admin);
    await user.click(await screen.findByRole('button', { name: 'Record refund as made' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No refund is due for this order.');
  });

  it('a customer is offered no refund action', async () => {
    mockApi({ 'GET /api/orders/o1': { body: owed } });
    renderOrder();
    expect(await screen.findByText(/A refund of 169\.00 TND is due to you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record refund as made' })).not.toBeInTheDocument();
  });

  it('the owner’s cancel while a payment page is open is refused with the server’s reason', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    mockApi({
      'GET /api/orders/o1': { body: anOrder({ paymentMethod: 'Card' }) },
      'POST /api/orders/o1/cancel': {
        status: 409,
        body: {
          message: MESSAGES.paymentOpen,
          code: 'PAYMENT_OPEN',
          until: '2026-11-21T10:30:00.000Z',
        },
      },
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.paymentOpen);
    await act(() => setLanguage('fr'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Une page de paiement de cette commande est encore ouverte',
    );
    await act(() => setLanguage('en'));
    expect(screen.getByText('NOT PAID YET')).toBeInTheDocument();
  });
});

/* Issue 49: an order paid twice owes the second payment back; each refund has its own line and credit note. */
describe('OrderRoute: an order paid twice', () => {
  const paidAt = '2026-11-21T10:00:00.000Z';
  const second: NonNullable<Order['refund']> = {
    status: 'due',
    amount: 138,
    provider: 'konnect',
    reference: '9c1f0e2d3b4a596877665544',
    dueAt: '2026-11-21T10:02:00.000Z',
    doneAt: null,
    creditNoteNumber: null,
    creditNoteTtn: null,
  };
  const paidTwice = anOrder({
    paymentMethod: 'Card',
    status: 'paid',
    isPaid: true,
    paidAt,
    totalPrice: 138,
    invoiceNumber: '2026-00012',
    refund: second,
    refunds: [second],
  });

  it('says "received twice" with the amount to be refunded, in English, French and Arabic', async () => {
    mockApi({ 'GET /api/orders/o1': { body: paidTwice } });
    renderOrder();
    expect(await screen.findByText(/^Received twice: 138\.00 TND will be refunded/)).toBeInTheDocument();
    expect(screen.getByText(/^PAID AT/)).toBeInTheDocument();
    await act(() => setLanguage('fr'));
    expect(screen.getByText(/^Reçu deux fois : 138,00 TND vous seront remboursés/)).toBeInTheDocument();
    await act(() => setLanguage('ar'));
    expect(screen.getByText(/^استُلمت الدفعة مرتين: سيُردّ إليك مبلغ/)).toBeInTheDocument();
    await act(() => setLanguage('en'));
  });

  it('then cancelled: two refunds, each recorded by its own button with its reference, each with its credit note', async () => {
    const user = userEvent.setup();
    const cancelledAt = '2026-11-22T09:00:00.000Z';
    const own: NonNullable<Order['refund']> = { ...second, reference: '1a2b3c4d5e6f7a8b9c0d1e2f', dueAt: cancelledAt };
    const both = { ...paidTwice, status: 'cancelled' as const, cancelledAt, refundedAt: cancelledAt, refunds: [second, own] };
    const doneOwn = { ...own, status: 'done' as const, doneAt: '2026-11-23T09:00:00.000Z', creditNoteNumber: 'AV-2026-00007' };
    const doneSecond = { ...second, status: 'done' as const, doneAt: '2026-11-23T09:00:00.000Z', creditNoteNumber: 'AV-2026-00008' };
    let current: Order = both;
    const { sent } = mockApi({
      'GET /api/orders/o1': () => ({ body: current }),
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/refund': () => {
        current = { ...both, refunds: [second, doneOwn] };
        return { body: current };
      },
    });
    const first = renderOrder('/order/o1', admin);
    expect(await screen.findByText(/^Received twice: 138\.00 TND is due back to the customer/)).toBeInTheDocument();
    expect(screen.getByText(/^A refund of 138\.00 TND is due to the customer/)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Record the refund of 138.00 TND as made' });
    expect(buttons).toHaveLength(2);
    await user.click(buttons[1]!);
    await waitFor(() => expect(sent.find((r) => r.method === 'PUT')?.body).toEqual({ reference: own.reference }));
    expect(await screen.findByText(/^Refunded 138\.00 TND on 2026-11-23/)).toHaveTextContent('Credit note AV-2026-00007');
    expect(screen.getByRole('button', { name: 'Record refund as made' })).toBeInTheDocument();

    current = { ...both, refunds: [doneSecond, doneOwn] };
    first.unmount();
    renderOrder('/order/o1', admin);
    expect(await screen.findByText(/^Received twice: the second payment of 138\.00 TND was refunded on 2026-11-23/)).toHaveTextContent(
      'Credit note AV-2026-00008',
    );
    expect(screen.getByRole('button', { name: 'Download credit note AV-2026-00007' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download credit note AV-2026-00008' })).toBeInTheDocument();
  });
});
