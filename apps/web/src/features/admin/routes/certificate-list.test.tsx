import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CertificateListItem } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { signedInAdmin } from '../testing/fixtures';
import { CertificateListRoute } from './certificate-list';

const aCertificate = (overrides: Partial<CertificateListItem> = {}): CertificateListItem => ({
  _id: 'Xy3_kQ9-aB7cD1eF2gH4iJ5k',
  learner: 'Amélie Dupré',
  course: 'Python for Beginners',
  session: null,
  issuedAt: '2026-11-20T10:00:00.000Z',
  centre: 'Centre Ennour',
  status: 'valid',
  revokedAt: null,
  reason: null,
  order: 'o1',
  replacedBy: null,
  ...overrides,
});

const renderList = (route = '/admin/certificates') =>
  renderWithProviders(<CertificateListRoute />, { route, path: '/admin/certificates', preloadedState: signedInAdmin });

describe('CertificateListRoute', () => {
  it('searches by the text typed, sent to the server as q', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/certificates': { body: [aCertificate()], headers: { 'X-Total-Count': '1' } },
    });
    renderList();
    await screen.findByRole('table', { name: 'Certificates, newest first' });
    await user.type(screen.getByLabelText('Name, course or certificate ID'), 'dupré');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent.some((r) => r.path === '/api/certificates' && r.search.get('q') === 'dupré')).toBe(true),
    );
  });

  it('revokes a certificate with the reason typed, from the keyboard', async () => {
    const user = userEvent.setup();
    let revoked = false;
    const { sent } = mockApi({
      'GET /api/certificates': () => ({
        body: [revoked ? aCertificate({ status: 'revoked', reason: 'Wrong course', revokedAt: '2026-11-26T10:00:00.000Z' }) : aCertificate()],
        headers: { 'X-Total-Count': '1' },
      }),
      'POST /api/certificates/Xy3_kQ9-aB7cD1eF2gH4iJ5k/revoke': () => {
        revoked = true;
        return { body: aCertificate({ status: 'revoked', reason: 'Wrong course' }) };
      },
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Certificates, newest first' });
    await user.click(within(table).getByRole('button', { name: 'Revoke the certificate of Amélie Dupré' }));
    const reason = screen.getByLabelText('Reason for revoking');
    expect(reason).toHaveFocus();
    await user.keyboard('Wrong course');
    await user.click(screen.getByRole('button', { name: 'Revoke certificate' }));
    await waitFor(() => expect(within(table).getByText('Revoked')).toBeInTheDocument());
    const post = sent.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ reason: 'Wrong course' });
    expect(screen.queryByLabelText('Reason for revoking')).not.toBeInTheDocument();
  });

  it('re-issues only after the admin confirms', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/certificates': { body: [aCertificate()], headers: { 'X-Total-Count': '1' } },
      'POST /api/certificates/Xy3_kQ9-aB7cD1eF2gH4iJ5k/reissue': {
        status: 201,
        body: aCertificate({ _id: 'NewNewNewNewNewNewNewNew' }),
      },
    });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    renderList();
    const button = await screen.findByRole('button', { name: /Re-issue the certificate of Amélie Dupré/ });
    await user.click(button);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    await user.click(button);
    expect(await screen.findByText('Re-issued: the new certificate is NewNewNewNewNewNewNewNew.')).toBeInTheDocument();
    confirm.mockRestore();
  });
});
