import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UserInfo, WaitlistEntry } from '@shop/shared';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aSession } from '@/testing/sessions';
import { ProfileRoute } from '../routes/profile';

const me: UserInfo = {
  _id: 'u1',
  name: 'Amélie Dupré',
  email: 'amelie@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'a-token',
};

const waiting: WaitlistEntry = {
  session: aSession({ _id: 's1', seatsLeft: 0, status: 'full', waiting: 4 }),
  course: { _id: 'c1', name: 'Python for Beginners' },
  position: 3,
  offer: null,
};
const offered: WaitlistEntry = {
  session: aSession({ _id: 's2', course: 'c2', seatsLeft: 0, status: 'full', waiting: 1 }),
  course: { _id: 'c2', name: 'Excel' },
  position: 1,
  offer: { seats: 2, expiresAt: '2027-01-02T10:00:00.000Z' },
};

const openPanel = async () => {
  const user = userEvent.setup();
  renderWithProviders(<ProfileRoute />, {
    route: '/profile',
    preloadedState: { user: { userInfo: me } },
  });
  await user.click(await screen.findByRole('button', { name: 'Show my waitlists' }));
  return user;
};

describe('the profile’s waitlists (issue 34)', () => {
  it('lists course, session, place in line and offer, with a link to book and a leave button', async () => {
    let list = [waiting, offered];
    const api = mockApi({
      'GET /api/users/profile': { body: me },
      'GET /api/waitlist': () => ({ body: list }),
      'DELETE /api/sessions/s1/waitlist': () => {
        list = [offered];
        return { body: { message: 'You left the waitlist' } };
      },
    });
    const user = await openPanel();
    expect(await screen.findByRole('heading', { name: 'My waitlists' })).toBeInTheDocument();
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Python for Beginners' })).toHaveAttribute(
      'href',
      '/course/c1?session=s1',
    );
    expect(first).toHaveTextContent('Place in line3');
    expect(first).toHaveTextContent('No seat freed yet');
    expect(second).toHaveTextContent(/2 seats held until/);
    expect(within(second).getByRole('link', { name: 'Book now' })).toHaveAttribute(
      'href',
      '/course/c2?session=s2',
    );
    await user.click(
      within(first).getByRole('button', { name: /^Leave the waitlist of the session/ }),
    );
    expect(
      api.sent.some((r) => r.method === 'DELETE' && r.path === '/api/sessions/s1/waitlist'),
    ).toBe(true);
    // The list is read again without the session left.
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Python for Beginners' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('link', { name: 'Excel' })).toBeInTheDocument();
  });

  it('says so when the customer waits nowhere', async () => {
    mockApi({ 'GET /api/users/profile': { body: me }, 'GET /api/waitlist': { body: [] } });
    await openPanel();
    expect(await screen.findByText(/You are not on any waitlist/)).toBeInTheDocument();
  });
});
