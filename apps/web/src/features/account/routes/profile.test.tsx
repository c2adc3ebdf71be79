import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { logout } from '@/app/store';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  token: 'old-token',
};

const renderProfile = () =>
  renderWithProviders(<ProfileRoute />, {
    route: '/profile',
    path: '/profile',
    preloadedState: { user: { userInfo: me } },
  });

describe('ProfileRoute', () => {
  it('keeps name and email read-only until their pencil is clicked; the password is required', async () => {
    const user = userEvent.setup();
    renderProfile();
    const name = screen.getByLabelText('Name');
    expect(name).toHaveValue('Amal');
    expect(name).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Password')).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    expect(name).not.toHaveAttribute('readonly');
    expect(screen.getByLabelText('Email Address')).toHaveAttribute('readonly');
  });

  it("says 'Password do not match' and sends nothing when they differ", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({});
    renderProfile();
    await user.type(screen.getByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password do not match$/);
    expect(sent).toHaveLength(0);
  });

  it("takes 'Password do not match' away once the password is fixed to match", async () => {
    const user = userEvent.setup();
    mockApi({});
    renderProfile();
    await user.type(screen.getByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-2');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password do not match$/);
    // The customer fixes the first field, not the confirmation.
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'new-password-2');
    await waitFor(() =>
      expect(screen.queryByText('Password do not match')).not.toBeInTheDocument(),
    );
    expect(screen.getByLabelText('Confirm Password')).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('requires the password before sending anything', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({});
    renderProfile();
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Password is required$/);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password is required');
    expect(sent).toHaveLength(0);
  });

  it('shows a refused update on its field, keeps the old token and what was typed', async () => {
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
    const { store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit email' }));
    await user.clear(screen.getByLabelText('Email Address'));
    await user.type(screen.getByLabelText('Email Address'), 'amal@example.tn');
    await user.type(screen.getByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter a valid email$/);
    expect(screen.getByLabelText('Email Address')).toHaveValue('amal@example.tn');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(store.getState().user.userInfo?.token).toBe('old-token');
  });

  it("updates, keeps the fresh token and says 'Profile Updated'", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'PUT /api/users/profile': { body: { ...me, name: 'Amal B.', token: 'fresh-token' } },
    });
    const { store } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Edit name' }));
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Amal B.');
    await user.type(screen.getByLabelText('Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm Password'), 'new-password-1');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile Updated$/);
    expect(sent[0]!.body).toEqual({
      name: 'Amal B.',
      email: 'amal@example.com',
      password: 'new-password-1',
    });
    expect(store.getState().user.userInfo?.token).toBe('fresh-token');
    expect(JSON.parse(localStorage.getItem('userInfo')!).token).toBe('fresh-token');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('shows my orders with paid and learned as a date or No, and a details link', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/myorders': {
        body: [
          {
            _id: 'order-aaaa-1111',
            user: { _id: 'u1', name: 'Amal' },
            orderItems: [],
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
    ).toEqual(['ID', 'DATE', 'TOTAL', 'PAID', 'LEARNED', 'STATUS', 'DETAILS']);
    const [, paidRow, pendingRow] = within(table).getAllByRole('row');
    const cells = within(paidRow!).getAllByRole('cell');
    expect(cells.map((c) => c.textContent)).toEqual([
      'order-aa',
      '2026-11-19',
      '$169.00',
      '2026-11-20',
      '✕ No',
      'Paid',
      'Details order-aaaa-1111',
    ]);
    expect(within(paidRow!).getByRole('link')).toHaveAttribute('href', '/order/order-aaaa-1111');
    // An unpaid order says until when its seats are held, to the minute, in the viewer's time.
    expect(within(pendingRow!).getAllByRole('cell')[5]).toHaveTextContent(
      'PendingSeats held until 2026-11-24 15:05',
    );
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
