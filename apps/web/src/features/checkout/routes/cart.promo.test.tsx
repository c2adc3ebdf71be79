import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, checkoutState } from '../testing/fixtures';
import { CartRoute } from './cart';

const course = { _id: 'c1', name: 'React from scratch', price: 150, availability: 5, sessions: [] };

function renderCart(couponCode?: string) {
  const state = checkoutState([aCartItem({ price: 150, qty: 1 })], couponCode ? { couponCode } : {});
  return renderWithProviders(<CartRoute />, { route: '/cart', path: '/cart/:id?', preloadedState: state });
}

function summary() {
  const card = screen.getByRole('complementary');
  return Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

const checked = { code: 'RENTREE', itemsPrice: 150, discountPrice: 30, shippingPrice: 0, taxPrice: 18, totalPrice: 138 };

afterEach(async () => {
  await setLanguage('en');
});

describe('the promo code in the cart (issue 54)', () => {
  it('says the discount in the cart’s money and takes it off the total shown', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: course }, 'POST /api/coupons/check': { status: 200, body: checked } });
    renderCart();
    expect(summary()).toMatchObject({ Total: '150.00 Tnd' });
    await user.type(screen.getByLabelText('Promo code'), 'rentree');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Code RENTREE applied: 30.00 Tnd off.')).toBeInTheDocument();
    expect(summary()).toMatchObject({ 'Discount (RENTREE)': '−30.00 Tnd', Total: '120.00 Tnd' });
  });

  it('checks a code kept from before a reload at once, and says so', async () => {
    await setLanguage('fr');
    mockApi({ 'GET /api/courses/c1': { body: course }, 'POST /api/coupons/check': { status: 200, body: checked } });
    renderCart('RENTREE');
    expect(await screen.findByText('Code RENTREE appliqué : 30,00 Tnd de remise.')).toHaveAttribute('role', 'status');
    expect(screen.getByLabelText('Code promo')).toHaveValue('RENTREE');
    expect(summary()).toMatchObject({ 'Remise (RENTREE)': '−30,00 Tnd', Total: '120,00 Tnd' });
  });
});
