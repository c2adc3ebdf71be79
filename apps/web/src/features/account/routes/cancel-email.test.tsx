import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CancelEmailRoute } from './cancel-email';

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

const renderCancel = (userInfo: UserInfo | null = null) =>
  renderWithProviders(<CancelEmailRoute />, {
    route: paths.cancelEmail('tok'),
    path: '/cancel-email/:token',
    preloadedState: { user: { userInfo } },
    routes: [
      { path: '/login', element: <p>login page</p> },
      { path: '/profile', element: <p>profile page</p> },
    ],
  });

const VOID = { status: 400, body: { message: MESSAGES.invalidEmailCancelLink, code: 'INVALID_TOKEN' } };


describe('CancelEmailRoute (issue 49)', () => {
  it('cancels the change, advises a new password, and leads to the account', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'GET /api/users/cancel-email/tok': { body: { message: MESSAGES.emailChangeCancelled } } });
    const { router } = renderCancel(me);
    expect(await screen.findByText(MESSAGES.emailChangeCancelled)).toHaveClass('message--success');
    expect(screen.getByText(/choose a new password now/)).toBeInTheDocument();
    expect(sent.map((r) => `${r.method} ${r.path}`)).toContain('GET /api/users/cancel-email/tok');
    await user.click(screen.getByRole('link', { name: 'Go to my account' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('says a void or used link is no longer valid, and leads a visitor to sign in', async () => {
    mockApi({ 'GET /api/users/cancel-email/tok': VOID });
    renderCancel();
    expect(await screen.findByText(MESSAGES.invalidEmailCancelLink)).toHaveClass('message--error');
    expect(screen.queryByText(/choose a new password now/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('in French', async () => {
    await setLanguage('fr');
    mockApi({ 'GET /api/users/cancel-email/tok': VOID });
    renderCancel();
    expect(await screen.findByRole('heading', { name: 'Annuler le changement d’e-mail' })).toBeInTheDocument();
    expect(await screen.findByText(/^Ce lien d’annulation n’est plus valable/)).toHaveClass('message--error');
  });

  it('in Arabic', async () => {
    await setLanguage('ar');
    mockApi({ 'GET /api/users/cancel-email/tok': { body: { message: MESSAGES.emailChangeCancelled } } });
    renderCancel();
    expect(await screen.findByText('أُلغي تغيير البريد الإلكتروني: يحتفظ حسابك بعنوانه الحالي.')).toHaveClass('message--success');
    expect(screen.getByRole('heading', { name: 'إلغاء تغيير البريد الإلكتروني' })).toBeInTheDocument();
  });

  it('falls back to its own words when the answer has no message', async () => {
    mockApi({ 'GET /api/users/cancel-email/tok': { status: 502, body: {} } });
    renderCancel();
    expect(await screen.findByText('The cancellation failed. Please try again.')).toBeInTheDocument();
  });
});
