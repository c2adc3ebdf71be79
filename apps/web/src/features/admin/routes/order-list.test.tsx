import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { anOrder, signedInAdmin } from '../testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { OrderListRoute } from './order-list';

const unpaid = anOrder({ _id: 'o1', totalPrice: 138.58 });
const paid = anOrder({
  _id: 'o2',
  user: { _id: null, name: 'Gone' },
  isPaid: true,
  paidAt: '2026-11-04T08:00:00.000Z',
  isLearned: true,
  learnedAt: '2026-11-05T08:00:00.000Z',
  status: 'learned',
});

const renderList = (route = '/admin/orderlist') =>
  renderWithProviders(<OrderListRoute />, {
    route,
    path: '/admin/orderlist',
    preloadedState: signedInAdmin,
  });

describe('OrderListRoute', () => {
  it('reads its filters from the URL and asks the server again when one changes', async () => {
    const { sent } = mockApi({ 'GET /api/orders': { body: [unpaid], headers: { 'X-Total-Count': '1' } } });
    renderList('/admin/orderlist?paid=false&q=sami&page=2');
    await screen.findByRole('table');
    expect(Object.fromEntries(sent[0]!.search)).toEqual({ paid: 'false', q: 'sami', page: '2', limit: '20' });
    expect(screen.getByRole('searchbox', { name: 'Customer, e-mail or order id' })).toHaveValue('sami');
    expect(screen.getByRole('combobox', { name: 'Paid' })).toHaveValue('false');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Payment' }), 'On place');
    // A new filter goes back to page 1 and keeps the others.
    await waitFor(() =>
      expect(Object.fromEntries(sent.at(-1)!.search)).toEqual({ paid: 'false', q: 'sami', paymentMethod: 'In Place', page: '1', limit: '20' }),
    );
  });

  it('shows each order with user, date, total in $, paid and learned state', async () => {
    mockApi({ 'GET /api/orders': { body: [unpaid, paid], headers: { 'X-Total-Count': '2' } } });
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Sami Ben Ali')).toBeInTheDocument();
    expect(within(first!).getByText('2026-11-03')).toBeInTheDocument();
    expect(within(first!).getByText('$138.58')).toBeInTheDocument();
    expect(within(first!).getAllByText('NO')).toHaveLength(2);
    expect(within(first!).getByText('Credit Card')).toBeInTheDocument();
    expect(within(second!).getByText('Deleted user')).toBeInTheDocument();
    expect(within(second!).getByText('2026-11-04')).toBeInTheDocument();
    expect(within(second!).getByText('2026-11-05')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Details of order o2' })).toHaveAttribute(
      'href',
      '/order/o2',
    );
  });

  it('names each line’s course and session, so staff need not open the order (issue 54)', async () => {
    const dated = anOrder({
      _id: 'o3',
      orderItems: [
        { _id: 'line-c1', learners: [], course: 'c1', name: 'Python for Beginners', qty: 1, price: 120.5, image: '/p.svg', session: null },
        {
          _id: 'line-c2',
          learners: [],
          course: 'c2',
          name: 'Excel for Business',
          qty: 3,
          price: 90,
          image: '/e.svg',
          session: {
            _id: 's1',
            startsAt: '2027-01-12T17:00:00.000Z',
            endsAt: '2027-03-20T19:00:00.000Z',
            schedule: 'Tue and Thu 18:00-20:00',
            place: 'Sousse',
          },
        },
      ],
    });
    mockApi({ 'GET /api/orders': { body: [dated], headers: { 'X-Total-Count': '1' } } });
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    expect(within(table).getByRole('columnheader', { name: 'Courses' })).toBeInTheDocument();
    const cell = within(within(table).getAllByRole('row')[1]!).getAllByRole('listitem');
    expect(cell.map((item) => item.textContent)).toEqual([
      'Python for Beginners',
      expect.stringMatching(/^Excel for Business ×3 ?12 Jan\s–\s20 Mar 2027 · Sousse$/),
    ]);
  });

  it('shows each invoice with the reference El Fatoora gave, or that one is still to record (issue 52)', async () => {
    const company = { kind: 'company' as const, name: 'Sotra SA', taxId: '1234567APM000' };
    const recorded = anOrder({
      _id: 'o3', isPaid: true, paidAt: '2026-11-04T08:00:00.000Z', status: 'paid', invoiceNumber: '2026-00007',
      invoiceTo: company, invoiceTtn: { reference: 'TTN-2026-ABC', recordedAt: '2026-11-05T08:00:00.000Z' },
    });
    const waiting = anOrder({ _id: 'o4', isPaid: true, paidAt: '2026-11-04T08:00:00.000Z', status: 'paid', invoiceNumber: '2026-00008', invoiceTo: company });
    const person = anOrder({ _id: 'o5', isPaid: true, paidAt: '2026-11-04T08:00:00.000Z', status: 'paid', invoiceNumber: '2026-00009' });
    mockApi({ 'GET /api/orders': { body: [recorded, waiting, person, unpaid], headers: { 'X-Total-Count': '4' } } });
    renderList();
    const table = await screen.findByRole('table', { name: 'Orders' });
    const [r, w, p, u] = within(table).getAllByRole('row').slice(1);
    // The number in a left-to-right isolate of its own (whole and in order on an Arabic card).
    const invoiceLine = (row: HTMLElement, text: string) =>
      within(row).getByText((_, el) => el?.classList.contains('admin-table__invoice') === true && el.textContent === text);
    expect(invoiceLine(r!, 'Invoice 2026-00007').querySelector('bdi[dir="ltr"]')?.textContent).toBe('2026-00007');
    expect(within(r!).getByText('El Fatoora: TTN-2026-ABC')).toBeInTheDocument();
    expect(within(w!).getByText('El Fatoora: to record')).toBeInTheDocument();
    // No buyer identified: no e-invoice is due, so nothing waits for a reference.
    expect(invoiceLine(p!, 'Invoice 2026-00009')).toBeInTheDocument();
    expect(within(p!).queryByText(/El Fatoora/)).toBeNull();
    expect(within(u!).queryByText(/El Fatoora/)).toBeNull();
  });

  it('offers Mark as Paid only for unpaid orders and sends the pay call', async () => {
    const { sent } = mockApi({
      'GET /api/orders': { body: [unpaid, paid], headers: { 'X-Total-Count': '2' } },
      'PUT /api/orders/o1/pay': {
        body: { ...unpaid, isPaid: true, paidAt: '2026-11-06T08:00:00.000Z', status: 'paid' },
      },
    });
    renderList();
    await screen.findByRole('table');
    const buttons = screen.getAllByRole('button', { name: /^Mark as Paid/ });
    expect(buttons).toHaveLength(1);
    expect(buttons[0]).toHaveAccessibleName('Mark as Paid: order o1');
    expect(buttons[0]).toHaveTextContent('Mark as Paid');

    // Issue 54: asked first, naming the order and the money; "no" sends nothing.
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    await userEvent.click(buttons[0]!);
    expect(confirm).toHaveBeenLastCalledWith(
      'Mark order o1 as paid (138.58 TND)? Only once the money has reached the centre: the customer then gets the invoice and the “payment received” mail.',
    );
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    await userEvent.click(buttons[0]!);
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'PUT' && r.path === '/api/orders/o1/pay')).toBe(true),
    );
    await waitFor(() => expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2));
  });

  it('shows why a payment was refused', async () => {
    mockApi({
      'GET /api/orders': { body: [unpaid], headers: { 'X-Total-Count': '1' } },
      'PUT /api/orders/o1/pay': { status: 409, body: { message: 'Order is already paid' } },
    });
    renderList();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await userEvent.click(await screen.findByRole('button', { name: 'Mark as Paid: order o1' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Order is already paid');
  });

  it("shows the bare word 'error' on failure", async () => {
    mockApi({
      'GET /api/orders': {
        status: 500,
        body: { message: 'Something went wrong on our side. Please try again.' },
      },
    });
    renderList();
    expect(await screen.findByText('error')).toHaveAttribute(
      'title',
      'Something went wrong on our side. Please try again.',
    );
  });

  it('offers Cancel for open orders only and cancels after a question that takes the reason (issue 54)', async () => {
    const confirm = vi.spyOn(window, 'prompt').mockReturnValueOnce(null).mockReturnValue('  Trainer ill  ');
    const expired = anOrder({ _id: 'o3', status: 'expired' });
    const { sent } = mockApi({
      'GET /api/orders': { body: [unpaid, paid, expired], headers: { 'X-Total-Count': '3' } },
      'POST /api/orders/o1/cancel': { body: { ...unpaid, status: 'cancelled' } },
    });
    renderList();
    const table = await screen.findByRole('table');
    const [, first, , third] = within(table).getAllByRole('row');
    expect(within(first!).getByText('Pending')).toBeInTheDocument();
    expect(within(third!).getByText('Expired')).toBeInTheDocument();
    const cancels = screen.getAllByRole('button', { name: /^Cancel order/ });
    expect(cancels.map((b) => b.getAttribute('aria-label'))).toEqual(['Cancel order o1']);
    // An expired order can still be marked paid: the server takes its seats again if it can.
    expect(within(third!).getByRole('button', { name: 'Mark as Paid: order o3' })).toBeInTheDocument();

    // Kept (the question dismissed): nothing sent.
    await userEvent.click(cancels[0]!);
    expect(sent.some((r) => r.method === 'POST')).toBe(false);
    await userEvent.click(cancels[0]!);
    expect(confirm).toHaveBeenCalledWith(
      "Cancel this order? Its seats go back on sale.\n\nReason (optional; shown on the order and in the customer's mail):",
      '',
    );
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'POST' && r.path === '/api/orders/o1/cancel')?.body).toEqual({ reason: 'Trainer ill' }),
    );
    confirm.mockRestore();
  });
});
