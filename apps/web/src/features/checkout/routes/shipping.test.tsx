import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem, checkoutState } from '../testing/fixtures';
import { ShippingRoute } from './shipping';

const renderShipping = () =>
  renderWithProviders(<ShippingRoute />, {
    route: '/shipping',
    path: '/shipping',
    preloadedState: checkoutState([aCartItem()], { shippingAddress: null, paymentMethod: null }),
    routes: [{ path: '/placeorder', element: <p>place order page</p> }],
  });

describe('ShippingRoute', () => {
  it('requires address, city and zip before going on', async () => {
    const user = userEvent.setup();
    const { router } = renderShipping();
    expect(screen.getByLabelText('Address')).toBeRequired();
    expect(screen.getByLabelText('City')).toBeRequired();
    expect(screen.getByLabelText('Zip')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Place to order' }));
    expect(router.state.location.pathname).toBe('/shipping');
    // The order's own shippingAddressSchema says what is missing, under each field.
    expect(await screen.findByLabelText('Address')).toHaveAccessibleDescription(
      'Address is required',
    );
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('City is required');
    expect(screen.getByLabelText('Zip')).toHaveAccessibleDescription('Zip is required');
    await user.type(screen.getByLabelText('Address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Place to order' }));
    expect(router.state.location.pathname).toBe('/shipping');
  });

  it('saves the address and Card, and says the customer pays on the Konnect page (no card inputs here)', async () => {
    mockApi({ 'GET /api/payments/options': { body: { methods: ['Card', 'In Place'], onlineProvider: 'konnect' } } });
    const user = userEvent.setup();
    const { store, router } = renderShipping();
    // Tunisie first and chosen by default: the shop is in Tunisia.
    expect(screen.getByLabelText('Country')).toHaveValue('Tunisie');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Tunisie',
      'Maroc',
      'Algerie',
      'France',
      'Espagne',
    ]);
    await user.type(screen.getByLabelText('Address'), '3 Avenue Habib Bourguiba');
    await user.selectOptions(screen.getByLabelText('Country'), 'Espagne');
    await user.type(screen.getByLabelText('City'), 'Madrid');
    await user.type(screen.getByLabelText('Zip'), '28001');
    expect(screen.getByRole('radio', { name: 'Credit Card' })).toBeChecked();
    expect(
      await screen.findByText(/you pay on the secure Konnect page \(bank card, e-DINAR or wallet\)/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place to order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart.shippingAddress).toEqual({
      address: '3 Avenue Habib Bourguiba',
      city: 'Madrid',
      postalCode: '28001',
      country: 'Espagne',
    });
    expect(store.getState().cart.paymentMethod).toBe('Card');
  });

  it('names the test gateway when the shop runs without a payment provider outside production', async () => {
    mockApi({ 'GET /api/payments/options': { body: { methods: ['Card', 'In Place'], onlineProvider: 'test' } } });
    renderShipping();
    expect(await screen.findByText(/Test mode: .* no money moves/)).toBeInTheDocument();
  });

  it('does not offer Credit Card when the shop takes no online payments', async () => {
    mockApi({ 'GET /api/payments/options': { body: { methods: ['In Place'], onlineProvider: null } } });
    const user = userEvent.setup();
    const { store } = renderShipping();
    await waitFor(() => expect(screen.queryByRole('radio', { name: 'Credit Card' })).not.toBeInTheDocument());
    expect(screen.getByRole('radio', { name: 'On place' })).toBeChecked();
    await user.type(screen.getByLabelText('Address'), 'x');
    await user.type(screen.getByLabelText('City'), 'y');
    await user.type(screen.getByLabelText('Zip'), 'z');
    await user.click(screen.getByRole('button', { name: 'Place to order' }));
    await waitFor(() => expect(store.getState().cart.paymentMethod).toBe('In Place'));
  });

  it("hides the payment note for 'On place' and saves 'In Place'", async () => {
    mockApi({ 'GET /api/payments/options': { body: { methods: ['Card', 'In Place'], onlineProvider: 'konnect' } } });
    const user = userEvent.setup();
    const { store } = renderShipping();
    await screen.findByText(/secure Konnect page/);
    await user.click(screen.getByRole('radio', { name: 'On place' }));
    expect(screen.queryByText(/secure Konnect page/)).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'x');
    await user.type(screen.getByLabelText('City'), 'y');
    await user.type(screen.getByLabelText('Zip'), 'z');
    await user.click(screen.getByRole('button', { name: 'Place to order' }));
    await waitFor(() => expect(store.getState().cart.paymentMethod).toBe('In Place'));
  });
});
