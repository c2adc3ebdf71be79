import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { NewsletterForm } from './newsletter-form';

describe('NewsletterForm', () => {
  it("subscribes the address and says 'Subscribed'", async () => {
    const { sent } = mockApi({
      'POST /api/newsletter': { status: 201, body: { message: 'Subscribed' } },
    });
    renderWithProviders(<NewsletterForm />);
    const box = screen.getByLabelText('Your e-mail address');
    await userEvent.type(box, ' reader@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Subscribed')).toBeInTheDocument();
    expect(sent[0]?.body).toEqual({ email: 'reader@example.com' });
    expect(box).toHaveValue('');
  });

  it("shows the server's message when it refuses", async () => {
    mockApi({
      'POST /api/newsletter': {
        status: 429,
        body: { message: 'Too many requests, please try again later.' },
      },
    });
    renderWithProviders(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('Your e-mail address'), 'reader@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText('Too many requests, please try again later.'),
    ).toBeInTheDocument();
  });

  it("asks 'Please enter your email' for a blank box and sends nothing", async () => {
    const { sent } = mockApi({});
    renderWithProviders(<NewsletterForm />);
    await userEvent.type(screen.getByLabelText('Your e-mail address'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Please enter your email$/);
    expect(sent).toHaveLength(0);
  });
});
