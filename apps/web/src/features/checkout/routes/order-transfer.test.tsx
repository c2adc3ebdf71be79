import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Order } from '@shop/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

const ORDER_ID = 'ab12cd34-0000-4000-8000-000000000001';
const options = {
  methods: ['Card', 'In Place', 'Transfer'],
  onlineProvider: 'test',
  transfer: { bankAccount: 'TN59 1000 6035 0000 1234 5678', d17Number: '22 333 444' },
};

const renderOrder = (isAdmin = false) =>
  renderWithProviders(<OrderRoute />, {
    route: `/order/${ORDER_ID}`,
    path: '/order/:id',
    preloadedState: { user: { userInfo: { ...customer, isAdmin } } },
  });

const transferOrder = (overrides: Partial<Order> = {}) =>
  anOrder({ _id: ORDER_ID, paymentMethod: 'Transfer', totalPrice: 169, ...overrides });

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:proof'), revokeObjectURL: vi.fn() });
});

describe('a Transfer order for its customer', () => {
  it('says what to pay, where, with the order number as reference, and copies each value', async () => {
    const user = userEvent.setup();
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': { body: transferOrder() },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    const section = await screen.findByRole('region', { name: 'Pay by transfer or D17' });
    expect(section).toHaveTextContent('Send 169.00 TND by bank transfer or from your D17 wallet');
    expect(within(section).getByText('TN59 1000 6035 0000 1234 5678')).toBeInTheDocument();
    expect(within(section).getByText('22 333 444')).toBeInTheDocument();
    expect(within(section).getByText('ab12cd34')).toBeInTheDocument();

    await user.click(
      within(section).getByRole('button', { name: 'Copy Reference (your order number)' }),
    );
    expect(writeText).toHaveBeenCalledWith('ab12cd34');
    await user.click(within(section).getByRole('button', { name: 'Copy Bank account (RIB/IBAN)' }));
    expect(writeText).toHaveBeenCalledWith('TN59 1000 6035 0000 1234 5678');
  });

  it('keeps the amount "169,00 TND" left to right inside the Arabic sentence (issue 54)', async () => {
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': { body: transferOrder() },
      'GET /api/payments/options': { body: options },
    });
    await act(() => setLanguage('ar'));
    try {
      renderOrder();
      const section = await screen.findByRole('region', { name: 'الدفع بالتحويل أو D17' });
      expect(section.querySelector('p')?.textContent).toMatch(/\u2066169[.,]00 TND\u2069/);
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('uploads the proof as the multipart field "file", then shows it is being checked', async () => {
    const user = userEvent.setup();
    let order = transferOrder();
    const { sent } = mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': () => ({ body: order }),
      'GET /api/payments/options': { body: options },
      'POST /api/orders/ab12cd34-0000-4000-8000-000000000001/proof': () => {
        order = {
          ...order,
          paymentProof: {
            uploadedAt: '2026-11-21T12:00:00.000Z',
            status: 'submitted',
            reason: null,
          },
        };
        return { body: order };
      },
    });
    renderOrder();
    const input = await screen.findByLabelText('Proof of payment');
    await user.upload(
      input,
      new File(['%PDF-1.4 receipt'], 'receipt.pdf', { type: 'application/pdf' }),
    );
    await user.click(screen.getByRole('button', { name: 'Send the proof' }));

    expect(await screen.findByText(/Proof received on 2026-11-21/)).toBeInTheDocument();
    const upload = sent.find((r) => r.method === 'POST');
    expect(upload?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    // (The test environment's FormData drops the file name a browser sends; the part and bytes are there.)
    expect(String(upload?.body)).toMatch(
      /Content-Disposition: form-data; name="file"; filename="[^"]+"/,
    );
    expect(String(upload?.body)).toContain('%PDF-1.4 receipt');
    // Another proof can still replace it while the order waits.
    expect(screen.getByLabelText('Send another proof of payment')).toBeInTheDocument();
  });

  it('refuses a file that is not a photo or a PDF, or over 5 MB, without sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { sent } = mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': { body: transferOrder() },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    const input = await screen.findByLabelText('Proof of payment');
    await user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(screen.getByRole('button', { name: 'Send the proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This file is not a photo (JPEG, PNG, WebP) or a PDF.',
    );

    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.jpg', { type: 'image/jpeg' });
    await user.upload(input, big);
    await user.click(screen.getByRole('button', { name: 'Send the proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This file is larger than 5 MB.');
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
  });

  it('shows the rejection reason and the server’s refusal of a new upload', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': {
        body: transferOrder({
          paymentProof: {
            uploadedAt: '2026-11-21T12:00:00.000Z',
            status: 'rejected',
            reason: 'The amount is wrong.',
          },
        }),
      },
      'GET /api/payments/options': { body: options },
      'POST /api/orders/ab12cd34-0000-4000-8000-000000000001/proof': {
        status: 400,
        body: {
          message: 'The proof must be a photo (JPEG, PNG or WebP) or a PDF.',
          code: 'VALIDATION',
        },
      },
    });
    renderOrder();
    expect(
      await screen.findByText('Your proof of payment was not accepted. Please send another one.'),
    ).toBeInTheDocument();
    expect(screen.getByText('The amount is wrong.')).toBeInTheDocument();
    const input = screen.getByLabelText('Send another proof of payment');
    await user.upload(input, new File(['x'], 'receipt.png', { type: 'image/png' }));
    await user.click(screen.getByRole('button', { name: 'Send the proof' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The proof must be a photo (JPEG, PNG or WebP) or a PDF.',
    );
  });

  it('while the proof is checked, says until when the seats are held, that it cannot cancel, and whom to call (issue 49)', async () => {
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': {
        body: transferOrder({
          holdExpiresAt: '2026-11-24T10:00:00.000Z',
          paymentProof: { uploadedAt: '2026-11-21T10:00:00.000Z', status: 'submitted', reason: null },
        }),
      },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    const held = await screen.findByText(/Your seats are held until/);
    const state = held.closest('[role="status"]') as HTMLElement;
    expect(state).toHaveTextContent(/Your seats are held until .*2026.* while the centre checks your receipt\./);
    expect(state).toHaveTextContent('The order cannot be cancelled while the receipt is being checked.');
    expect(within(state).getByRole('link', { name: '+216 71 000 000' })).toHaveAttribute('href', 'tel:+21671000000');
    expect(within(state).getByRole('link', { name: 'support@courseshop.tn' })).toHaveAttribute(
      'href',
      'mailto:support@courseshop.tn',
    );
    // The customer is not offered a cancel the API refuses (409 PROOF_SUBMITTED).
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('offers the cancel again once the proof is rejected', async () => {
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': {
        body: transferOrder({
          paymentProof: { uploadedAt: '2026-11-21T10:00:00.000Z', status: 'rejected', reason: 'Illisible' },
        }),
      },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    expect(await screen.findByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(screen.queryByText('The order cannot be cancelled while the receipt is being checked.')).not.toBeInTheDocument();
  });

  it('does not say a receipt is being checked on a cancelled order (issue 54)', async () => {
    mockApi({
      [`GET /api/orders/${ORDER_ID}`]: {
        body: transferOrder({
          status: 'cancelled',
          cancelledAt: '2026-11-22T10:00:00.000Z',
          paymentProof: { uploadedAt: '2026-11-21T10:00:00.000Z', status: 'submitted', reason: null },
        }),
      },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    expect(
      await screen.findByText(/^You sent a proof of payment on 2026-11-21, but this order is no longer open/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/we are checking it/)).not.toBeInTheDocument();
  });

  it('shows nothing to pay once the order is paid', async () => {
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': {
        body: transferOrder({ isPaid: true, status: 'paid', paidAt: '2026-11-22T08:00:00.000Z' }),
      },
      'GET /api/payments/options': { body: options },
    });
    renderOrder();
    expect(await screen.findByText('PAID AT 2026-11-22')).toBeInTheDocument();
    expect(
      screen.queryByRole('region', { name: 'Pay by transfer or D17' }),
    ).not.toBeInTheDocument();
  });
});

