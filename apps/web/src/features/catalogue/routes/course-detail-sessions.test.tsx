import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { aCourseWithSessions, aSession } from '@/testing/sessions';
import { CourseDetail } from './course-detail';

const renderDetail = () =>
  renderWithProviders(<CourseDetail />, {
    route: '/course/c1',
    path: '/course/:id',
    routes: [{ path: '/cart/:id', element: <h1>Cart page</h1> }],
  });

const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('CourseDetail sessions (issue 33)', () => {

  it('lists the sessions in Tunis time with schedule, place, seats left and Full; the first open one is chosen', async () => {
    mockApi({ 'GET /api/courses/c1': { body: aCourseWithSessions() } });
    renderDetail();
    const group = await screen.findByRole('group', { name: 'Choose a session' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    // The full session shows "Full" and cannot be chosen; the first open one is preselected.
    const full = within(group).getByRole('radio', { name: /1 Dec 2026\s–\s5 Jan 2027/ });
    expect(full).toBeDisabled();
    expect(full).toHaveAccessibleName(/Full$/);
    const first = within(group).getByRole('radio', { name: /12 Jan\s–\s20 Mar 2027/ });
    expect(first).toBeChecked();
    expect(first).toHaveAccessibleName(/Tue and Thu 18:00-20:00.*Tunis, Lac 2.*2 seats left/);
    // The quantity runs 1 to the chosen session's seats left.
    expect(options(screen.getByLabelText('Quantity'))).toEqual(['1', '2']);
  });

  it('carries the chosen session and quantity to the cart, the quantity following the session', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: aCourseWithSessions() } });
    const { router } = renderDetail();
    const later = await screen.findByRole('radio', { name: /6 Apr\s–\s10 Jun 2027/ });
    await user.click(later);
    expect(later).toBeChecked();
    const qty = screen.getByLabelText('Quantity');
    expect(options(qty)).toHaveLength(9);
    await user.selectOptions(qty, '4');
    await user.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/cart/c1?qty=4&session=s2',
    );
  });

  it('chooses with the keyboard: arrow keys move between the open sessions', async () => {
    const user = userEvent.setup();
    mockApi({ 'GET /api/courses/c1': { body: aCourseWithSessions() } });
    renderDetail();
    const first = await screen.findByRole('radio', { name: /12 Jan\s–\s20 Mar 2027/ });
    first.focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: /6 Apr\s–\s10 Jun 2027/ })).toBeChecked();
  });

  it('says every session is full and disables Add to Cart when none is open', async () => {
    mockApi({
      'GET /api/courses/c1': {
        body: aCourseWithSessions({
          availability: 0,
          sessions: [aSession({ seatsLeft: 0, status: 'full' })],
        }),
      },
    });
    renderDetail();
    expect(
      await screen.findByText('Every session is full. New dates will follow.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
  });

  it('works as before for a course without sessions', async () => {
    mockApi({
      'GET /api/courses/c1': { body: aCourseWithSessions({ availability: 3, sessions: [] }) },
    });
    const { router } = renderDetail();
    expect(options(await screen.findByLabelText('Quantity'))).toEqual(['1', '2', '3']);
    expect(screen.queryByRole('group', { name: 'Choose a session' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    await screen.findByRole('heading', { name: 'Cart page' });
    expect(router.state.location.search).toBe('?qty=1');
  });

  it('writes the dates in French and Arabic (Tunis calendar names), right to left in Arabic', async () => {
    await setLanguage('fr');
    mockApi({ 'GET /api/courses/c1': { body: aCourseWithSessions() } });
    const { unmount } = renderDetail();
    expect(
      await screen.findByRole('group', { name: 'Choisissez une session' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /12 janv\.\s–\s20 mars 2027/ })).toBeChecked();
    expect(screen.getByText('2 places restantes')).toBeInTheDocument();
    expect(screen.getByText('Complet')).toBeInTheDocument();
    unmount();
    await setLanguage('ar');
    renderDetail();
    expect(await screen.findByRole('group', { name: 'اختر دورة' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /12 جانفي\s–\s20 مارس 2027/ })).toBeChecked();
    expect(screen.getByText('بقي مقعدان')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});
