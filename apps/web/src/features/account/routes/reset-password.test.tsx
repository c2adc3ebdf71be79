import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ResetPasswordRoute } from './reset-password';

const renderReset = (route: string) =>
  renderWithProviders(<ResetPasswordRoute />, {
    route,
    path: '/reset-password',
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

describe('ResetPasswordRoute', () => {
  it("says 'Invalid or missing token.' without a token and shows no form", () => {
    const { sent } = mockApi({});
    renderReset('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent(/^Invalid or missing token\.$/);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it("checks the token first and says 'Invalid or expired token.' in place of the form", async () => {
    mockApi({
      'GET /api/users/validate-reset-token/bad': {
        status: 400,
        body: { message: 'Invalid or expired token.' },
      },
    });
    renderReset('/reset-password?token=bad');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid or expired token\.$/);
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument();
  });

  it("says 'Passwords do not match', then resets and opens /login", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/users/validate-reset-token/good': { body: { valid: true } },
      'POST /api/users/reset-password/good': { body: { message: 'Password has been reset.' } },
    });
    const { router } = renderReset('/reset-password?token=good');
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pas');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Passwords do not match$/);
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.type(screen.getByLabelText('Confirm New Password'), 's');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent.find((r) => r.method === 'POST')!.body).toEqual({ newPassword: 'brand-new-pass' });
  });

  it("shows the server message, or 'Error resetting password. Please try again.'", async () => {
    const user = userEvent.setup();
    let reply = { status: 400, body: { message: 'Invalid or expired token.' } as object };
    mockApi({
      'GET /api/users/validate-reset-token/good': { body: { valid: true } },
      'POST /api/users/reset-password/good': () => reply,
    });
    renderReset('/reset-password?token=good');
    await user.type(await screen.findByLabelText('New Password'), 'brand-new-pass');
    await user.type(screen.getByLabelText('Confirm New Password'), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired token.');
    reply = { status: 502, body: {} };
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Error resetting password\. Please try again\.$/,
      ),
    );
  });

  it("puts the server's password rule under New Password", async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/validate-reset-token/tok-1': { body: { valid: true } },
      'POST /api/users/reset-password/tok-1': {
        status: 400,
        body: {
          message: 'newPassword: Password must be at least 8 characters',
          details: [{ path: 'newPassword', message: 'Password must be at least 8 characters' }],
        },
      },
    });
    renderReset('/reset-password?token=tok-1');
    await user.type(await screen.findByLabelText('New Password'), 'short');
    await user.type(screen.getByLabelText('Confirm New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Password must be at least 8 characters$/,
    );
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription(
      'Password must be at least 8 characters',
    );
  });
});
