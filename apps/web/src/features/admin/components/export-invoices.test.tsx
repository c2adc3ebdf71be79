import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { OrderListRoute } from '../routes/order-list';
import { signedInAdmin } from '../testing/fixtures';
import { lastMonth } from './export-invoices';

/* Issue 52: the accountant's ZIP of a period's invoices and credit notes, from the orders list. */

const renderList = () =>
  renderWithProviders(<OrderListRoute />, { route: '/admin/orderlist', path: '/admin/orderlist', preloadedState: signedInAdmin });

const list = { 'GET /api/orders': { body: [], headers: { 'X-Total-Count': '0' } } };
const exportForm = async () => within(await screen.findByRole('form', { name: 'Accountant’s export' }));

describe('accountant’s export', () => {
  it('defaults to last month in Tunis days (Tunis is already in the new month at 23:30 UTC)', () => {
    expect(lastMonth(new Date('2026-12-31T23:30:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(lastMonth(new Date('2026-12-31T22:30:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(lastMonth(new Date('2027-03-15T12:00:00Z'))).toEqual({ from: '2027-02-01', to: '2027-02-28' });
  });

  it('downloads the ZIP of the chosen period and saves it under its name', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:zip');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { sent } = mockApi({ ...list, 'GET /api/invoices/export': { body: 'PK' } });
    renderList();
    const form = await exportForm();
    const { from, to } = lastMonth();
    expect(form.getByLabelText('From')).toHaveValue(from);
    expect(form.getByLabelText('To')).toHaveValue(to);
    await user.clear(form.getByLabelText('From'));
    await user.type(form.getByLabelText('From'), '2026-10-01');
    await user.clear(form.getByLabelText('To'));
    await user.type(form.getByLabelText('To'), '2026-10-31');
    await user.click(form.getByRole('button', { name: 'Download the ZIP' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const asked = sent.find((r) => r.path === '/api/invoices/export');
    expect(Object.fromEntries(asked!.search)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    const saved = click.mock.contexts.at(-1) as HTMLAnchorElement;
    expect(saved.download).toBe('invoices-2026-10-01-2026-10-31.zip');
    expect(saved.href).toBe('blob:zip');
    click.mockRestore();
  });

  it('a period that ends before it starts is refused on the page; the server’s refusal is shown', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      ...list,
      'GET /api/invoices/export': { status: 400, body: { message: 'from must not be after to', code: 'VALIDATION' } },
    });
    renderList();
    const form = await exportForm();
    await user.clear(form.getByLabelText('From'));
    await user.type(form.getByLabelText('From'), '2026-11-30');
    await user.clear(form.getByLabelText('To'));
    await user.type(form.getByLabelText('To'), '2026-11-01');
    await user.click(form.getByRole('button', { name: 'Download the ZIP' }));
    expect(form.getByRole('alert')).toHaveTextContent('The first day must not be after the last day.');
    expect(sent.some((r) => r.path === '/api/invoices/export')).toBe(false);

    await user.clear(form.getByLabelText('To'));
    await user.click(form.getByRole('button', { name: 'Download the ZIP' }));
    expect(form.getByRole('alert')).toHaveTextContent('Choose both days of the period.');

    await user.type(form.getByLabelText('To'), '2026-12-01');
    await user.keyboard('{Enter}');
    expect(await form.findByText('from must not be after to')).toBeInTheDocument();
  });

  it('speaks French and Arabic', async () => {
    mockApi(list);
    renderList();
    await exportForm();
    await act(() => setLanguage('fr'));
    expect(screen.getByRole('form', { name: 'Export pour le comptable' })).toHaveTextContent('Télécharger le ZIP');
    await act(() => setLanguage('ar'));
    expect(screen.getByRole('form', { name: 'تصدير للمحاسب' })).toHaveTextContent('تنزيل ملف ZIP');
    await act(() => setLanguage('en'));
  });
});
