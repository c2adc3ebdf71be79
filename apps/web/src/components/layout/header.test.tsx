import type { UserInfo } from '@shop/shared';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { Header } from './header';

const user = (overrides: Partial<UserInfo> = {}): UserInfo => ({
  _id: 'u1',
  name: 'Amina',
  email: 'amina@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'token',
  ...overrides,
});

const cart = {
  cartItems: [
    { course: 'a', name: 'A', images: [], price: 10, availability: 5, qty: 3 },
    { course: 'b', name: 'B', images: [], price: 20, availability: 5, qty: 1 },
  ],
  shippingAddress: null,
  paymentMethod: null,
};

describe('Header', () => {
  it('shows a visitor Home, Courses, Contact us, About, Sign in and the number of cart lines', () => {
    renderWithProviders(<Header />, { preloadedState: { cart } });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Courses', '/courses'],
      ['Contact us', '/contactus'],
      ['About', '/about'],
      ['Sign in', '/login'],
    ]);
    expect(screen.getByTestId('cart-badge')).toHaveTextContent('2');
    expect(screen.queryByRole('button', { name: 'Sign out' })).not.toBeInTheDocument();
  });

  it('gives kid accounts Quizz in place of Contact us and the kids pages', () => {
    renderWithProviders(<Header />, {
      preloadedState: { user: { userInfo: user({ isKid: true }) } },
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Quizz' })).toHaveAttribute('href', '/notfound');
    expect(within(nav).queryByRole('link', { name: 'Contact us' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Courses' })).toHaveAttribute(
      'href',
      '/courseskids',
    );
  });

  it('gives admins the Admin menu and hides the cart badge', async () => {
    renderWithProviders(<Header />, {
      preloadedState: { user: { userInfo: user({ isAdmin: true }) }, cart },
    });
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
    const menu = screen.getByRole('button', { name: 'Admin' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/admin/userlist');
    expect(screen.getByRole('link', { name: 'Orders' })).toHaveAttribute(
      'href',
      '/admin/orderlist',
    );
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('signs out with the sign-out icon', async () => {
    const { store } = renderWithProviders(<Header />, {
      preloadedState: { user: { userInfo: user() } },
    });
    expect(screen.getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(store.getState().user.userInfo).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('takes its active style from 60 px of scroll', () => {
    renderWithProviders(<Header />);
    const header = screen.getByRole('banner');
    const scrollTo = (y: number) =>
      act(() => {
        Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
        fireEvent.scroll(window);
      });
    scrollTo(59);
    expect(header).not.toHaveClass('header--scrolled');
    scrollTo(60);
    expect(header).toHaveClass('header--scrolled');
    scrollTo(0);
    expect(header).not.toHaveClass('header--scrolled');
  });

  it("keeps a kid's header search in the kids area", async () => {
    const { router } = renderWithProviders(<Header />, {
      preloadedState: { user: { userInfo: user({ isKid: true }) } },
    });
    await userEvent.type(screen.getAllByRole('searchbox')[0]!, 'scratch{Enter}');
    expect(router.state.location.pathname).toBe('/courseskids/scratch');
  });

  it("sends an adult's header search to the catalogue", async () => {
    const { router } = renderWithProviders(<Header />);
    await userEvent.type(screen.getAllByRole('searchbox')[0]!, 'scratch{Enter}');
    expect(router.state.location.pathname).toBe('/search/scratch');
  });

  it('forgets the shipping address and payment method on sign-out (a shared computer), keeping the cart', async () => {
    const address = {
      address: '1 Rue de Marseille',
      city: 'Tunis',
      postalCode: '1000',
      country: 'Tunisie' as const,
    };
    const { store } = renderWithProviders(<Header />, {
      preloadedState: {
        user: { userInfo: user() },
        cart: { ...cart, shippingAddress: address, paymentMethod: 'In Place' },
      },
    });
    localStorage.setItem('shippingAddress', JSON.stringify(address));
    localStorage.setItem('paymentMethod', JSON.stringify('In Place'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(store.getState().cart.shippingAddress).toBeNull();
    expect(store.getState().cart.paymentMethod).toBeNull();
    expect(localStorage.getItem('shippingAddress')).toBeNull();
    expect(localStorage.getItem('paymentMethod')).toBeNull();
    expect(store.getState().cart.cartItems).toHaveLength(2);
  });
});
