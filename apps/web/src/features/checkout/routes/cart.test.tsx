import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCartItem } from '../testing/fixtures';
import { CartRoute } from './cart';

const course = {
  _id: 'c9',
  name: 'Cabin Crew Basics',
  price: 45.5,
  images: ['/images/crew.svg'],
  availability: 3,
  description: '',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  category: ['Cabin Crew'],
  sizes: [],
  rating: 0,
  numReviews: 0,
  reviews: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const renderCart = (route: string, cartItems = [aCartItem()]) =>
  renderWithProviders(<CartRoute />, {
    route,
    path: '/cart/:id?',
    preloadedState: { cart: { cartItems, shippingAddress: null, paymentMethod: null } },
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

describe('CartRoute', () => {
  it("shows 'Wow Such an empty Cart' and a Go Learn link when the cart is empty", () => {
    renderCart('/cart', []);
    expect(screen.getByRole('heading', { name: 'Wow Such an empty Cart' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go Learn' })).toHaveAttribute('href', '/courses');
    expect(screen.queryByRole('button', { name: 'CHECKOUT' })).not.toBeInTheDocument();
  });

  it('adds the course of /cart/:id with ?qty clamped to the seats left, then shows /cart', async () => {
    const { sent } = mockApi({ 'GET /api/courses/c9': { body: course } });
    const { store, router } = renderCart('/cart/c9?qty=7');
    expect(await screen.findByRole('heading', { name: 'Your Cart : 2' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(router.state.location.search).toBe('');
    expect(store.getState().cart.cartItems.find((l) => l.course === 'c9')).toMatchObject({
      qty: 3,
      price: 45.5,
    });
    // The course is asked for once (the lines also check their courses' sessions, issue 33).
    expect(sent.filter((r) => r.path === '/api/courses/c9')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Cabin Crew Basics' })).toHaveAttribute(
      'href',
      '/course/c9',
    );
  });

  it('adds quantity 1 when the URL gives none', async () => {
    mockApi({ 'GET /api/courses/c9': { body: course } });
    const { store } = renderCart('/cart/c9', []);
    await screen.findByRole('heading', { name: 'Your Cart : 1' });
    expect(store.getState().cart.cartItems).toEqual([
      {
        course: 'c9',
        name: 'Cabin Crew Basics',
        images: ['/images/crew.svg'],
        price: 45.5,
        availability: 3,
        qty: 1,
      },
    ]);
  });

  it('shows the lines, totals in Tnd, and changes quantities with a 1..availability select', async () => {
    const user = userEvent.setup();
    const { store } = renderCart('/cart', [
      aCartItem({ price: 30, qty: 2, availability: 4 }),
      aCartItem({ course: 'c2', name: 'Art', price: 12.25, qty: 1 }),
    ]);
    expect(screen.getByRole('heading', { name: 'Your Cart : 2' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Quantity of React from scratch' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3', '4']);
    expect(screen.getByText('Subtotal (3 items)')).toBeInTheDocument();
    expect(screen.getAllByText('72.25 Tnd')).toHaveLength(2);
    expect(screen.getByText('calculated at checkout')).toBeInTheDocument();

    await user.selectOptions(select, '4');
    expect(store.getState().cart.cartItems[0]!.qty).toBe(4);
    expect(screen.getByText('Subtotal (5 items)')).toBeInTheDocument();
    expect(screen.getByText('120.00 Tnd')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('cartItems')!)[0].qty).toBe(4);
  });

  it('removes a line with its labelled icon button', async () => {
    const user = userEvent.setup();
    const { store } = renderCart('/cart', [aCartItem(), aCartItem({ course: 'c2', name: 'Art' })]);
    await user.click(screen.getByRole('button', { name: 'Remove Art from the cart' }));
    expect(store.getState().cart.cartItems.map((l) => l.course)).toEqual(['c1']);
    expect(screen.getByRole('heading', { name: 'Your Cart : 1' })).toBeInTheDocument();
  });

  it('sends CHECKOUT to /login?redirect=shipping', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: { ...course, _id: 'c1', sessions: [] } } });
    const { router } = renderCart('/cart');
    // CHECKOUT waits until the line's course is checked (issue 33).
    await waitFor(() => expect(screen.getByRole('button', { name: 'CHECKOUT' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'CHECKOUT' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?redirect=shipping');
  });

  it('adds nothing and says so when the course is sold out', async () => {
    mockApi({ 'GET /api/courses/c9': { body: { ...course, availability: 0 } } });
    const { store } = renderCart('/cart/c9', []);
    expect(
      await screen.findByText('Cabin Crew Basics is sold out and was not added to your cart.'),
    ).toBeInTheDocument();
    expect(store.getState().cart.cartItems).toEqual([]);
  });
});
