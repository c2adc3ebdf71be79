import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Coupon } from '@shop/shared';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { signedInAdmin } from '../testing/fixtures';
import { CouponEditRoute } from './coupon-edit';
import { CouponListRoute } from './coupon-list';

const aCoupon = (overrides: Partial<Coupon> = {}): Coupon => ({
  _id: 'c0000000-0000-4000-8000-000000000001',
  code: 'RENTREE',
  kind: 'percent',
  value: 20,
  startsAt: null,
  endsAt: null,
  maxUses: 10,
  maxUsesPerCustomer: null,
  courses: [],
  categories: [],
  minItemsPrice: null,
  uses: 3,
  disabled: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('admin coupons (issue 37)', () => {
  it('lists each code with its value and uses; deleting a used one says it was disabled', async () => {
    const user = userEvent.setup();
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    let disabled = false;
    const { sent } = mockApi({
      'GET /api/coupons': () => ({ body: [aCoupon({ disabled })] }),
      [`DELETE /api/coupons/${aCoupon()._id}`]: () => {
        disabled = true;
        return { body: { message: 'Coupon already used: disabled instead of removed' } };
      },
    });
    renderWithProviders(<CouponListRoute />, { route: '/admin/coupons', path: '/admin/coupons', preloadedState: signedInAdmin });
    const table = await screen.findByRole('table', { name: 'Coupons' });
    const row = within(table).getByRole('row', { name: /RENTREE/ });
    expect(row).toHaveTextContent('20 %');
    expect(row).toHaveTextContent('3 / 10');
    expect(row).toHaveTextContent('Active');
    await user.click(within(row).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Coupon already used: disabled instead of removed')).toBeInTheDocument();
    expect(sent.some((r) => r.method === 'DELETE')).toBe(true);
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Coupons' })).getByRole('row', { name: /RENTREE/ })).toHaveTextContent('Disabled'));
  });

  it('creates a coupon from the form and shows the server’s refusal', async () => {
    const user = userEvent.setup();
    let first = true;
    const { sent } = mockApi({
      'GET /api/courses': { body: [], headers: { 'X-Total-Count': '0' } },
      'POST /api/coupons': () => {
        if (first) {
          first = false;
          return { status: 409, body: { message: 'A coupon with this code already exists', code: 'COUPON_EXISTS' } };
        }
        return { status: 201, body: aCoupon({ code: 'EARLY', kind: 'fixed', value: 25 }) };
      },
      'GET /api/coupons': { body: [] },
    });
    const { router } = renderWithProviders(<CouponEditRoute />, {
      route: '/admin/coupons/new',
      path: '/admin/coupons/new',
      preloadedState: signedInAdmin,
      routes: [{ path: '/admin/coupons', element: <p>coupon list</p> }],
    });
    await user.type(screen.getByLabelText('Code'), 'EARLY');
    await user.selectOptions(screen.getByLabelText('Kind'), 'fixed');
    await user.type(screen.getByLabelText('Value (TND)'), '25');
    await user.type(screen.getByLabelText('Valid until'), '2026-12-31');
    await user.click(screen.getByRole('checkbox', { name: 'Programming' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A coupon with this code already exists');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/coupons'));
    expect(sent.filter((r) => r.path === '/api/coupons' && r.method === 'POST').at(-1)?.body).toEqual({
      code: 'EARLY',
      kind: 'fixed',
      value: 25,
      startsAt: null,
      endsAt: '2026-12-31T23:59:59.999Z',
      maxUses: null,
      maxUsesPerCustomer: null,
      minItemsPrice: null,
      courses: [],
      categories: ['Programming'],
      disabled: false,
    });
  });

  it('finds the coupon’s courses by a search, lists the chosen ones first and says amounts in TND (issue 54)', async () => {
    const user = userEvent.setup();
    const course = (id: string, name: string, nameFr = '') => ({ _id: id, name, nameFr, nameAr: '', price: 100, availability: 5 });
    const { sent } = mockApi({
      'GET /api/courses': ({ search }) => {
        const keyword = search.get('keyword');
        const all = [course('c1', 'Pastry Basics', 'Pâtisserie'), course('c2', 'Excel for Business'), course('c3', 'Python')];
        const found = keyword ? all.filter((c) => `${c.name} ${c.nameFr}`.toLowerCase().includes(keyword.toLowerCase())) : all;
        return { body: found, headers: { 'X-Total-Count': String(found.length) } };
      },
      'POST /api/coupons': { status: 201, body: aCoupon({ code: 'EXCEL' }) },
      'GET /api/coupons': { body: [] },
    });
    renderWithProviders(<CouponEditRoute />, {
      route: '/admin/coupons/new',
      path: '/admin/coupons/new',
      preloadedState: signedInAdmin,
      routes: [{ path: '/admin/coupons', element: <p>coupon list</p> }],
    });
    expect(screen.getByLabelText('Value (%)')).toBeInTheDocument();
    expect(screen.getByLabelText('Minimum amount of the courses, in TND (empty: none)')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Python' });
    await user.type(screen.getByLabelText('Find a course by name'), 'excel');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Python' })).not.toBeInTheDocument());
    expect(sent.some((r) => r.path === '/api/courses' && r.search.get('keyword') === 'excel')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: 'Excel for Business' }));
    const chosen = screen.getByRole('list', { name: '1 course chosen' });
    expect(within(chosen).getByText('Excel for Business')).toBeInTheDocument();
    // The search moves on: the chosen course stays named, and can be removed from its chip.
    await user.clear(screen.getByLabelText('Find a course by name'));
    await user.type(screen.getByLabelText('Find a course by name'), 'python');
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Excel for Business' })).not.toBeInTheDocument());
    expect(within(screen.getByRole('list', { name: '1 course chosen' })).getByText('Excel for Business')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Python' }));
    await user.click(screen.getByRole('button', { name: 'Remove Excel for Business' }));
    await user.type(screen.getByLabelText('Code'), 'EXCEL');
    await user.type(screen.getByLabelText('Value (%)'), '10');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent.find((r) => r.path === '/api/coupons' && r.method === 'POST')?.body).toMatchObject({ courses: ['c3'] }),
    );
  });
});
