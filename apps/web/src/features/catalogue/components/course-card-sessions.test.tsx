import type { Course } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { renderWithProviders } from '@/testing/render';
import { CourseCard } from './course-card';

const course = (overrides: Partial<Course> = {}): Course => ({
  _id: 'c1',
  name: 'Business English',
  price: 350,
  description: '',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/english.svg'],
  category: ['Languages'],
  sizes: [],
  availability: 4,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

// 23:30 UTC on the 11th is already the 12th in Tunis (UTC+1).
const next = { _id: 's1', startsAt: '2027-01-11T23:30:00.000Z', seatsLeft: 3 };

describe('CourseCard next session (issue 33)', () => {

  it('shows the next start in Tunis time, or dates on request', () => {
    const { unmount } = renderWithProviders(<CourseCard course={course({ nextSession: next })} />);
    expect(screen.getByText('Starts 12 Jan')).toBeInTheDocument();
    unmount();
    renderWithProviders(<CourseCard course={course({ nextSession: null })} />);
    expect(screen.getByText('Dates on request')).toBeInTheDocument();
  });

  it('says it in French and Arabic', async () => {
    await setLanguage('fr');
    const { unmount } = renderWithProviders(<CourseCard course={course({ nextSession: next })} />);
    expect(screen.getByText('Début le 12 janv.')).toBeInTheDocument();
    unmount();
    await setLanguage('ar');
    renderWithProviders(<CourseCard course={course({ nextSession: next })} />);
    expect(screen.getByText('تبدأ في 12 جانفي')).toBeInTheDocument();
  });

  it('sends the add icon of a course in sessions to the cart, which takes its first open session', async () => {
    const { router } = renderWithProviders(<CourseCard course={course({ nextSession: next })} />, {
      routes: [{ path: '/cart/:id', element: <p>cart page</p> }],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Add Business English to the cart' }));
    expect(await screen.findByText('cart page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart/c1?qty=1');
  });
});
