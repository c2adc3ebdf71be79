import { act, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@shop/shared';
import { setLanguage } from '@/lib/i18n';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { watchLeavingShop } from '@/testing/leave-shop';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, anOrder, checkoutState } from '../testing/fixtures';
import { PlaceOrderRoute } from './place-order';

// The provider's page is outside the app (jsdom cannot go there): where the app sends the browser.
let leaveShopFor: ReturnType<typeof watchLeavingShop>;
beforeEach(() => {
  leaveShopFor = watchLeavingShop();
});

const renderPlaceOrder = (state: ReturnType<typeof checkoutState>) =>
  renderWithProviders(<PlaceOrderRoute />, {
    route: '/placeorder',
    path: '/placeorder',
    preloadedState: state,
    routes: [
      { path: '/order/:id', element: <p>order page</p> },
      { path: '/cart', element: <p>cart page</p> },
      { path: '/shipping', element: <p>shipping page</p> },
    ],
  });

/** The summary as shown: label -> amount. */
function summary() {
  const list = screen.getByRole('complementary', { name: 'Order Summary' });
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

describe('PlaceOrderRoute summary (amounts in $)', () => {
  it('charges 100 shipping under 100 of items', () => {
    renderPlaceOrder(checkoutState([aCartItem({ price: 30, qty: 2 })]));
    expect(summary()).toEqual({
      Items: '$60.00',
      Shipping: '$100.00',
      Tax: '$9.00',
      Total: '$169.00',
    });
  });

  it('still charges shipping at exactly 100', () => {
    renderPlaceOrder(checkoutState([aCartItem({ price: 25, qty: 4 })]));
    expect(summary()).toEqual({
      Items: '$100.00',
      Shipping: '$100.00',
      Tax: '$15.00',
      Total: '$215.00',
    });
  });

  it('ships free over 100, exact to the cent', () => {
    renderPlaceOrder(
      checkoutState([
        aCartItem({ price: 100.01, qty: 1 }),
        aCartItem({ course: 'c2', price: 0.1, qty: 3 }),
      ]),
    );
    expect(summary()).toEqual({
      Items: '$100.31',
      Shipping: '$0.00',
      Tax: '$15.05',
      Total: '$115.36',
    });
  });
});

describe('PlaceOrderRoute', () => {
  it('shows the address, the payment method and each line as qty x price = total', () => {
    renderPlaceOrder(checkoutState([aCartItem({ price: 30, qty: 2 })]));
    expect(screen.getByText('12 Rue de Rome, Tunis 1000, France')).toBeInTheDocument();
    expect(screen.getByText('On place')).toBeInTheDocument();
    expect(screen.getByText('2 x $30.00 = $60.00')).toBeInTheDocument();
  });

  it('sends course ids, quantities and the amounts shown, clears the cart and opens the order', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'POST /api/orders': { status: 201, body: anOrder({ _id: 'o42' }) },
    });
    const { store, router } = renderPlaceOrder(checkoutState([aCartItem({ qty: 2 })]));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o42'));
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(sent[0]!.body).toEqual({
      orderItems: [{ course: 'c1', qty: 2 }],
      shippingAddress: {
        address: '12 Rue de Rome',
        city: 'Tunis',
        postalCode: '1000',
        country: 'France',
      },
      paymentMethod: 'In Place',
      // What the summary showed (the server compares, never prices from them).
      itemsPrice: 60,
      shippingPrice: 100,
      taxPrice: 9,
      totalPrice: 169,
    });
  });

  it('shows the company the invoice is made out to and sends it with the order (issue 31)', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'POST /api/orders': { status: 201, body: anOrder({ _id: 'o43' }) } });
    const invoiceTo = { name: 'Sotudis SARL', taxId: '0001234/B/A/M/000' };
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ qty: 1 })], { invoiceTo }));
    expect(screen.getByText(/Sotudis SARL \(Tax ID/)).toHaveTextContent('Invoice to: Sotudis SARL (Tax ID 0001234/B/A/M/000)');
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o43'));
    expect((sent[0]!.body as { invoiceTo?: unknown }).invoiceTo).toEqual(invoiceTo);
  });

  it('shows the new total after a 409 PRICE_CHANGED, and places the order once the customer confirms it', async () => {
    const user = userEvent.setup();
    const newAmounts = { itemsPrice: 120, shippingPrice: 0, taxPrice: 18, totalPrice: 138 };
    let calls = 0;
    const { sent } = mockApi({
      'POST /api/orders': () =>
        ++calls === 1
          ? {
              status: 409,
              body: {
                message: 'The prices changed since you opened this page. Please check the new total and place your order again.',
                code: 'PRICE_CHANGED',
                amounts: newAmounts,
                orderItems: [{ course: 'c1', name: 'React from scratch', qty: 1, price: 120 }],
              },
            }
          : { status: 201, body: anOrder({ _id: 'o9' }) },
    });
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ price: 186.95, qty: 1 })]));
    expect(summary()).toMatchObject({ Total: '$214.99' });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The prices changed since you opened this page. The new total is $138.00.');
    expect(summary()).toEqual({ Items: '$120.00', Shipping: '$0.00', Tax: '$18.00', Total: '$138.00' });
    expect(router.state.location.pathname).toBe('/placeorder');
    await user.click(screen.getByRole('button', { name: 'Place Order at $138.00' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o9'));
    expect(sent[0]!.body).toMatchObject({ totalPrice: 214.99 });
    expect(sent[1]!.body).toMatchObject(newAmounts);
  });

  it('shows a 409 and retries with the same Idempotency-Key', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const { sent } = mockApi({
      'POST /api/orders': () =>
        ++calls === 1
          ? { status: 409, body: { message: 'Not enough seats left for React from scratch' } }
          : { status: 201, body: anOrder({ _id: 'o7' }) },
    });
    const { router } = renderPlaceOrder(checkoutState([aCartItem()]));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not enough seats left for React from scratch',
    );
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o7'));
    const keys = sent.map((r) => r.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[A-Za-z0-9-]{32,36}$/);
    expect(keys).toEqual([keys[0], keys[0]]);
  });

  it('with Card, goes from the placed order straight to the payment provider’s page', async () => {
    const user = userEvent.setup();
    const payUrl = 'https://gateway.konnect.network/pay?payment_ref=5f9498735289e405fc7c18ac';
    const { sent } = mockApi({
      'POST /api/orders': { status: 201, body: anOrder({ _id: 'o42', paymentMethod: 'Card' }) },
      'POST /api/orders/o42/payment': { body: { payUrl } },
    });
    const { store } = renderPlaceOrder(checkoutState([aCartItem()], { paymentMethod: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(leaveShopFor).toHaveBeenCalledWith(payUrl));
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/orders', 'POST /api/orders/o42/payment']);
    expect(store.getState().cart.cartItems).toEqual([]);
    expect(screen.getByRole('status')).toHaveTextContent('Opening the payment page…');
  });

  it('with Card and the payment service down, opens the placed order (to pay from there)', async () => {
    const user = userEvent.setup();
    leaveShopFor.mockClear();
    mockApi({
      'POST /api/orders': { status: 201, body: anOrder({ _id: 'o43', paymentMethod: 'Card' }) },
      'POST /api/orders/o43/payment': { status: 503, body: { message: 'down', code: 'SERVICE_UNAVAILABLE' } },
    });
    const { router } = renderPlaceOrder(checkoutState([aCartItem()], { paymentMethod: 'Card' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o43'));
    expect(router.state.location.state).toEqual({ placed: true, paymentError: 'down' });
    expect(leaveShopFor).not.toHaveBeenCalled();
  });

  it('explains a 409 TOO_MANY_UNPAID in the customer’s language, with a link to their orders, and keeps the cart', async () => {
    const user = userEvent.setup();
    const refusal = {
      status: 409,
      body: { message: MESSAGES.tooManyUnpaid, code: 'TOO_MANY_UNPAID' },
    };
    mockApi({ 'POST /api/orders': refusal });
    const { store, router } = renderPlaceOrder(checkoutState([aCartItem()]));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.tooManyUnpaid);
    const link = within(alert).getByRole('link', { name: 'See your unpaid orders' });
    expect(link).toHaveAttribute('href', '/profile');
    expect(store.getState().cart.cartItems).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/placeorder');

    for (const [language, text, linkName] of [
      ['fr', 'Vous avez déjà trop de commandes non payées', 'Voir vos commandes non payées'],
      ['ar', 'لديك بالفعل عدد كبير من الطلبات غير المدفوعة', 'عرض طلباتك غير المدفوعة'],
    ] as const) {
      await act(() => setLanguage(language));
      const translated = screen.getByRole('alert');
      expect(translated).toHaveTextContent(text);
      expect(within(translated).getByRole('link', { name: linkName })).toHaveAttribute('href', '/profile');
    }
    await act(() => setLanguage('en'));
  });

  it('sends an empty cart back to /cart and a missing address to /shipping', async () => {
    const first = renderPlaceOrder(checkoutState([]));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/cart'));
    first.unmount();
    const second = renderPlaceOrder(checkoutState([aCartItem()], { shippingAddress: null }));
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/shipping'));
  });
});
