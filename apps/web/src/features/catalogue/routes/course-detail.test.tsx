import type { CourseDetail as Course, UserInfo } from '@shop/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '@/lib/i18n';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { CourseDetail } from './course-detail';

const customer: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 't',
};

const aCourse = (overrides: Partial<Course> = {}): Course => ({
  _id: 'c1',
  name: 'JavaScript from Scratch',
  price: 350,
  description: 'Variables, functions and the DOM.',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/a.svg', '/images/b.svg', '/images/c.svg', '/images/d.svg'],
  category: ['Programming'],
  sizes: ['M'],
  availability: 3,
  rating: 4.5,
  numReviews: 1,
  reviews: [
    {
      _id: 'r1',
      name: 'Lina',
      rating: 5,
      comment: 'Great!',
      user: 'u9',
      createdAt: '2026-11-16T08:30:00.000Z',
      verified: false,
    },
  ],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  sessions: [],
  ...overrides,
});

const renderDetail = (options: { signedIn?: boolean } = {}) =>
  renderWithProviders(<CourseDetail />, {
    route: '/course/c1',
    path: '/course/:id',
    routes: [{ path: '/cart/:id', element: <h1>Cart page</h1> }],
    preloadedState: options.signedIn ? { user: { userInfo: customer } } : undefined,
  });

