import type { CourseDetail } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionOfLine } from '@/lib/sessions';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aSession, threeSessions } from '@/testing/sessions';
import { aCartItem } from '../testing/fixtures';
import { CartRoute } from './cart';

const course = (overrides: Partial<CourseDetail> = {}): CourseDetail => ({
  _id: 'c1',
  name: 'Business English',
  price: 45.5,
  images: ['/images/english.svg'],
  availability: 11,
  description: '',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  category: ['Languages'],
  sizes: [],
  rating: 0,
  numReviews: 0,
  reviews: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  sessions: threeSessions(),
  ...overrides,
});

const renderCart = (route: string, cartItems = [aCartItem()]) =>
  renderWithProviders(<CartRoute />, {
    route,
    path: '/cart/:id?',
    preloadedState: { cart: { cartItems, shippingAddress: null, paymentMethod: null } },
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

/** A cart line of c1 in the session `session` (as the course page once put it there). */
const lineIn = (session = aSession({ _id: 's1', seatsLeft: 2 }), qty = 1) =>
  aCartItem({
    course: 'c1',
    name: 'Business English',
    price: 45.5,
    availability: session.seatsLeft,
    qty,
    session: sessionOfLine(session),
  });

const checkout = () => screen.getByRole('button', { name: 'CHECKOUT' });

describe('Cart with sessions (issue 33)', () => {
  it('adds the session of /cart/:id?qty&session with the quantity capped to its seats, and shows it on the line', async () => {
    mockApi({ 'GET /api/courses/c1': { body: course() } });
    const { store, router } = renderCart('/cart/c1?qty=20&session=s2', []);
    await screen.findByRole('heading', { name: 'Your Cart : 1' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart');
    expect(store.getState().cart.cartItems).toEqual([
      expect.objectContaining({
        course: 'c1',
        qty: 9,
        availability: 9,
        session: {
          _id: 's2',
          startsAt: '2027-04-06T16:00:00.000Z',
          endsAt: '2027-06-10T18:00:00.000Z',
          schedule: 'Tue and Thu 18:00-20:00',
          place: 'Sousse',
        },
      }),
    ]);
    const select = await screen.findByLabelText('Session of Business English');
    // Dates and place each isolated (issue 54), so an Arabic page keeps them in order.
    expect(select).toHaveDisplayValue(/^\u20686 Apr\s–\s10 Jun 2027\u2069 · \u2068Sousse\u2069$/);
    expect(checkout()).toBeEnabled();
  });

  it('adds nothing and says so when the session asked for filled meanwhile', async () => {
    mockApi({ 'GET /api/courses/c1': { body: course() } });
    const { store } = renderCart('/cart/c1?qty=1&session=s0', []);
    expect(
      await screen.findByText('This session is no longer available. Choose another session.', {
        exact: false,
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Business English' })).toHaveAttribute(
      'href',
      '/course/c1',
    );
    expect(store.getState().cart.cartItems).toEqual([]);
  });

  it('says a line’s session was cancelled and blocks checkout until another session is chosen', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: course() } });
    // s9 is not among the course's sessions any more and has not ended: it was cancelled.
    const { store } = renderCart('/cart', [lineIn(aSession({ _id: 's9' }), 3)]);
    expect(
      await screen.findByText(
        'This session was cancelled. Choose another session or remove the course.',
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('Change or remove the lines marked above to check out.'),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();

    const select = screen.getByLabelText('Session of Business English');
    expect(select).toHaveAttribute('aria-invalid', 'true');
    // Only the open sessions are offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toHaveLength(3);
    await user.selectOptions(select, 's1');
    // The quantity follows the new session's seats (2 left).
    expect(store.getState().cart.cartItems[0]).toMatchObject({ qty: 2, session: { _id: 's1' } });
    expect(screen.queryByText(/This session was cancelled/)).not.toBeInTheDocument();
    expect(checkout()).toBeEnabled();
    await user.click(checkout());
    expect(await screen.findByText('login page')).toBeInTheDocument();
  });

  it('says a line’s session is full now, or has fewer seats than the line holds', async () => {
    mockApi({
      'GET /api/courses/c1': {
        body: course({
          sessions: [
            aSession({ _id: 's1', seatsLeft: 0, status: 'full' }),
            aSession({ _id: 's2', seatsLeft: 2 }),
          ],
        }),
      },
      'GET /api/courses/c2': {
        body: course({
          _id: 'c2',
          name: 'French B1',
          sessions: [aSession({ _id: 's2', course: 'c2', seatsLeft: 2 })],
        }),
      },
    });
    renderCart('/cart', [
      lineIn(aSession({ _id: 's1' })),
      { ...lineIn(aSession({ _id: 's2', course: 'c2' }), 4), course: 'c2', name: 'French B1' },
    ]);
    expect(
      await screen.findByText(
        'This session is full now. Choose another session or remove the course.',
      ),
    ).toBeInTheDocument();
    expect(
      await screen.findByText(
        'Only 2 seats are left in this session. Lower the quantity or choose another session.',
      ),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
  });

  it('says a line’s session has ended', async () => {
    mockApi({ 'GET /api/courses/c1': { body: course() } });
    renderCart('/cart', [
      lineIn(
        aSession({
          _id: 'old',
          startsAt: '2025-01-01T08:00:00.000Z',
          endsAt: '2025-02-01T10:00:00.000Z',
        }),
      ),
    ]);
    expect(
      await screen.findByText(
        'This session has ended. Choose another session or remove the course.',
      ),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
  });

  it('asks for a session when a course in the cart now runs in sessions, in Arabic too', async () => {
    mockApi({ 'GET /api/courses/c1': { body: course() } });
    renderCart('/cart', [aCartItem({ course: 'c1', name: 'Business English' })]);
    expect(
      await screen.findByText('This course now runs in sessions. Choose one.'),
    ).toBeInTheDocument();
    expect(checkout()).toBeDisabled();
  });

  it('keeps a line of a course without sessions as before', async () => {
    mockApi({ 'GET /api/courses/c1': { body: course({ sessions: [] }) } });
    renderCart('/cart', [aCartItem()]);
    await screen.findByRole('heading', { name: 'Your Cart : 1' });
    // Enabled once the line's course is checked.
    await waitFor(() => expect(checkout()).toBeEnabled());
    expect(screen.queryByLabelText(/Session of/)).not.toBeInTheDocument();
  });
});
