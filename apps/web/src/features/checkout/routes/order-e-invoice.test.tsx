import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Order } from '@shop/shared';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { anOrder, customer } from '../testing/fixtures';
import { OrderRoute } from './order';

/* Issue 52: the admin records the reference El Fatoora gave the invoice and each credit note, and downloads their TEIF files. */

const admin = { ...customer, _id: 'admin-1', isAdmin: true };
const paid = anOrder({
  status: 'paid',
  isPaid: true,
  paidAt: '2026-11-22T09:00:00.000Z',
  invoiceNumber: 'FA-2026-00007',
  invoiceTo: { kind: 'company', name: 'Sotradis SARL', taxId: '1234567ABM000' } as Order['invoiceTo'],
});
const recorded: Order = { ...paid, invoiceTtn: { reference: 'TTN-0426-ABC', recordedAt: '2026-11-25T10:00:00.000Z' } };
const refund = (creditNoteNumber: string, ttn: Order['invoiceTtn'] = null): NonNullable<Order['refund']> => ({
  status: 'done',
  amount: 50,
  provider: 'konnect',
  reference: `ref-${creditNoteNumber}`,
  dueAt: '2026-11-23T09:00:00.000Z',
  doneAt: '2026-11-23T10:00:00.000Z',
  creditNoteNumber,
  creditNoteTtn: ttn,
});

const renderOrder = (userInfo = admin) =>
  renderWithProviders(<OrderRoute />, { route: '/order/o1', path: '/order/:id', preloadedState: { user: { userInfo } } });

const section = async () => within(await screen.findByRole('region', { name: 'El Fatoora reference' }));