describe('CourseDetail', () => {
  it('keeps the final layout in place while the course loads (skeleton, then the course)', async () => {
    let answer: (value: Response) => void = () => {};
    mockApi({});
    // The course's answer comes only when the test says so.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
    );
    renderDetail();
    const skeleton = await screen.findByTestId('course-detail-skeleton');
    expect(within(skeleton).getByRole('status')).toHaveTextContent('Loading');
    expect(skeleton.querySelector('.gallery__main')).not.toBeNull();
    expect(skeleton.querySelectorAll('.course-detail__section')).toHaveLength(2);
    answer(new Response(JSON.stringify(aCourse()), { headers: { 'Content-Type': 'application/json' } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'JavaScript from Scratch' })).toBeInTheDocument();
    expect(screen.queryByTestId('course-detail-skeleton')).toBeNull();
  });

  it('shows the course: up to 3 images, price, status, reviews with a 10-character date', async () => {
    mockApi({ 'GET /api/courses/c1': { body: aCourse() } });
    renderDetail();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'JavaScript from Scratch' }),
    ).toBeInTheDocument();
    expect(screen.getByText('350.00 Tnd')).toBeInTheDocument();
    expect(screen.getByText(/available/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /visit our store/ })).toHaveAttribute(
      'href',
      '/courses',
    );
    const thumbs = within(screen.getByRole('list', { name: 'Course images' })).getAllByRole(
      'button',
    );
    expect(thumbs).toHaveLength(3);
    await userEvent.click(thumbs[1]!);
    expect(
      screen.getByAltText('Illustration of the course JavaScript from Scratch'),
    ).toHaveAttribute('src', '/images/b.svg');
    expect(screen.getByText('2026-11-16')).toBeInTheDocument();
    expect(screen.getByText('Great!')).toBeInTheDocument();
  });

  describe('Verified learner (issue 31)', () => {
    const reviewed = aCourse({
      numReviews: 2,
      reviews: [
        { _id: 'r2', name: 'Yasmine', rating: 5, comment: 'Loved it', user: 'u7', createdAt: '2026-11-18T08:30:00.000Z', verified: true },
        { _id: 'r1', name: 'Lina', rating: 3, comment: 'Never came', user: 'u9', createdAt: '2026-11-16T08:30:00.000Z', verified: false },
      ],
    });
    const reviewItems = () => screen.getAllByRole('listitem').filter((li) => li.classList.contains('reviews__item'));

    it.each([
      ['en', 'Verified learner'],
      ['fr', 'Apprenant vérifié'],
      ['ar', 'متعلّم موثَّق'],
    ] as const)('marks only the reviews of learners who paid for the course (%s)', async (language, label) => {
      await setLanguage(language);
      mockApi({ 'GET /api/courses/c1': { body: reviewed } });
      renderDetail();
      expect(await screen.findByText('Loved it')).toBeInTheDocument();
      const [verified, unverified] = reviewItems();
      expect(within(verified!).getByText(label)).toBeInTheDocument();
      expect(within(verified!).getByText('Yasmine')).toBeInTheDocument();
      expect(within(unverified!).getByText('Lina')).toBeInTheDocument();
      expect(within(unverified!).queryByText(label)).toBeNull();
      expect(screen.getAllByText(label)).toHaveLength(1);
    });
  });

  it('offers 1..availability and goes to /cart/{id}?qty={n}', async () => {
    mockApi({ 'GET /api/courses/c1': { body: aCourse() } });
    const { router } = renderDetail();
    const qty = await screen.findByLabelText('Quantity');
    expect(
      within(qty)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['1', '2', '3']);
    await userEvent.selectOptions(qty, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to Cart' }));
    expect(await screen.findByRole('heading', { name: 'Cart page' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/cart/c1?qty=2');
  });

  it('shows Sold Out, NO REVIEWS and a disabled Add to Cart when no seat is left', async () => {
    mockApi({
      'GET /api/courses/c1': { body: aCourse({ availability: 0, reviews: [], numReviews: 0 }) },
    });
    renderDetail();
    expect(await screen.findByText('Sold Out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
    expect(screen.getByText('NO REVIEWS')).toBeInTheDocument();
  });

  it('asks visitors to sign in to review, with a way back to the course', async () => {
    mockApi({ 'GET /api/courses/c1': { body: aCourse() } });
    renderDetail();
    const link = await screen.findByRole('link', { name: 'Please Sign In To write a review.' });
    expect(link).toHaveAttribute('href', '/login?redirect=course%2Fc1');
    expect(screen.queryByLabelText('Comment')).not.toBeInTheDocument();
  });

  it('submits a review, alerts Review Submitted! and clears the form', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { sent } = mockApi({
      'GET /api/courses/c1': { body: aCourse() },
      'POST /api/courses/c1/reviews': { status: 201, body: { message: 'Review added' } },
    });
    renderDetail({ signedIn: true });
    await userEvent.selectOptions(await screen.findByLabelText('Rating'), '4 - VERY GOOD');
    await userEvent.type(screen.getByLabelText('Comment'), 'Clear and useful');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Review Submitted!'));
    expect(sent.find((r) => r.method === 'POST')?.body).toEqual({
      rating: 4,
      comment: 'Clear and useful',
    });
    expect(screen.getByLabelText('Rating')).toHaveValue('');
    expect(screen.getByLabelText('Comment')).toHaveValue('');
  });

  it('shows the API refusal of a second review', async () => {
    mockApi({
      'GET /api/courses/c1': { body: aCourse() },
      'POST /api/courses/c1/reviews': { status: 400, body: { message: 'Course already reviewed' } },
    });
    renderDetail({ signedIn: true });
    await userEvent.selectOptions(await screen.findByLabelText('Rating'), '5 - EXCELLENT');
    await userEvent.type(screen.getByLabelText('Comment'), 'Again');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Course already reviewed');
  });

  it("checks the review with the server's rules before sending it", async () => {
    const { sent } = mockApi({ 'GET /api/courses/c1': { body: aCourse() } });
    renderDetail({ signedIn: true });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(
      await screen.findByText('Rating must be a whole number from 1 to 5'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveAccessibleDescription(
      'Rating must be a whole number from 1 to 5',
    );
    expect(screen.getByLabelText('Comment')).toHaveAccessibleDescription('Comment is required');
    expect(sent.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("shows the API's message for an unknown course", async () => {
    mockApi({ 'GET /api/courses/c1': { status: 404, body: { message: 'Course not found' } } });
    renderDetail();
    expect(await screen.findByRole('alert')).toHaveTextContent('Course not found');
  });
});
