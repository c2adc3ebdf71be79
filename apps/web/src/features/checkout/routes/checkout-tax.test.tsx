import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, checkoutState } from '../testing/fixtures';
import { CartRoute } from './cart';
import { ShippingRoute } from './shipping';

/**
 * Issue 52: a Tunisian shop (TAX_RATE=19, STAMP_DUTY=1) and two courses at two rates; the cart
 * and shipping screens say what place-order will charge.
 */
const lines = [
  aCartItem({ course: 'c1', name: 'Cuisine', price: 100, qty: 1, taxRate: 7 }),
  aCartItem({ course: 'c2', name: 'Python', price: 50, qty: 2 }),
];
const tunisia = { 'GET /api/shop/pricing': { body: { taxRate: 19, stampDuty: 1 } } };
const courses = {
  'GET /api/courses/c1': { body: { _id: 'c1', name: 'Cuisine', price: 100, availability: 5, sessions: [] } },
  'GET /api/courses/c2': { body: { _id: 'c2', name: 'Python', price: 50, availability: 5, sessions: [] } },
};

function summary() {
  const card = screen.getByRole('complementary');
  return Object.fromEntries(
    within(card)
      .getAllByRole('term')
      .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
  );
}

afterEach(async () => {
  await setLanguage('en');
});

describe('stamp duty and tax rates before place-order (issue 52)', () => {
  it('the cart adds the stamp duty to its total; taxes still come at checkout', async () => {
    mockApi({ ...tunisia, ...courses });
    renderWithProviders(<CartRoute />, { route: '/cart', path: '/cart/:id?', preloadedState: checkoutState(lines) });
    await waitFor(() => expect(summary()).toMatchObject({ 'Stamp duty': '1.00 Tnd', Total: '201.00 Tnd' }));
    expect(summary()).toMatchObject({ Taxes: 'calculated at checkout' });
  });

  it('the cart shows no stamp duty row when the shop has none', async () => {
    mockApi({ ...courses });
    renderWithProviders(<CartRoute />, { route: '/cart', path: '/cart/:id?', preloadedState: checkoutState(lines) });
    await waitFor(() => expect(summary()).toMatchObject({ Total: '200.00 Tnd' }));
    expect(summary()).not.toHaveProperty('Stamp duty');
  });

  it('the shipping step shows a row per rate, the stamp duty and the total place-order charges', async () => {
    mockApi({ ...tunisia });
    renderWithProviders(<ShippingRoute />, {
      route: '/shipping',
      path: '/shipping',
      preloadedState: checkoutState(lines, { shippingAddress: null, paymentMethod: null }),
    });
    await waitFor(() => expect(summary()).toHaveProperty('Stamp duty'));
    expect(summary()).toEqual({
      Items: '$200.00',
      Shipping: '$0.00',
      'Tax 7 %': '$7.00',
      'Tax 19 %': '$19.00',
      'Stamp duty': '$1.00',
      Total: '$227.00',
    });
  });

  it('says it in French and Arabic', async () => {
    for (const [language, stamp] of [
      ['fr', 'Droit de timbre'],
      ['ar', 'معلوم الطابع الجبائي'],
    ] as const) {
      await setLanguage(language);
      mockApi({ ...tunisia });
      const { unmount } = renderWithProviders(<ShippingRoute />, {
        route: '/shipping',
        path: '/shipping',
        preloadedState: checkoutState(lines, { shippingAddress: null, paymentMethod: null }),
      });
      await waitFor(() => expect(summary()).toHaveProperty([stamp]));
      expect(Object.keys(summary())).toHaveLength(6);
      unmount();
    }
  });
});