describe('a Transfer order for the admin', () => {
  const submitted = {
    uploadedAt: '2026-11-21T12:00:00.000Z',
    status: 'submitted' as const,
    reason: null,
  };

  it('shows the proof picture beside the amounts and approves with Mark as Paid', async () => {
    const user = userEvent.setup();
    let order = transferOrder({
      paymentProof: submitted,
      user: { _id: 'someone', name: 'Amal Ben Salah' },
    });
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': () => ({ body: order }),
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/history': { body: [] },
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/proof': {
        body: {},
        headers: { 'Content-Type': 'image/jpeg' },
      },
      'GET /api/payments/options': { body: options },
      'PUT /api/orders/ab12cd34-0000-4000-8000-000000000001/pay': () => {
        order = { ...order, isPaid: true, status: 'paid', paidAt: '2026-11-22T09:00:00.000Z' };
        return { body: order };
      },
    });
    renderOrder(true);
    const proof = await screen.findByRole('region', { name: 'Proof of payment' });
    expect(
      await within(proof).findByRole('img', { name: `Proof of payment of order ${ORDER_ID}` }),
    ).toHaveAttribute('src', 'blob:proof');
    expect(proof).toHaveTextContent('Sent on 2026-11-21, waiting for your check.');
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await user.click(screen.getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('PAID AT 2026-11-22')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject the proof' })).not.toBeInTheDocument();
  });

  it('gives the focus back to Reject the moment the dialog closes', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': {
        body: transferOrder({
          paymentProof: submitted,
          user: { _id: 'someone', name: 'Amal Ben Salah' },
        }),
      },
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/history': { body: [] },
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/proof': {
        body: {},
        headers: { 'Content-Type': 'application/pdf' },
      },
      'GET /api/payments/options': { body: options },
    });
    renderOrder(true);
    await screen.findByRole('link', { name: 'Open the proof (PDF)' });
    await user.click(screen.getByRole('button', { name: 'Reject the proof' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject the proof of payment' });
    // No waiting (fireEvent: no timer runs in between): the commit that removes the dialog puts the focus back.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject the proof' })).toHaveFocus();
  });

  it('rejects the proof with a reason typed in the dialog, keyboard only', async () => {
    const user = userEvent.setup();
    let order = transferOrder({
      paymentProof: submitted,
      user: { _id: 'someone', name: 'Amal Ben Salah' },
    });
    const { sent } = mockApi({
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001': () => ({ body: order }),
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/history': { body: [] },
      'GET /api/orders/ab12cd34-0000-4000-8000-000000000001/proof': {
        body: {},
        headers: { 'Content-Type': 'application/pdf' },
      },
      'GET /api/payments/options': { body: options },
      'POST /api/orders/ab12cd34-0000-4000-8000-000000000001/proof/reject': (req) => {
        const { reason } = req.body as { reason: string };
        order = { ...order, paymentProof: { ...submitted, status: 'rejected', reason } };
        return { body: order };
      },
    });
    renderOrder(true);
    expect(await screen.findByRole('link', { name: 'Open the proof (PDF)' })).toHaveAttribute(
      'href',
      'blob:proof',
    );
    screen.getByRole('button', { name: 'Reject the proof' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog', { name: 'Reject the proof of payment' });
    const reason = within(dialog).getByLabelText('Reason (the customer reads it)');
    await waitFor(() => expect(reason).toHaveFocus());
    // An empty reason is refused on the spot.
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please give a reason.');
    await user.type(reason, 'The receipt is for another amount.');
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Reject' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(
      await screen.findByText('Rejected: The receipt is for another amount.'),
    ).toBeInTheDocument();
    expect(sent.find((r) => r.path.endsWith('/proof/reject'))?.body).toEqual({
      reason: 'The receipt is for another amount.',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
