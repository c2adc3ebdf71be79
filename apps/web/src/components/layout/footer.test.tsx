import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { Footer } from './footer';

afterEach(async () => {
  await setLanguage('en');
});

describe('Footer', () => {
  it('keeps the phone number and the e-mail address left to right on Arabic pages (issue 54: "000 000 71 216+")', async () => {
    await setLanguage('ar');
    renderWithProviders(<Footer />);
    const phone = screen.getByRole('link', { name: /^\+216/ });
    expect(phone).toHaveAttribute('dir', 'ltr');
    expect(phone).toHaveAttribute('href', expect.stringMatching(/^tel:\+216\d+$/));
    expect(screen.getByRole('link', { name: /@/ })).toHaveAttribute('dir', 'ltr');
  });
});