describe('OrderRoute: El Fatoora references (admin)', () => {
  it('records the invoice’s reference, then shows it with its date; changing it sends the new one', async () => {
    const user = userEvent.setup();
    let current: Order = paid;
    const { sent } = mockApi({
      'GET /api/orders/o1': () => ({ body: current }),
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/invoice/ttn': (request) => {
        const { reference } = request.body as { reference: string };
        current = { ...paid, invoiceTtn: { reference, recordedAt: '2026-11-25T10:00:00.000Z' } };
        return { body: current };
      },
    });
    renderOrder();
    const box = await section();
    expect(box.getByText(/Invoice FA-2026-00007/).parentElement).toHaveTextContent('Invoice FA-2026-00007: not recorded yet');
    await user.type(box.getByLabelText('Reference El Fatoora gave'), '  TTN-0426-ABC ');
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
        path: '/api/orders/o1/invoice/ttn',
        body: { reference: 'TTN-0426-ABC' },
      }),
    );
    expect(await box.findByText('TTN-0426-ABC')).toHaveAttribute('dir', 'ltr');
    expect(box.getByText(/^Invoice FA-2026-00007/).parentElement).toHaveTextContent('Invoice FA-2026-00007: TTN-0426-ABC (recorded on 2026-11-25)');
    // The field is emptied and now offers to change it.
    const field = box.getByLabelText('Change the reference');
    expect(field).toHaveValue('');
    await user.type(field, 'TTN-0426-XYZ');
    await user.click(box.getByRole('button', { name: 'Record the reference' }));
    expect(await box.findByText('TTN-0426-XYZ')).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { reference: 'TTN-0426-ABC' },
      { reference: 'TTN-0426-XYZ' },
    ]);
  });

  it('an empty reference is refused on the page; the server’s refusal is shown as it says', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'GET /api/orders/o1': { body: paid },
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/invoice/ttn': {
        status: 400,
        body: { message: 'The TTN reference must be at most 70 characters', code: 'VALIDATION' },
      },
    });
    renderOrder();
    const box = await section();
    await user.type(box.getByLabelText('Reference El Fatoora gave'), '   ');
    await user.click(box.getByRole('button', { name: 'Record the reference' }));
    expect(box.getByRole('alert')).toHaveTextContent('Type the reference El Fatoora gave.');
    expect(sent.some((r) => r.method === 'PUT')).toBe(false);
    await user.type(box.getByLabelText('Reference El Fatoora gave'), 'x');
    await user.click(box.getByRole('button', { name: 'Record the reference' }));
    expect(await box.findByRole('alert')).toHaveTextContent('The TTN reference must be at most 70 characters');
  });

  it('each credit note has its own reference, sent with its number', async () => {
    const user = userEvent.setup();
    const first = refund('AV-2026-00001', { reference: 'TTN-AV-1', recordedAt: '2026-11-24T08:00:00.000Z' });
    const second = refund('AV-2026-00002');
    const refunded = anOrder({ ...paid, status: 'cancelled', refund: second, refunds: [first, second] });
    const { sent } = mockApi({
      'GET /api/orders/o1': { body: refunded },
      'GET /api/orders/o1/history': { body: [] },
      'PUT /api/orders/o1/credit-note/ttn': { body: refunded },
    });
    renderOrder();
    const box = await section();
    expect(box.getByText(/Credit note AV-2026-00001/).parentElement).toHaveTextContent(
      'Credit note AV-2026-00001: TTN-AV-1 (recorded on 2026-11-24)',
    );
    expect(box.getByText(/Credit note AV-2026-00002/).parentElement).toHaveTextContent('not recorded yet');
    // Invoice, then the two credit notes: the third form is the second credit note's.
    const fields = box.getAllByRole('textbox');
    expect(fields).toHaveLength(3);
    await user.type(fields[2]!, 'TTN-AV-2{Enter}');
    await waitFor(() =>
      expect(sent.find((r) => r.method === 'PUT')).toMatchObject({
        path: '/api/orders/o1/credit-note/ttn',
        body: { reference: 'TTN-AV-2', number: 'AV-2026-00002' },
      }),
    );
  });

  it('downloads invoice.xml and credit-note.xml; a buyer not identified gets the server’s reason', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:xml');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const refunded = anOrder({ ...paid, refunds: [refund('AV-2026-00003')] });
    const { sent } = mockApi({
      'GET /api/orders/o1': { body: refunded },
      'GET /api/orders/o1/history': { body: [] },
      'GET /api/orders/o1/invoice.xml': {
        status: 409,
        body: { message: 'This invoice names no company or person with a tax id.', code: 'BUYER_NOT_IDENTIFIED' },
      },
      'GET /api/orders/o1/credit-note.xml': { body: '<TEIF/>' },
    });
    renderOrder();
    const box = await section();
    await user.click(box.getByRole('button', { name: 'Download invoice.xml (TEIF)' }));
    expect(await box.findByRole('alert')).toHaveTextContent('This invoice names no company or person with a tax id.');
    await user.click(box.getByRole('button', { name: 'Download credit-note.xml (TEIF) AV-2026-00003' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    expect(sent.find((r) => r.path === '/api/orders/o1/credit-note.xml')?.search.get('number')).toBe('AV-2026-00003');
  });

  it('the customer sees none of it; French and Arabic for the admin', async () => {
    mockApi({ 'GET /api/orders/o1': { body: recorded }, 'GET /api/orders/o1/history': { body: [] } });
    const first = renderOrder(customer);
    await screen.findByRole('button', { name: 'Download invoice' });
    expect(screen.queryByRole('region', { name: 'El Fatoora reference' })).not.toBeInTheDocument();
    expect(screen.queryByText(/TTN-0426-ABC/)).not.toBeInTheDocument();
    first.unmount();

    renderOrder();
    await section();
    await act(() => setLanguage('fr'));
    const fr = within(screen.getByRole('region', { name: 'Référence El Fatoora' }));
    expect(fr.getByText(/^Facture FA-2026-00007/).parentElement).toHaveTextContent(/TTN-0426-ABC \(enregistrée le /);
    expect(fr.getByRole('button', { name: 'Enregistrer la référence' })).toBeInTheDocument();
    await act(() => setLanguage('ar'));
    const ar = within(screen.getByRole('region', { name: 'مرجع منصة الفاتورة (El Fatoora)' }));
    expect(ar.getByText(/^الفاتورة FA-2026-00007/).parentElement).toHaveTextContent(/TTN-0426-ABC \(سُجّل في /);
    expect(ar.getByRole('button', { name: 'تسجيل المرجع' })).toBeInTheDocument();
    await act(() => setLanguage('en'));
  });
});
