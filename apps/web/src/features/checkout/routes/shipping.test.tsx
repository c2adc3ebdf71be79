import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('saves the address and the method, keeps card details out of the store and storage', async () => {
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
    await user.type(screen.getByLabelText('Card number'), '4242424242424242');
    await user.type(screen.getByLabelText('CVV'), '123');
    await user.click(screen.getByRole('button', { name: 'Place to order' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart.shippingAddress).toEqual({
      address: '3 Avenue Habib Bourguiba',
      city: 'Madrid',
      postalCode: '28001',
      country: 'Espagne',
    });
    expect(store.getState().cart.paymentMethod).toBe('Card');
    const everything = JSON.stringify(store.getState()) + JSON.stringify({ ...localStorage });
    expect(everything).not.toContain('4242424242424242');
    expect(everything).not.toContain('"123"');
  });

  it("hides the card inputs for 'On place' and saves 'In Place'", async () => {
    const user = userEvent.setup();
    const { store } = renderShipping();
    await user.click(screen.getByRole('radio', { name: 'On place' }));
    expect(screen.queryByLabelText('Card number')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Address'), 'x');
    await user.type(screen.getByLabelText('City'), 'y');
    await user.type(screen.getByLabelText('Zip'), 'z');
    await user.click(screen.getByRole('button', { name: 'Place to order' }));
    await waitFor(() => expect(store.getState().cart.paymentMethod).toBe('In Place'));
  });
});
