import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from '../routes/profile';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'token',
};

/** The summary line as read: the phone's left-to-right isolation marks left out. */
const summary = (section: ReturnType<typeof within>) =>
  section.getByTestId('text-consent-summary').textContent?.replace(/[\u2066\u2069]/g, '');

describe('text message consent in the profile (issue 53)', () => {
  it('says what will be sent where, saves the phone and the boxes, and shows PHONE_INVALID on the phone', async () => {
    const user = userEvent.setup();
    let answer: { status: number; body: unknown } = {
      status: 400,
      body: { message: 'Please enter a valid phone number: 8 digits, or + and the country code (e.g. +216 20 123 456).', code: 'PHONE_INVALID', details: [{ path: 'phone', message: 'Please enter a valid phone number: 8 digits, or + and the country code (e.g. +216 20 123 456).' }] },
    };
    const { sent } = mockApi({
      'GET /api/users/profile': { body: { ...me, token: undefined } },
      'PUT /api/users/profile': () => answer,
    });
    renderWithProviders(<ProfileRoute />, { route: '/profile', path: '/profile', preloadedState: { user: { userInfo: me } } });
    const section = within(await screen.findByRole('form', { name: 'Text messages' }));
    expect(section.getByTestId('text-consent-summary')).toHaveTextContent('You receive e-mails only.');
    expect(section.getByLabelText('By SMS')).not.toBeChecked();
    expect(section.getByLabelText('By WhatsApp')).not.toBeChecked();

    await user.type(section.getByLabelText('Mobile phone'), '123');
    await user.click(section.getByLabelText('By WhatsApp'));
    expect(summary(section)).toBe('We will text 123 by WhatsApp.');
    await user.click(section.getByRole('button', { name: 'Save text message choices' }));
    expect(await section.findByText(/Please enter a valid phone number/)).toBeInTheDocument();

    answer = { status: 200, body: { ...me, phone: '+21620123456', notify: { sms: true, whatsapp: true } } };
    await user.clear(section.getByLabelText('Mobile phone'));
    await user.type(section.getByLabelText('Mobile phone'), '20 123 456');
    await user.click(section.getByLabelText('By SMS'));
    expect(summary(section)).toBe('We will text +21620123456 by SMS and WhatsApp.');
    await user.click(section.getByRole('button', { name: 'Save text message choices' }));
    expect(await section.findByRole('status')).toHaveTextContent('Your text message choices are saved.');
    expect(sent.filter((r) => r.method === 'PUT').at(-1)?.body).toEqual({ phone: '20 123 456', notify: { sms: true, whatsapp: true } });
  });
});
