import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { watchLeavingShop } from '@/testing/leave-shop';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, anOrder, checkoutState } from '../testing/fixtures';
import { PlaceOrderRoute } from './place-order';

// The provider's page is outside the app (jsdom cannot go there): where the app sends the browser.
beforeEach(() => {
  watchLeavingShop();
});

const renderPlaceOrder = (state: ReturnType<typeof checkoutState>) =>
  renderWithProviders(<PlaceOrderRoute />, {
    route: '/placeorder',
    path: '/placeorder',
    preloadedState: state,
    routes: [{ path: '/order/:id', element: <p>order page</p> }],
  });

function summary() {
  const list = screen.getByRole('complementary', { name: /Order Summary|Récapitulatif/ });
  return Object.fromEntries(
    within(list)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const checked = {
  code: 'RENTREE',
  itemsPrice: 150,
  discountPrice: 30,
  shippingPrice: 0,
  taxPrice: 18,
  totalPrice: 138,
};

describe('the promo code at checkout (issue 37)', () => {
  it('checks the code at once, shows the discount on its own line and places the order with it', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'POST /api/coupons/check': { status: 200, body: checked },
      'POST /api/orders': { status: 201, body: anOrder({ _id: 'o7', couponCode: 'RENTREE', discountPrice: 30 }) },
    });
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ price: 150, qty: 1 })]));
    await user.type(screen.getByLabelText('Promo code'), 'rentree');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code RENTREE applied: $30.00 off.')).toBeInTheDocument();
    expect(summary()).toEqual({
      Items: '$150.00',
      'Discount (RENTREE)': '−$30.00',
      Shipping: '$0.00',
      Tax: '$18.00',
      Total: '$138.00',
    });
    const check = sent.find((r) => r.path === '/api/coupons/check');
    expect(check?.body).toEqual({ code: 'rentree', orderItems: [{ course: 'c1', qty: 1 }] });

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o7'));
    expect(sent.find((r) => r.path === '/api/orders')?.body).toMatchObject({
      couponCode: 'RENTREE',
      itemsPrice: 150,
      shippingPrice: 0,
      taxPrice: 18,
      totalPrice: 138,
    });
  });

  it('says why a code is refused, in the customer’s language, and never places the order at full price with it', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'POST /api/coupons/check': {
        status: 400,
        body: { message: 'This promo code is not valid today.', code: 'COUPON_EXPIRED' },
      },
      'POST /api/orders': (request) =>
        (request.body as { couponCode?: string }).couponCode
          ? { status: 400, body: { message: 'This promo code is not valid today.', code: 'COUPON_EXPIRED' } }
          : { status: 201, body: anOrder({ _id: 'o8' }) },
    });
    const { router } = renderPlaceOrder(checkoutState([aCartItem({ price: 30, qty: 2 })]));
    await user.type(screen.getByLabelText('Promo code'), 'OLD');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('This promo code is not valid today.')).toBeInTheDocument();
    expect(summary()['Total']).toBe('$169.00');
    await act(() => setLanguage('fr'));
    expect(screen.getByText("Ce code promo n'est pas valable aujourd'hui.")).toBeInTheDocument();
    await act(() => setLanguage('ar'));
    expect(screen.getByText('رمز الخصم هذا غير صالح اليوم.')).toBeInTheDocument();
    await act(() => setLanguage('en'));

    // Placing with the refused code is refused too; removing the code places it at full price.
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(sent.filter((r) => r.path === '/api/orders')).toHaveLength(1));
    expect(sent.find((r) => r.path === '/api/orders')?.body).toMatchObject({ couponCode: 'OLD' });
    expect(router.state.location.pathname).toBe('/placeorder');
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o8'));
    expect(sent.filter((r) => r.path === '/api/orders').at(-1)?.body).not.toHaveProperty('couponCode');
  });
});
