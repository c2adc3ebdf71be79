import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ConfirmEmailRoute } from './confirm-email';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'a-token',
};

const renderConfirm = (userInfo: UserInfo | null = null) =>
  renderWithProviders(<ConfirmEmailRoute />, {
    route: paths.confirmEmail('tok'),
    path: '/confirm-email/:token',
    preloadedState: { user: { userInfo } },
    routes: [
      { path: '/login', element: <p>login page</p> },
      { path: '/profile', element: <p>profile page</p> },
    ],
  });


describe('ConfirmEmailRoute', () => {
  it('says it is confirming while the answer is on its way, then the answer, and leads to the account', async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const { sent } = mockApi({
      'GET /api/users/confirm-email/tok': {
        body: { message: 'Your new e-mail address is confirmed. Use it to sign in from now on.' },
      },
    });
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await answered;
      return realFetch(...args);
    }) as typeof fetch;
    const { router } = renderConfirm(me);
    expect(await screen.findByText('Confirming your new e-mail address…')).toBeInTheDocument();
    answer();
    expect(
      await screen.findByText(
        'Your new e-mail address is confirmed. Use it to sign in from now on.',
      ),
    ).toHaveClass('message--success');
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/users/confirm-email/tok');
    await user.click(screen.getByRole('link', { name: 'Go to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it("shows the server's refusal (invalid, expired or used) and leads a visitor to sign in", async () => {
    mockApi({
      'GET /api/users/confirm-email/tok': {
        status: 400,
        body: { message: 'Invalid or expired e-mail confirmation link.', code: 'INVALID_TOKEN' },
      },
    });
    renderConfirm();
    expect(await screen.findByText('Invalid or expired e-mail confirmation link.')).toHaveClass(
      'message--error',
    );
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('says the address was taken meanwhile, in Arabic', async () => {
    await setLanguage('ar');
    mockApi({
      'GET /api/users/confirm-email/tok': {
        status: 400,
        body: { message: 'User already exists', code: 'USER_EXISTS' },
      },
    });
    renderConfirm();
    expect(
      await screen.findByRole('heading', { name: 'عنوان البريد الإلكتروني الجديد' }),
    ).toBeInTheDocument();
    expect(await screen.findByText('المستخدم موجود بالفعل')).toHaveClass('message--error');
  });

  it('confirms in French with the French words', async () => {
    await setLanguage('fr');
    mockApi({
      'GET /api/users/confirm-email/tok': {
        body: { message: 'Your new e-mail address is confirmed. Use it to sign in from now on.' },
      },
    });
    renderConfirm();
    expect(
      await screen.findByText(
        'Votre nouvelle adresse e-mail est confirmée. Utilisez-la désormais pour vous connecter.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it('falls back to its own words when the answer has no message', async () => {
    mockApi({ 'GET /api/users/confirm-email/tok': { status: 502, body: {} } });
    renderConfirm();
    expect(
      await screen.findByText('The confirmation failed. Please try again.'),
    ).toBeInTheDocument();
  });
});
