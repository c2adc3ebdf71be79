import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { LoginRoute } from './login';

const adult: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 't1',
};

const renderLogin = (route: string, userInfo: UserInfo | null = null) =>
  renderWithProviders(<LoginRoute />, {
    route,
    path: '/login',
    preloadedState: { user: { userInfo } },
    routes: [{ path: '*', element: <p>elsewhere</p> }],
  });

async function signIn(email: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email Address'), email);
  await user.type(screen.getByLabelText('Password'), 'secret-pass');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('LoginRoute', () => {
  it('signs in, keeps the user info and goes to / + redirect', async () => {
    const { sent } = mockApi({ 'POST /api/users/login': { body: adult } });
    const { router, store } = renderLogin('/login?redirect=shipping');
    await signIn('amal@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
    expect(sent[0]!.body).toEqual({ email: 'amal@example.com', password: 'secret-pass' });
    expect(store.getState().user.userInfo).toEqual(adult);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(adult);
  });

  it('sends kids to /kids when no redirect is asked for', async () => {
    mockApi({ 'POST /api/users/login': { body: { ...adult, isKid: true } } });
    const { router } = renderLogin('/login');
    await signIn('kid@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/kids'));
  });

  it('sends a kid following CHECKOUT on to shipping', async () => {
    mockApi({ 'POST /api/users/login': { body: { ...adult, isKid: true } } });
    const { router } = renderLogin('/login?redirect=shipping');
    await signIn('kid@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('forwards a kid already signed in from CHECKOUT to shipping', async () => {
    const { router } = renderLogin('/login?redirect=shipping', { ...adult, isKid: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('goes home without a redirect', async () => {
    mockApi({ 'POST /api/users/login': { body: adult } });
    const { router } = renderLogin('/login');
    await signIn('amal@example.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the server message on the error line', async () => {
    mockApi({
      'POST /api/users/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    const { store } = renderLogin('/login');
    await signIn('amal@example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(store.getState().user.userInfo).toBeNull();
  });

  it('forwards a user who is already signed in', async () => {
    const { router } = renderLogin('/login?redirect=shipping', adult);
    await waitFor(() => expect(router.state.location.pathname).toBe('/shipping'));
  });

  it('keeps a signed-in user sent here without a redirect on the form, to switch accounts', async () => {
    const { router } = renderLogin('/login', adult);
    expect(await screen.findByText(/You are signed in as/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('links to Forgot Password and to registration, keeping the redirect', () => {
    renderLogin('/login?redirect=shipping');
    expect(screen.getByRole('link', { name: 'Forgot Password' })).toHaveAttribute(
      'href',
      '/forgot',
    );
    expect(screen.getByRole('link', { name: 'Create your Account' })).toHaveAttribute(
      'href',
      '/register?redirect=shipping',
    );
  });

  it('has no client validation: blank fields go to the server, whose answer is shown', async () => {
    const { sent } = mockApi({
      'POST /api/users/login': {
        status: 400,
        body: {
          message: 'email: Email is required',
          details: [{ path: 'email', message: 'Email is required' }],
        },
      },
    });
    renderWithProviders(<LoginRoute />, { route: '/login', path: '/login' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ email: '', password: '' });
    await waitFor(() =>
      expect(screen.getByLabelText('Email Address')).toHaveAccessibleDescription(
        'Email is required',
      ),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });
});
