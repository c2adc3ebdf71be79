import { screen } from '@testing-library/react';
import type { Certificate } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CertificateCheckRoute } from './certificate-check';

const ID = 'Xy3_kQ9-aB7cD1eF2gH4iJ5k';
const valid: Certificate = {
  _id: ID,
  learner: 'Amélie Dupré',
  course: 'Python for Beginners',
  session: null,
  issuedAt: '2026-11-20T10:00:00.000Z',
  centre: 'Centre de Formation Ennour SARL',
  status: 'valid',
  revokedAt: null,
  reason: null,
};

const renderCheck = () =>
  renderWithProviders(<CertificateCheckRoute />, {
    route: paths.certificate(ID),
    path: '/certificates/:id',
    preloadedState: { user: { userInfo: null } },
  });

afterEach(() => {
  setLanguage('en');
  document.head.querySelector('meta[name="robots"]')?.remove();
});

describe('CertificateCheckRoute', () => {
  it('shows a valid certificate: name, course, date, centre and id, and asks search engines to skip the page', async () => {
    mockApi({ [`GET /api/certificates/${ID}`]: { body: valid } });
    renderCheck();
    expect(await screen.findByText('Amélie Dupré')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Valid · This certificate is valid.');
    expect(screen.getByText('Python for Beginners')).toBeInTheDocument();
    expect(screen.getByText('2026-11-20')).toBeInTheDocument();
    expect(screen.getByText('Centre de Formation Ennour SARL')).toBeInTheDocument();
    expect(screen.getByText(ID)).toBeInTheDocument();
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
  });

  it('says a revoked certificate is revoked, when and why', async () => {
    mockApi({
      [`GET /api/certificates/${ID}`]: {
        body: { ...valid, status: 'revoked', revokedAt: '2026-11-25T09:00:00.000Z', reason: 'Attendance below 80 %' },
      },
    });
    renderCheck();
    expect(await screen.findByText(/This certificate was revoked on 2026-11-25/)).toBeInTheDocument();
    expect(screen.getByText('Attendance below 80 %')).toBeInTheDocument();
  });

  it('says plainly when no certificate has the address', async () => {
    mockApi({ [`GET /api/certificates/${ID}`]: { status: 404, body: { message: 'Certificate not found' } } });
    renderCheck();
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('No certificate has this address');
  });

  it('names the course in the language on screen, as issued (issue 54)', async () => {
    mockApi({
      [`GET /api/certificates/${ID}`]: { body: { ...valid, courseFr: 'Python pour débutants', courseAr: 'بايثون للمبتدئين' } },
    });
    setLanguage('fr');
    renderCheck();
    expect(await screen.findByText('Python pour débutants')).toBeInTheDocument();
    expect(screen.queryByText('Python for Beginners')).not.toBeInTheDocument();
  });

  it('speaks French and Arabic, Arabic right to left', async () => {
    mockApi({ [`GET /api/certificates/${ID}`]: { body: valid } });
    setLanguage('ar');
    renderCheck();
    expect(await screen.findByText('هذه الشهادة صالحة.', { exact: false })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByText(ID).closest('code')).toHaveAttribute('dir', 'ltr');
  });
});
