import type { CourseDetail as Course, UserInfo, WaitlistEntry } from '@shop/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCourseWithSessions, aSession } from '@/testing/sessions';
import { CourseDetail } from './course-detail';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amira Trabelsi',
  email: 'amira@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'a-token',
};

const full = aSession({ _id: 's0', seatsLeft: 0, status: 'full', waiting: 3 });
const open = aSession({
  _id: 's2',
  startsAt: '2027-04-06T16:00:00.000Z',
  endsAt: '2027-06-10T18:00:00.000Z',
  seatsLeft: 4,
});

const aCourse = (sessions = [full, open]): Course =>
  aCourseWithSessions({ availability: 4, sessions });

const entry = (overrides: Partial<WaitlistEntry> = {}): WaitlistEntry => ({
  session: full,
  course: { _id: 'c1', name: 'Business English' },
  position: 2,
  offer: null,
  ...overrides,
});

const renderDetail = (route = '/course/c1', signedIn = true) =>
  renderWithProviders(<CourseDetail />, {
    route,
    path: '/course/:id',
    routes: [
      { path: '/cart/:id', element: <h1>Cart page</h1> },
      { path: '/login', element: <h1>Sign-in page</h1> },
    ],
    ...(signedIn ? { preloadedState: { user: { userInfo: me } } } : {}),
  });

describe('CourseDetail waitlist (issue 34)', () => {

  it('signed out: a full session offers to sign in to join its waitlist', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: aCourse() } });
    renderDetail('/course/c1', false);
    expect(await screen.findByText(/is full\./)).toHaveTextContent('3 people waiting');
    await user.click(screen.getByRole('link', { name: 'Sign in to join the waitlist' }));
    expect(await screen.findByRole('heading', { name: 'Sign-in page' })).toBeInTheDocument();
  });

  it('signed in: joins the waitlist for the seats chosen, then shows the place in line and leaves it', async () => {
    const user = userEvent.setup();
    let waiting: WaitlistEntry[] = [];
    const api = mockApi({
      'GET /api/courses/c1': { body: aCourse() },
      'GET /api/waitlist': () => ({ body: waiting }),
      'POST /api/sessions/s0/waitlist': () => {
        waiting = [entry()];
        return { status: 201, body: { position: 2 } };
      },
      'DELETE /api/sessions/s0/waitlist': () => {
        waiting = [];
        return { body: { message: 'You left the waitlist' } };
      },
    });
    renderDetail();
    const seats = await screen.findByRole('combobox', { name: /^Seats wanted in the session/ });
    expect(seats).toHaveValue('1');
    expect(within(seats).getAllByRole('option').map((o) => o.textContent)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i + 1)),
    );
    await user.selectOptions(seats, '2');
    await user.click(screen.getByRole('button', { name: /^Join the waitlist of the session/ }));
    expect(await screen.findByText('You are number 2 on the waitlist.')).toBeInTheDocument();
    const joined = api.sent.filter(
      (r) => r.method === 'POST' && r.path === '/api/sessions/s0/waitlist',
    );
    expect(joined.map((r) => r.body)).toEqual([{ seats: 2 }]);
    await user.click(screen.getByRole('button', { name: /^Leave the waitlist of the session/ }));
    expect(
      await screen.findByRole('button', { name: /^Join the waitlist of the session/ }),
    ).toBeInTheDocument();
  });

  it('with an offer: ?session= preselects the full session, its held seat can be ordered', async () => {
    const user = userEvent.setup();
    mockApi({
      'GET /api/courses/c1': { body: aCourse() },
      'GET /api/waitlist': {
        body: [entry({ position: 1, offer: { seats: 1, expiresAt: '2027-01-02T10:00:00.000Z' } })],
      },
    });
    const { router } = renderDetail('/course/c1?session=s0');
    expect(
      await screen.findByText(/1 seat of the session .* is held for you until/),
    ).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Choose a session' });
    const held = within(group).getByRole('radio', { name: /12 Jan\s–\s20 Mar 2027/ });
    expect(held).toBeChecked();
    expect(held).toBeEnabled();
    expect(within(screen.getByLabelText('Quantity')).getAllByRole('option')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?qty=1&session=s0');
  });

  it('in Arabic, the waitlist box reads right to left with Arabic plurals', async () => {
    setLanguage('ar');
    mockApi({ 'GET /api/courses/c1': { body: aCourse() }, 'GET /api/waitlist': { body: [] } });
    renderDetail();
    expect(
      await screen.findByRole('button', { name: /^انضم إلى قائمة انتظار الدورة/ }),
    ).toBeInTheDocument();
    expect(screen.getByText(/3 أشخاص في الانتظار/)).toBeInTheDocument();
  });
});
