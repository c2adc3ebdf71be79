import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { sessionOfLine } from '@/lib/sessions';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aSession } from '@/testing/sessions';
import { aCartItem, anOrder, checkoutState, customer } from '../testing/fixtures';
import { OrderRoute } from './order';
import { PlaceOrderRoute } from './place-order';
import { ShippingRoute } from './shipping';

/** The line's session: dates, schedule and place, each isolated in its own <bdi> (issue 54). */
const sessionText = (_: string, element: Element | null) =>
  element?.classList.contains('order-lines__session') === true &&
  /12 Jan\s–\s20 Mar 2027 · Tue and Thu 18:00-20:00 · Tunis, Lac 2/.test(element.textContent ?? '') &&
  [...element.querySelectorAll('bdi')].map((bdi) => bdi.textContent).join('|') ===
    `${element.querySelector('bdi')?.textContent}|Tue and Thu 18:00-20:00|Tunis, Lac 2`;

const session = sessionOfLine(aSession({ _id: 's1' }));
const sessionLine = () =>
  aCartItem({ course: 'c1', name: 'Business English', qty: 2, availability: 5, session });

describe('Checkout with sessions (issue 33)', () => {

  it('shows the session on the shipping summary', () => {
    renderWithProviders(<ShippingRoute />, {
      route: '/shipping',
      path: '/shipping',
      preloadedState: checkoutState([sessionLine()]),
    });
    expect(screen.getByText(/12 Jan\s–\s20 Mar 2027/)).toBeInTheDocument();
  });

  it('shows the session on the place-order line and sends it with the order line', async () => {
    const user = userEvent.setup();
    const { sent } = mockApi({
      'POST /api/orders': { status: 201, body: anOrder({ _id: 'o42' }) },
    });
    const { router } = renderWithProviders(<PlaceOrderRoute />, {
      route: '/placeorder',
      path: '/placeorder',
      preloadedState: checkoutState([
        sessionLine(),
        aCartItem({ course: 'c2', name: 'Plain course' }),
      ]),
      routes: [{ path: '/order/:id', element: <p>order page</p> }],
    });
    const items = screen.getByRole('region', { name: 'Order Items' });
    expect(within(items).getByText(sessionText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/order/o42'));
    expect((sent[0]!.body as { orderItems: unknown }).orderItems).toEqual([
      { course: 'c1', qty: 2, session: 's1' },
      { course: 'c2', qty: 1 },
    ]);
  });

  it('shows the 400 of a course whose session must be chosen', async () => {
    const user = userEvent.setup();
    mockApi({
      'POST /api/orders': {
        status: 400,
        body: { message: 'Choose a session for Business English', code: 'SESSION_REQUIRED' },
      },
    });
    renderWithProviders(<PlaceOrderRoute />, {
      route: '/placeorder',
      path: '/placeorder',
      preloadedState: checkoutState([aCartItem()]),
    });
    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/session/i);
  });

  it('shows the session on the order and fetches its calendar file with the sign-in token', async () => {
    const user = userEvent.setup();
    const createObjectURL = vi.fn(() => 'blob:calendar');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { sent } = mockApi({
      'GET /api/orders/o1': {
        body: anOrder({
          orderItems: [
            { _id: 'line-c1', learners: [], course: 'c1', name: 'Business English', qty: 2, price: 30, image: '/a.svg', session },
          ],
        }),
      },
      'GET /api/orders/o1/calendar.ics': {
        body: 'BEGIN:VCALENDAR',
        headers: { 'Content-Type': 'text/calendar' },
      },
    });
    renderWithProviders(<OrderRoute />, {
      route: '/order/o1',
      path: '/order/:id',
      preloadedState: { user: { userInfo: customer } },
    });
    expect(await screen.findByText(sessionText)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const request = sent.find((r) => r.path === '/api/orders/o1/calendar.ics');
    expect(request?.headers.get('Authorization')).toBe(`Bearer ${customer.token}`);
  });

  it('offers no calendar for an order without sessions, and says it in Arabic for one with', async () => {
    mockApi({ 'GET /api/orders/o1': { body: anOrder() } });
    const { unmount } = renderWithProviders(<OrderRoute />, {
      route: '/order/o1',
      path: '/order/:id',
      preloadedState: { user: { userInfo: customer } },
    });
    await screen.findByText('2 x $30.00 = $60.00');
    expect(screen.queryByRole('button', { name: 'Add to calendar' })).not.toBeInTheDocument();
    unmount();
    await setLanguage('ar');
    mockApi({
      'GET /api/orders/o1': {
        body: anOrder({
          orderItems: [{ _id: 'line-c1', learners: [], course: 'c1', name: 'English', qty: 1, price: 30, image: '', session }],
        }),
      },
    });
    renderWithProviders(<OrderRoute />, {
      route: '/order/o1',
      path: '/order/:id',
      preloadedState: { user: { userInfo: customer } },
    });
    expect(await screen.findByRole('button', { name: 'أضف إلى التقويم' })).toBeInTheDocument();
    expect(screen.getByText(/12 جانفي\s–\s20 مارس 2027/)).toBeInTheDocument();
  });
});
