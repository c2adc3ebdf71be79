import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

/** Issue 51: a child asks a parent to pay; the parent accepts from the mailed link. */

const ORDER_ID = 'ab12cd34-0000-4000-8000-000000000001';
const ORDER_PATH = `/api/orders/${ORDER_ID}`;
const options = {
  methods: ['Card', 'In Place', 'Transfer'],
  onlineProvider: 'test',
  transfer: { bankAccount: 'TN59 1', d17Number: '' },
};
const kid = { ...customer, isKid: true };

describe('Ask a parent to pay', () => {
  it('sends the adult’s e-mail after a confirmation, and says it was sent', async () => {
    const user = userEvent.setup();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    const { sent } = mockApi({
      [`GET ${ORDER_PATH}`]: { body: anOrder({ _id: ORDER_ID, paymentMethod: 'Transfer' }) },
      'GET /api/payments/options': { body: options },
      [`POST ${ORDER_PATH}/payer`]: { body: { message: 'sent' } },
    });
    renderWithProviders(<OrderRoute />, {
      route: `/order/${ORDER_ID}`,
      path: '/order/:id',
      preloadedState: { user: { userInfo: kid } },
    });
    const ask = await screen.findByRole('region', { name: 'Ask a parent to pay' });
    await user.type(within(ask).getByLabelText('Adult’s e-mail address'), 'mum@example.com{Enter}');
    expect(confirm).toHaveBeenCalledWith(expect.stringContaining('mum@example.com'));
    expect(await within(ask).findByText(/Request sent to mum@example.com/)).toBeInTheDocument();
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({ email: 'mum@example.com' });
  });

  it('is not offered to an adult buyer', async () => {
    mockApi({
      [`GET ${ORDER_PATH}`]: { body: anOrder({ _id: ORDER_ID }) },
      'GET /api/payments/options': { body: options },
    });
    renderWithProviders(<OrderRoute />, {
      route: `/order/${ORDER_ID}`,
      path: '/order/:id',
      preloadedState: { user: { userInfo: customer } },
    });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('region', { name: 'Ask a parent to pay' })).not.toBeInTheDocument();
  });
});

describe('the parent’s link', () => {
  it('accepts with the link’s token and the chosen method, then shows the order to pay', async () => {
    const user = userEvent.setup();
    const parent = { ...customer, _id: 'p1', name: 'Mouna' };
    let accepted = false;
    const { sent } = mockApi({
      [`GET ${ORDER_PATH}`]: () =>
        accepted
          ? {
              body: anOrder({
                _id: ORDER_ID,
                user: { _id: 'k1', name: 'Yassine', email: 'y@example.com' },
                paymentMethod: 'Transfer',
                payer: { _id: 'p1', name: 'Mouna', email: 'm@example.com' },
              }),
            }
          : { status: 403, body: { message: 'You are not allowed to do this', code: 'FORBIDDEN' } },
      'GET /api/payments/options': { body: options },
      [`POST ${ORDER_PATH}/payer/accept`]: () => {
        accepted = true;
        return { body: anOrder({ _id: ORDER_ID }) };
      },
    });
    renderWithProviders(<OrderRoute />, {
      route: `/order/${ORDER_ID}?payer=tok_123`,
      path: '/order/:id',
      preloadedState: { user: { userInfo: parent } },
    });
    await screen.findByRole('heading', { name: 'Pay for a child’s order' });
    // The methods come with the shop's payment options.
    await user.selectOptions(await screen.findByLabelText('How will you pay?'), 'Transfer');
    await user.click(screen.getByRole('button', { name: 'Accept and continue to payment' }));
    expect(await screen.findByText(/You are paying for Yassine’s order/)).toBeInTheDocument();
    expect(sent.find((r) => r.path.endsWith('/payer/accept'))?.body).toEqual({
      token: 'tok_123',
      paymentMethod: 'Transfer',
    });
    expect(
      await screen.findByRole('region', { name: 'Pay by transfer or D17' }),
    ).toBeInTheDocument();
  });

  it('tells a child account to use an adult account', async () => {
    mockApi({
      [`GET ${ORDER_PATH}`]: { body: anOrder({ _id: ORDER_ID }) },
      'GET /api/payments/options': { body: options },
    });
    renderWithProviders(<OrderRoute />, {
      route: `/order/${ORDER_ID}?payer=tok_123`,
      path: '/order/:id',
      preloadedState: { user: { userInfo: kid } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A child account cannot pay for an order',
    );
  });
});
