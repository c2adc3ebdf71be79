import { MESSAGES, type Course } from '@shop/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, type Reply } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { Catalogue } from './catalogue';
import { KidsCatalogue } from './kids-catalogue';

const aCourse = (id: string, name: string): Course => ({
  _id: id,
  name,
  price: 100,
  description: '',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: [],
  category: ['Art'],
  sizes: [],
  availability: 2,
  rating: 0,
  numReviews: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
});

describe('Catalogue route', () => {
  it('loads a category as Cg, names it in the heading and pages through X-Total-Count', async () => {
    const { sent } = mockApi({
      'GET /api/courses': {
        body: [aCourse('a', 'Drawing'), aCourse('b', 'Watercolour')],
        headers: { 'X-Total-Count': '50' },
      },
    });
    renderWithProviders(<Catalogue />, { route: '/courses/?cg=ART&page=2' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Art Courses');
    expect(await screen.findByRole('link', { name: 'Drawing' })).toBeInTheDocument();
    expect(Object.fromEntries(sent[0]!.search)).toEqual({ Cg: 'ART', page: '2', limit: '24' });
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/courses/?cg=ART&page=3',
    );
    expect(screen.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'ART' })).toHaveAttribute('aria-current', 'page');
  });

  it('shows every card of a full page of 24 (the first eight at once, the rest right after)', async () => {
    const page = Array.from({ length: 24 }, (_, i) => aCourse(`c${i}`, `Course number ${i + 1}`));
    mockApi({ 'GET /api/courses': { body: page, headers: { 'X-Total-Count': '30' } } });
    renderWithProviders(<Catalogue />, { route: '/courses' });
    // Role queries over 24 cards are slow in jsdom on a loaded machine, and the cards render in
    // transitions (course-results.tsx): more than the default second to find them.
    expect(await screen.findByRole('link', { name: 'Course number 1' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Course number 24' }, { timeout: 10_000 })).toBeInTheDocument();
    const titles = screen.getAllByRole('heading', { level: 2, name: /^Course number/ });
    expect(titles.map((t) => t.textContent)).toEqual(page.map((c) => c.name));
  });

  it("says 'Nothing Found !!!' for a search without results", async () => {
    mockApi({ 'GET /api/courses': { body: [], headers: { 'X-Total-Count': '0' } } });
    renderWithProviders(<Catalogue />, { route: '/search/zz', path: '/search/:keyword' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('*zz* Search Courses');
    expect(await screen.findByText('Nothing Found !!!')).toBeInTheDocument();
  });

  it('shows a 503 message with Try again, and the list once asking again works', async () => {
    let calls = 0;
    mockApi({
      'GET /api/courses': (): Reply =>
        ++calls === 1
          ? {
              status: 503,
              body: { message: MESSAGES.serviceUnavailable, code: 'SERVICE_UNAVAILABLE' },
              headers: { 'Retry-After': '5' },
            }
          : { body: [aCourse('a', 'Drawing')], headers: { 'X-Total-Count': '1' } },
    });
    renderWithProviders(<Catalogue />, { route: '/courses/?cg=ART' });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.serviceUnavailable);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Drawing' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows the error text when the list cannot load', async () => {
    mockApi({
      'GET /api/courses': { status: 400, body: { message: 'Cg: Unknown category: Nope' } },
    });
    renderWithProviders(<Catalogue />, { route: '/courses/?filter=Art&sort=oops' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Cg: Unknown category: Nope');
    // Asking again would be refused again: no Try again for a 400.
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('sends kid accounts from /courses to /courseskids', async () => {
    renderWithProviders(<Catalogue />, {
      route: '/courses',
      path: '/courses',
      routes: [{ path: '/courseskids', element: <h1>Kids area</h1> }],
      preloadedState: {
        user: {
          userInfo: {
            _id: 'k',
            name: 'Kid',
            email: 'k@example.com',
            isAdmin: false,
            isKid: true,
            language: 'en',
            phone: null,
            notify: { sms: false, whatsapp: false },
            token: 't',
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Kids area' })).toBeInTheDocument();
  });

  it("lists kids courses by the keyword 'kids' by default", async () => {
    const { sent } = mockApi({
      'GET /api/courses': {
        body: [aCourse('k', 'Scratch Games')],
        headers: { 'X-Total-Count': '1' },
      },
    });
    renderWithProviders(<KidsCatalogue />, { route: '/courseskids' });
    expect(await screen.findByRole('link', { name: 'Scratch Games' })).toBeInTheDocument();
    expect(sent[0]!.search.get('keyword')).toBe('kids');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Kids Courses');
  });
});
