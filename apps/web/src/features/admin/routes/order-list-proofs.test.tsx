import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { mockApi } from '@/testing/mock-api';
import { anOrder, signedInAdmin } from '../testing/fixtures';
import { HoldsTable } from '../components/dashboard-tables';
import { OrderListRoute } from './order-list';

const waiting = anOrder({
  _id: 'o5',
  paymentMethod: 'Transfer',
  paymentProof: { uploadedAt: '2026-11-05T08:00:00.000Z', status: 'submitted', reason: null },
});

describe('proofs of payment to check (issue 36)', () => {
  it('filters the order list on "Proof to check" and asks the server for proof=submitted', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({ 'GET /api/orders': { body: [waiting], headers: { 'X-Total-Count': '1' } } });
    renderWithProviders(<OrderListRoute />, {
      route: '/admin/orderlist',
      path: '/admin/orderlist',
      preloadedState: signedInAdmin,
    });
    await screen.findByRole('table', { name: 'Orders' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Proof of payment' }), 'Proof to check');
    await waitFor(() => expect(Object.fromEntries(sent.at(-1)!.search)).toMatchObject({ proof: 'submitted', page: '1' }));
    expect(within(screen.getByRole('table', { name: 'Orders' })).getByText('Transfer')).toBeInTheDocument();
  });

  it('marks the dashboard’s customers to call whose proof waits for a check', () => {
    renderWithProviders(
      <HoldsTable
        holds={[
          {
            _id: 'o5',
            user: { _id: 'u1', name: 'Leila Mansour', email: 'leila@example.tn' },
            totalPrice: 111.5,
            holdExpiresAt: '2026-04-05T10:00:00.000Z',
            paymentMethod: 'Transfer',
            proofWaiting: true,
          },
          {
            _id: 'o6',
            user: { _id: 'u2', name: 'Karim Trabelsi', email: 'karim@example.tn' },
            totalPrice: 90,
            holdExpiresAt: '2026-04-03T10:00:00.000Z',
            paymentMethod: 'In Place',
            proofWaiting: false,
          },
        ]}
      />,
      { route: '/admin', path: '/admin', preloadedState: signedInAdmin },
    );
    const [first, second] = screen.getAllByRole('row').slice(1);
    expect(first).toHaveTextContent('Proof of payment to check');
    expect(second).not.toHaveTextContent('Proof of payment to check');
  });
});
