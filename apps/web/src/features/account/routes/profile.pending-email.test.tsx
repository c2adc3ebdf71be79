import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from './profile';

/** Issue 49: the profile shows a pending e-mail change, cancels it, and drops it after a new password. */
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
const profile = { ...me, token: undefined };
const pending = { ...profile, pendingEmail: 'stranger@example.net' };

const renderProfile = () =>
  renderWithProviders(<ProfileRoute />, {
    route: '/profile',
    path: '/profile',
    preloadedState: { user: { userInfo: me } },
  });


describe('the profile and a pending e-mail change', () => {
  it('"Cancel this change" (with the keyboard) sends the DELETE; the notice goes and the form says the account keeps its address', async () => {
    const user = userEvent.setup();
    let cancelled = false;
    const { sent } = mockApi({
      'GET /api/users/profile': () => ({ body: cancelled ? profile : pending }),
      'DELETE /api/users/profile/pending-email': () => {
        cancelled = true;
        return { body: profile };
      },
    });
    renderProfile();
    expect(await screen.findByTestId('pending-email')).toHaveTextContent('Waiting for confirmation: stranger@example.net.');
    const button = screen.getByRole('button', { name: 'Cancel this change' });
    button.focus();
    await user.keyboard('{Enter}');
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(/^The e-mail change was cancelled: your account keeps amal@example\.com\.$/);
    // The button went with the notice: the keyboard's focus is on what replaced it.
    await waitFor(() => expect(notice).toHaveFocus());
    expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual(['/api/users/profile/pending-email']);
    expect(screen.getByLabelText('Email Address')).toHaveValue('amal@example.com');
  });

  it('a refused cancel says why and keeps the notice', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/profile': { body: pending },
      'DELETE /api/users/profile/pending-email': { status: 503, body: { message: 'Service unavailable, please try again shortly.', code: 'SERVICE_UNAVAILABLE' } },
    });
    renderProfile();
    await user.click(await screen.findByRole('button', { name: 'Cancel this change' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
    expect(screen.getByTestId('pending-email')).toHaveTextContent('stranger@example.net');
  });

  it('a new password ends the pending change on screen at once, from the answer', async () => {
    const user = userEvent.setup();
    let reads = 0;
    mockApi({
      // The first read shows the change; later reads fail, so only the update's answer can clear it.
      'GET /api/users/profile': () => (++reads === 1 ? { body: pending } : { status: 500, body: {} }),
      'PUT /api/users/profile': { body: { ...me, token: 'fresh-token' } },
    });
    renderProfile();
    await screen.findByTestId('pending-email');
    await user.type(screen.getByLabelText('New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Confirm New Password'), 'new-password-1');
    await user.type(screen.getByLabelText('Current Password'), 'old-password');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Profile Updated$/);
    await waitFor(() => expect(screen.queryByTestId('pending-email')).not.toBeInTheDocument());
  });

  it('speaks French and Arabic', async () => {
    mockApi({ 'GET /api/users/profile': { body: pending } });
    renderProfile();
    await screen.findByTestId('pending-email');
    await act(() => setLanguage('fr'));
    expect(screen.getByRole('button', { name: 'Annuler ce changement' })).toBeInTheDocument();
    await act(() => setLanguage('ar'));
    expect(screen.getByRole('button', { name: 'إلغاء هذا التغيير' })).toBeInTheDocument();
  });
});
