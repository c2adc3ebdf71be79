import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { setLanguage } from '@/lib/i18n';
import { loadCartState } from '@/stores/cart-slice';
import { aCartItem, checkoutState } from '../testing/fixtures';
import { ShippingRoute } from './shipping';

const renderShipping = (cart: Parameters<typeof checkoutState>[1] = {}) =>
  renderWithProviders(<ShippingRoute />, {
    route: '/shipping',
    path: '/shipping',
    preloadedState: checkoutState([aCartItem()], { shippingAddress: null, paymentMethod: null, ...cart }),
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

  it('says the customer pays on the Flouci page when Flouci takes online payments', async () => {
    mockApi({ 'GET /api/payments/options': { body: { methods: ['Card', 'In Place'], onlineProvider: 'flouci' } } });
    renderShipping();
    expect(await screen.findByText(/you pay on the secure Flouci page \(bank card or Flouci wallet\)/)).toBeInTheDocument();
    expect(screen.queryByText(/Konnect|Test mode/)).not.toBeInTheDocument();
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

  describe('invoice to a company (issue 31)', () => {
    async function fillAddress(user: ReturnType<typeof userEvent.setup>) {
      await user.type(screen.getByLabelText('Address'), '3 Avenue Habib Bourguiba');
      await user.type(screen.getByLabelText('City'), 'Tunis');
      await user.type(screen.getByLabelText('Zip'), '1000');
      await user.click(screen.getByRole('radio', { name: 'On place' }));
    }

    it('asks for the company name and matricule fiscal once ticked, and keeps them in local storage', async () => {
      const user = userEvent.setup();
      const { store, router } = renderShipping();
      expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
      await fillAddress(user);
      await user.click(screen.getByRole('checkbox', { name: 'Invoice to a company' }));
      expect(screen.getByLabelText('Company name')).toBeRequired();
      expect(screen.getByLabelText('Tax ID (matricule fiscal)')).toBeRequired();
      await user.click(screen.getByRole('button', { name: 'Place to order' }));
      expect(router.state.location.pathname).toBe('/shipping');
      expect(await screen.findByLabelText('Company name')).toHaveAccessibleDescription('Company name is required');
      expect(screen.getByLabelText('Tax ID (matricule fiscal)')).toHaveAccessibleDescription(
        // Issue 52: an empty name no longer hides the tax id's error, which says the matricule's form.
        expect.stringContaining('The matricule fiscal must be 7 digits, a key letter'),
      );

      await user.type(screen.getByLabelText('Company name'), '  Sotudis SARL ');
      await user.type(screen.getByLabelText('Tax ID (matricule fiscal)'), '123<4>');
      await user.click(screen.getByRole('button', { name: 'Place to order' }));
      expect(router.state.location.pathname).toBe('/shipping');
      expect(await screen.findByLabelText('Tax ID (matricule fiscal)')).toHaveAccessibleDescription(
        expect.stringContaining('The matricule fiscal must be 7 digits'),
      );
      expect(screen.getByLabelText('Company name')).not.toHaveAccessibleDescription(/required/);
      await user.clear(screen.getByLabelText('Tax ID (matricule fiscal)'));
      await user.type(screen.getByLabelText('Tax ID (matricule fiscal)'), '0001234/B/A/M/000');
      await user.click(screen.getByRole('button', { name: 'Place to order' }));

      await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
      const company = { kind: 'company', name: 'Sotudis SARL', taxId: '0001234BAM000' };
      expect(store.getState().cart.invoiceTo).toEqual(company);
      expect(JSON.parse(localStorage.getItem('invoiceTo') ?? 'null')).toEqual(company);
      // A new visit starts from what was kept, like the address.
      expect(loadCartState().invoiceTo).toEqual(company);
    });

    it('shows the kept company, and forgets it when unticked', async () => {
      const user = userEvent.setup();
      localStorage.setItem('invoiceTo', JSON.stringify({ name: 'Old Co', taxId: '42' }));
      const { store, router } = renderShipping({ invoiceTo: { name: 'Old Co', taxId: '42' } });
      expect(screen.getByRole('checkbox', { name: 'Invoice to a company' })).toBeChecked();
      expect(screen.getByLabelText('Company name')).toHaveValue('Old Co');
      expect(screen.getByLabelText('Tax ID (matricule fiscal)')).toHaveValue('42');
      await fillAddress(user);
      await user.click(screen.getByRole('checkbox', { name: 'Invoice to a company' }));
      expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Place to order' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
      expect(store.getState().cart.invoiceTo).toBeUndefined();
      expect(localStorage.getItem('invoiceTo')).toBeNull();
    });

    it('invoices a person with their CIN: the fields say so, the CIN is checked before sending (issue 52)', async () => {
      const user = userEvent.setup();
      const { store, router } = renderShipping();
      await fillAddress(user);
      await user.click(screen.getByRole('checkbox', { name: 'Invoice to a company' }));
      const kinds = screen.getByRole('group', { name: 'Invoice to' });
      expect(screen.getByRole('radio', { name: 'A company' })).toBeChecked();
      expect(kinds).toContainElement(screen.getByRole('radio', { name: 'A person' }));
      await user.type(screen.getByLabelText('Tax ID (matricule fiscal)'), '1234567');
      await user.click(screen.getByRole('button', { name: 'Place to order' }));
      expect(await screen.findByLabelText('Tax ID (matricule fiscal)')).toHaveAccessibleDescription(
        expect.stringContaining('The matricule fiscal must be'),
      );
      // Keyboard: the kind is a radio group; arrows move to "A person".
      screen.getByRole('radio', { name: 'A company' }).focus();
      await user.keyboard('{ArrowDown}');
      expect(screen.getByRole('radio', { name: 'A person' })).toBeChecked();
      expect(screen.queryByLabelText('Company name')).not.toBeInTheDocument();
      const cin = await screen.findByLabelText('Identity card number (CIN)');
      expect(cin).toHaveAttribute('dir', 'ltr');
      expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Name is required');
      // The error follows the kind: the CIN's form, under its hint, not the matricule's.
      await waitFor(() =>
        expect(cin).toHaveAccessibleDescription(
          '8 digits, as on the identity card The CIN (national identity card number) must be 8 digits (e.g. 01234567).',
        ),
      );
      await user.clear(cin);
      await user.type(cin, '0123 4567');
      await user.type(screen.getByLabelText('Full name'), 'Amel Ben Salah');
      await user.click(screen.getByRole('button', { name: 'Place to order' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
      expect(store.getState().cart.invoiceTo).toEqual({ kind: 'person', name: 'Amel Ben Salah', taxId: '01234567' });
    });

    it('keeps a person as a person on the next visit', async () => {
      renderShipping({ invoiceTo: { kind: 'person', name: 'Amel', taxId: '01234567' } });
      expect(screen.getByRole('radio', { name: 'A person' })).toBeChecked();
      expect(screen.getByLabelText('Full name')).toHaveValue('Amel');
      expect(screen.getByLabelText('Identity card number (CIN)')).toHaveValue('01234567');
    });

    it('says the CIN\'s form in French and Arabic', async () => {
      for (const [language, box, person, cin, error] of [
        ['fr', 'Facturer à une entreprise', 'Une personne', 'Numéro de carte d’identité (CIN)', 'doit avoir 8 chiffres'],
        ['ar', 'إصدار الفاتورة باسم شركة', 'شخص', 'رقم بطاقة التعريف الوطنية', 'من 8 أرقام'],
      ] as const) {
        await setLanguage(language);
        const user = userEvent.setup();
        const { unmount } = renderShipping();
        await user.click(screen.getByRole('checkbox', { name: box }));
        await user.click(screen.getByRole('radio', { name: person }));
        await user.type(screen.getByLabelText(cin), '12');
        await user.keyboard('{Enter}');
        expect(await screen.findByLabelText(cin)).toHaveAccessibleDescription(expect.stringContaining(error));
        unmount();
      }
      await setLanguage('en');
    });

    it('labels the company fields in French and Arabic', async () => {
      for (const [language, box, name, taxId] of [
        ['fr', 'Facturer à une entreprise', "Nom de l'entreprise", 'Matricule fiscal'],
        ['ar', 'إصدار الفاتورة باسم شركة', 'اسم الشركة', 'المعرف الجبائي (matricule fiscal)'],
      ] as const) {
        await setLanguage(language);
        const user = userEvent.setup();
        const { unmount } = renderShipping();
        await user.click(screen.getByRole('checkbox', { name: box }));
        expect(screen.getByLabelText(name)).toBeInTheDocument();
        expect(screen.getByLabelText(taxId)).toHaveAttribute('dir', 'ltr');
        unmount();
      }
      await setLanguage('en');
    });
  });

  it('names the countries in the page’s language, and stores the shop’s names (issue 54)', async () => {
    const user = userEvent.setup();
    await setLanguage('ar');
    const { store, router } = renderShipping();
    const country = screen.getByRole('combobox', { name: 'البلد' });
    expect([...(country as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
      'تونس',
      'المغرب',
      'الجزائر',
      'فرنسا',
      'إسبانيا',
    ]);
    await user.selectOptions(country, 'الجزائر');
    await user.type(screen.getByLabelText('العنوان'), '5 شارع الحرية');
    await user.type(screen.getByLabelText('المدينة'), 'Alger');
    await user.type(screen.getByLabelText('الرمز البريدي'), '16000');
    await user.click(screen.getByRole('button', { name: 'المتابعة إلى الطلب' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/placeorder'));
    expect(store.getState().cart.shippingAddress?.country).toBe('Algerie');
    await setLanguage('en');
  });
});
