import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLeavingShop } from '@/testing/leave-shop';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

// The provider's page is outside the app (jsdom cannot go there): where the app sends the browser.
let leaveShopFor: ReturnType<typeof watchLeavingShop>;
beforeEach(() => {
  leaveShopFor = watchLeavingShop();
});

const PAY_URL = 'https://gateway.konnect.network/pay?payment_ref=5f9498735289e405fc7c18ac';
const cardOrder = anOrder({ paymentMethod: 'Card' });
const paid = {
  ...cardOrder,
  isPaid: true,
  paidAt: '2026-11-21T12:00:00.000Z',
  status: 'paid' as const,
  invoiceNumber: '2026-00001',
  paymentResult: { provider: 'konnect', reference: 'ref', status: 'completed', amount: 169 },
};

const renderOrder = (route = '/order/o1', userInfo = customer) =>
  renderWithProviders(<OrderRoute />, { route, path: '/order/:id', preloadedState: { user: { userInfo } } });

describe('OrderRoute: paying online', () => {
  it('offers "Pay online" for an unpaid Card order and goes to the provider’s page', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/orders/o1': { body: cardOrder },
      'POST /api/orders/o1/payment': { body: { payUrl: PAY_URL } },
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith(PAY_URL));
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/orders/o1/payment']);
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
  });

  it('shows the server’s message when the payment service is down, and stays', async () => {
    const user = userEvent.setup();
    const message = 'The payment service cannot be reached right now. Your order is saved: please try again in a few minutes.';
    mockApi({
      'GET /api/orders/o1': { body: cardOrder },
      'POST /api/orders/o1/payment': { status: 503, body: { message, code: 'SERVICE_UNAVAILABLE' } },
    });
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Pay online' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(leaveShopFor).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Pay online' })).toBeEnabled();
  });

  it('offers no online payment for On place orders, paid orders, or someone else viewing', async () => {
    mockApi({ 'GET /api/orders/o1': { body: anOrder() } });
    const first = renderOrder();
    expect(await screen.findByText('NOT PAID YET')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument();
    first.unmount();

    mockApi({ 'GET /api/orders/o1': { body: paid } });
    const second = renderOrder();
    expect(await screen.findByText('PAID AT 2026-11-21')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument();
    second.unmount();

    mockApi({ 'GET /api/orders/o1': { body: cardOrder } });
    renderOrder('/order/o1', { ...customer, _id: 'admin-1', isAdmin: true });
    expect(await screen.findByText('NOT PAID YET')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument();
  });

  it('offers no online payment when the shop takes none (production without a provider)', async () => {
    mockApi({
      'GET /api/orders/o1': { body: cardOrder },
      'GET /api/payments/options': { body: { methods: ['In Place'], onlineProvider: null } },
    });
    renderOrder();
    expect(await screen.findByText('NOT PAID YET')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument());
  });

  it('back with ?payment=success, asks the server again until the order shows PAID', async () => {
    // The page asks every second: its clock is faked (and still runs as real time does), so the
    // test moves it on instead of waiting.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    mockApi({ 'GET /api/orders/o1': () => ({ body: ++reads < 3 ? cardOrder : paid }) });
    renderOrder('/order/o1?payment=success');
    expect(await screen.findByText('Confirming your payment with the payment service…')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1_000));
    await act(async () => vi.advanceTimersByTime(1_000));
    // Within half a second of real time: a slower poll would need its clock to run on further.
    expect(await screen.findByText('PAID AT 2026-11-21', undefined, { timeout: 500 })).toBeInTheDocument();
    expect(reads).toBe(3);
    expect(screen.getByText('Thank you: your payment was received.')).toBeInTheDocument();
    expect(screen.getByText('Paid online through Konnect, payment reference ref')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay online' })).not.toBeInTheDocument();
    // Paid: no more asking.
    await act(async () => vi.advanceTimersByTime(5_000));
    expect(reads).toBe(3);
  });

  it('back with ?payment=failed, says so and offers Pay again', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/o1': { body: cardOrder },
      'POST /api/orders/o1/payment': { body: { payUrl: PAY_URL } },
    });
    renderOrder('/order/o1?payment=failed');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your payment did not go through, and no money was taken. You can try again with Pay again.',
    );
    await user.click(screen.getByRole('button', { name: 'Pay again' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith(PAY_URL));
  });
});
