import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { logout } from '@/stores/hooks';
import { setLanguage } from '@/lib/i18n';
import { mockApi, type SentRequest } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'old-token',
};

/** The profile updates the screen sent (it also reads the profile itself). */
const puts = (sent: SentRequest[]) => sent.filter((r) => r.method === 'PUT');

const renderProfile = () =>
  renderWithProviders(<ProfileRoute />, {
    route: '/profile',
    path: '/profile',
    preloadedState: { user: { userInfo: me } },
  });

describe('ProfileRoute', () => {
  it('keeps name and email read-only until their pencil is clicked; no password is needed for that', async () => {
    const user = userEvent.setup();
    renderProfile();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Amal');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('New Password')).not.toBeRequired();
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
  });

  it("says 'Password do not match' and sends nothing when they differ", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({});
    renderProfile();
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-2');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password do not match$/);
    expect(puts(sent)).toHaveLength(0);
  });

  it("takes 'Password do not match' away once the password is fixed to match", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderProfile();
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-2');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password do not match$/);
    // The customer fixes the first field, not the confirmation.
    await user.clear(screen.getByLabelText('New Password'));
    await user.type(screen.getByLabelText('New Password'), 'new-password-2');
    await waitFor(() =>
      expect(screen.queryByText('Password do not match')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Confirm New Password')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
  });

  it('asks for the current password once the e-mail or the password changes, and sends nothing without it', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({});
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    const emailField = screen.getByLabelText('Email Address');
    // The same address in other letters is no change.
    await user.clear(emailField);
    await user.type(emailField, 'AMAL@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.clear(emailField);
    await user.type(emailField, 'amal@example.tn');
    expect(screen.getByLabelText('Current Password')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Enter your current password to change your e-mail address or password\.$/,
    );
    expect(puts(sent)).toHaveLength(0);
    // Back to the old address: nothing guarded changes, no current password asked.
    await user.clear(emailField);
    await user.type(emailField, 'amal@example.com');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('New Password'), 'x');
    expect(screen.getByLabelText('Current Password')).toBeInTheDocument();
  });

  it('sends a name change alone, without any password', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': { body: { ...me, name: 'Amal B.', token: 'fresh-token' } },
    });
    const { store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Amal B.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile Updated$/);
    expect(puts(sent).map((r) => r.body)).toEqual([{ name: 'Amal B.' }]);
    expect(store.getState().user.userInfo?.token).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('userInfo')!).token).toBe('fresh-token');
  });

  it("changes the password with the current one, keeps the fresh token and says 'Profile Updated'", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': { body: { ...me, token: 'fresh-token' } },
    });
    const { store } = renderProfile();
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile Updated$/);
    expect(puts(sent)[0]!.body).toEqual({
      name: 'Amal',
      password: 'new-password-1',
      currentPassword: 'old-password',
    });
    expect(store.getState().user.userInfo?.token).toBe('fresh-token');
    expect(screen.getByLabelText('New Password')).toHaveValue('');
    expect(screen.queryByLabelText('Current Password')).not.toBeInTheDocument();
  });

  it('shows a wrong current password on its field, keeps the old token and what was typed', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': {
        status: 401,
        body: { message: 'Your current password is missing or wrong.', code: 'WRONG_PASSWORD' },
      },
    });
    const { store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'amal@example.tn');
    await user.type(screen.getByLabelText('Current Password'), 'a-wrong-guess');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Your current password is missing or wrong\.$/,
    );
    expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription(
      'Needed to change your e-mail address or your password. Your current password is missing or wrong.',
    );
    expect(screen.getByLabelText('Email Address')).toHaveValue('amal@example.tn');
    expect(store.getState().user.userInfo?.token).toBe('old-token');
    expect(store.getState().user.userInfo?.email).toBe('amal@example.com');
  });

  it('shows a refused e-mail on its field', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': {
        status: 400,
        body: {
          message: 'email: Please enter a valid email',
          details: [{ path: 'email', message: 'Please enter a valid email' }],
        },
      },
    });
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'amal@example.tn');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(puts(sent)).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter a valid email$/);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('a new e-mail waits for its link: the form keeps the old address and says where the link went', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': {
        body: { ...me, pendingEmail: 'amal@example.tn', token: 'fresh-token' },
      },
    });
    const { store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'amal@example.tn');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile Updated$/);
    expect(puts(sent)[0]!.body).toEqual({
      name: 'Amal',
      email: 'amal@example.tn',
      currentPassword: 'old-password',
    });
    expect(screen.getByTestId('pending-email')).toHaveTextContent(
      'Waiting for confirmation: amal@example.tn. We sent a link to that address; your account keeps amal@example.com until you follow it.',
    );
    expect(screen.getByLabelText('Email Address')).toHaveValue('amal@example.com');
    expect(store.getState().user.userInfo?.email).toBe('amal@example.com');
  });

  it('shows the pending address the server knows of when the page opens, in French too', async () => {
    mockApi({
      'GET /api/users/profile': {
        body: { ...me, token: undefined, pendingEmail: 'amal@example.tn' },
      },
    });
    renderProfile();
    expect(await screen.findByTestId('pending-email')).toHaveTextContent(
      'Waiting for confirmation: amal@example.tn.',
    );
    await act(() => setLanguage('fr'));
    expect(screen.getByTestId('pending-email')).toHaveTextContent(
      'En attente de confirmation : amal@example.tn. Nous avons envoyé un lien à cette adresse ; votre compte garde amal@example.com tant que vous ne l’avez pas suivi.',
    );
    expect(screen.getByLabelText('Nouveau mot de passe')).toBeInTheDocument();
    await act(() => setLanguage('en'));
  });

  it('shows my orders with paid and learned as a date or No, and a details link', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/myorders': {
        body: [
          {
            _id: 'order-aaaa-1111',
            user: { _id: 'u1', name: 'Amal' },
            orderItems: [
              { course: 'c1', name: 'Python for Beginners', qty: 1, price: 30, image: '/p.svg', session: null },
              { course: 'c2', name: 'Scratch for Kids', qty: 2, price: 15, image: '/s.svg', session: null },
            ],
            shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'France' },
            paymentMethod: 'Card',
            itemsPrice: 60,
            shippingPrice: 100,
            taxPrice: 9,
            totalPrice: 169,
            isPaid: true,
            paidAt: '2026-11-20T10:00:00.000Z',
            isLearned: false,
            learnedAt: null,
            createdAt: '2026-11-19T10:00:00.000Z',
            status: 'paid',
            holdExpiresAt: '2026-11-22T10:00:00.000Z',
            cancelledAt: null,
            refundedAt: null,
            invoiceNumber: '2026-00007',
          },
          {
            _id: 'order-bbbb-2222',
            user: { _id: 'u1', name: 'Amal' },
            orderItems: [],
            shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'France' },
            paymentMethod: 'In Place',
            itemsPrice: 60,
            shippingPrice: 100,
            taxPrice: 9,
            totalPrice: 169,
            isPaid: false,
            paidAt: null,
            isLearned: false,
            learnedAt: null,
            createdAt: '2026-11-21T10:00:00.000Z',
            status: 'pending',
            holdExpiresAt: new Date(2026, 10, 24, 15, 5).toISOString(),
            cancelledAt: null,
            refundedAt: null,
            invoiceNumber: null,
          },
        ],
      },
    });
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Show my orders' }));
    const table = await screen.findByRole('table', { name: 'My orders' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['ID', 'Courses', 'DATE', 'TOTAL', 'PAID', 'LEARNED', 'STATUS', 'DETAILS']);
    const [, paidRow, pendingRow] = within(table).getAllByRole('row');
    const cells = within(paidRow!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'order-aa',
      // Issue 54: the courses, without opening the order.
      'Python for BeginnersScratch for Kids ×2',
      '2026-11-19',
      '$169.00',
      '2026-11-20',
      '✕ No',
      'Paid',
      'Details order-aaaa-1111',
    ]);
    expect(within(paidRow!).getByRole('link')).toHaveAttribute('href', '/order/order-aaaa-1111');
    // An unpaid order says until when its seats are held, to the minute, in the viewer's time.
    expect(within(pendingRow!).getAllByRole('cell')[6]).toHaveTextContent(
      'PendingSeats held until 2026-11-24 15:05',
    );
  });

  it('names the courses of my orders in the language on screen (issue 54)', async () => {
    const user = userEvent.setup();
    const order = {
      _id: 'order-cccc-3333',
      user: { _id: 'u1', name: 'Amal' },
      orderItems: [
        { course: 'c1', name: 'Tunisian Pastry', nameFr: 'Pâtisserie tunisienne', nameAr: 'الحلويات التونسية', qty: 1, price: 30, image: '', session: null },
        { course: 'c2', name: 'Excel', nameFr: '', nameAr: '', qty: 2, price: 15, image: '', session: null },
      ],
      shippingAddress: { address: 'a', city: 'b', postalCode: 'c', country: 'France' },
      paymentMethod: 'Card',
      itemsPrice: 60,
      shippingPrice: 100,
      taxPrice: 9,
      totalPrice: 169,
      isPaid: false,
      paidAt: null,
      isLearned: false,
      learnedAt: null,
      createdAt: '2026-11-19T10:00:00.000Z',
      status: 'pending',
      holdExpiresAt: null,
      cancelledAt: null,
      refundedAt: null,
      invoiceNumber: null,
    };
    mockApi({ 'GET /api/orders/myorders': { body: [order] } });
    await act(() => setLanguage('ar'));
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'عرض طلباتي' }));
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(within(row!).getAllByRole('cell')[1]).toHaveTextContent('الحلويات التونسيةExcel ×2');
    await act(() => setLanguage('en'));
  });

  it('sends a visitor to /login?redirect=profile', async () => {
    const { router } = renderWithProviders(<ProfileRoute />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { user: { userInfo: null } },
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=profile');
  });

  it('forgets the user, the cached orders and the payment method on logout, and keeps the cart', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/orders/myorders': { body: [] } });
    localStorage.setItem('userInfo', JSON.stringify(me));
    const line = { course: 'c1', name: 'Scratch', images: [], price: 40, availability: 5, qty: 1 };
    const cart = { cartItems: [line], shippingAddress: null, paymentMethod: 'Card' as const };
    const { store, router } = renderWithProviders(<ProfileRoute />, {
      route: '/profile',
      path: '/profile',
      preloadedState: { user: { userInfo: me }, cart },
      routes: [{ path: '/login', element: <p>login page</p> }],
    });
    await user.click(screen.getByRole('button', { name: 'Show my orders' }));
    await screen.findByText('You have not placed any order yet.');
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    act(() => store.dispatch(logout()));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(store.getState().user.userInfo).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(store.getState().api.queries).toEqual({});
    expect(store.getState().cart).toEqual({ ...cart, paymentMethod: null });
  });
});
