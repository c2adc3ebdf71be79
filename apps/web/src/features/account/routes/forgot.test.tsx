import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ForgotRoute } from './forgot';

describe('ForgotRoute', () => {
  it("asks 'Please enter your email' for a blank address and sends nothing", async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({});
    renderWithProviders(<ForgotRoute />, { route: '/forgot' });
    await user.type(screen.getByLabelText('Email Address'), '   ');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Please enter your email$/);
    expect(sent).toHaveLength(0);
  });

  it('shows the answer after sending the address', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'POST /api/users/forgot-password': {
        body: { message: 'Check your email for further instructions' },
      },
    });
    renderWithProviders(<ForgotRoute />, { route: '/forgot' });
    await user.type(screen.getByLabelText('Email Address'), 'amal@example.com');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Check your email for further instructions',
    );
    expect(sent[0]!.body).toEqual({ email: 'amal@example.com' });
  });
});
