import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { setLanguage } from '@/lib/i18n';
import { Contact, mailtoDraft } from './contact';

const shop = {
  name: 'Centre',
  address: '7 Rue de Marseille, 1000 Tunis',
  hours: 'Mon-Fri 8:30-17:30',
  hoursFr: 'Du lundi au vendredi, 8 h 30–17 h 30',
  hoursAr: 'من الاثنين إلى الجمعة، 8:30–17:30',
};

afterEach(async () => {
  await setLanguage('en');
});

describe('contact form', () => {
  it('drafts a mail to the support address with subject, message and sender, all encoded', () => {
    const href = mailtoDraft({ name: 'Amal', email: 'amal@example.com', subject: 'Group & prices', message: 'Hello?\nTen seats.' });
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(url.pathname).toBe('support@courseshop.tn');
    expect(url.searchParams.get('subject')).toBe('Group & prices');
    expect(url.searchParams.get('body')).toBe('Hello?\nTen seats.\n\nFrom: Amal <amal@example.com>');
  });

  it('shows the address and opening hours the shop set (SHOP_ADDRESS, SHOP_HOURS)', async () => {
    mockApi({ 'GET /api/shop': { body: shop } });
    renderWithProviders(<Contact />);
    expect(await screen.findByText('7 Rue de Marseille, 1000 Tunis')).toBeInTheDocument();
    expect(screen.getByText('Mon-Fri 8:30-17:30')).toBeInTheDocument();
  });

  it('shows the opening hours in the page’s language (issue 54)', async () => {
    await setLanguage('ar');
    mockApi({ 'GET /api/shop': { body: shop } });
    renderWithProviders(<Contact />);
    expect(await screen.findByText('من الاثنين إلى الجمعة، 8:30–17:30')).toBeInTheDocument();
    expect(screen.queryByText('Mon-Fri 8:30-17:30')).not.toBeInTheDocument();
  });
});
