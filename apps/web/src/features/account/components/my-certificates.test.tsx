import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListItem, UserInfo } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { ProfileRoute } from '../routes/profile';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amélie Dupré',
  email: 'amelie@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'a-token',
};

const certificate: CertificateListItem = {
  _id: 'Xy3_kQ9-aB7cD1eF2gH4iJ5k',
  learner: 'Amélie Dupré',
  course: 'Python for Beginners',
  session: null,
  issuedAt: '2026-03-20T10:00:00.000Z',
  centre: 'Centre Ennour',
  status: 'valid',
  revokedAt: null,
  reason: null,
  order: 'o1',
  replacedBy: null,
};

describe('the profile’s certificates', () => {
  it('lists the learner’s certificates with a download and LinkedIn’s add-to-profile link', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/profile': { body: me },
      'GET /api/certificates': { body: [certificate], headers: { 'X-Total-Count': '1' } },
    });
    renderWithProviders(<ProfileRoute />, { route: '/profile', preloadedState: { user: { userInfo: me } } });
    await user.click(screen.getByRole('button', { name: 'Show my certificates' }));
    expect(await screen.findByRole('heading', { name: 'Python for Beginners' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download the certificate of Python for Beginners (PDF)' })).toBeEnabled();

    const linkedIn = screen.getByRole('link', { name: /Add the certificate of Python for Beginners to your LinkedIn profile/ });
    const url = new URL(linkedIn.getAttribute('href') ?? '');
    expect(url.origin + url.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Python for Beginners',
      organizationName: 'Centre Ennour',
      issueYear: '2026',
      issueMonth: '3',
      certUrl: `${window.location.origin}/certificates/${certificate._id}`,
      certId: certificate._id,
    });
    expect(linkedIn).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Check page' })).toHaveAttribute('href', `/certificates/${certificate._id}`);
  });

  it('says there is none yet', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/users/profile': { body: me },
      'GET /api/certificates': { body: [], headers: { 'X-Total-Count': '0' } },
    });
    renderWithProviders(<ProfileRoute />, { route: '/profile', preloadedState: { user: { userInfo: me } } });
    await user.click(screen.getByRole('button', { name: 'Show my certificates' }));
    expect(await screen.findByText(/No certificates yet/)).toBeInTheDocument();
  });

  it('says whose each certificate is when the buyer named the learners (issue 51)', async () => {
    const user = userEvent.setup();
    const staff = ['Amine Ben Salah', 'Rim Jlassi'].map((learner, i) => ({ ...certificate, _id: `c${i}`, learner }));
    mockApi({
      'GET /api/users/profile': { body: me },
      'GET /api/certificates': { body: [certificate, ...staff], headers: { 'X-Total-Count': '3' } },
    });
    renderWithProviders(<ProfileRoute />, { route: '/profile', preloadedState: { user: { userInfo: me } } });
    await user.click(screen.getByRole('button', { name: 'Show my certificates' }));
    expect(await screen.findByText('Amine Ben Salah')).toBeInTheDocument();
    expect(screen.getByText('Rim Jlassi').closest('p')).toHaveTextContent('Awarded to Rim Jlassi');
    // The buyer's own certificate says nothing more; each download names whose it is.
    expect(screen.getAllByText(/^Awarded to/)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Download the certificate of Python for Beginners (PDF)' })).toBeEnabled();
    expect(
      screen.getByRole('button', { name: 'Download Rim Jlassi’s certificate of Python for Beginners (PDF)' }),
    ).toBeEnabled();
  });
});
