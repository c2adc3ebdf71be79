import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { aCourse, signedInAdmin } from '../testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { CourseListRoute } from './course-list';

const python = aCourse({
  _id: 'c1',
  name: 'Python',
  price: 120.5,
  category: ['Programming', 'Programming Kids'],
});
const art = aCourse({ _id: 'c2', name: 'Watercolour', price: 80, category: ['Art'] });

const renderList = () =>
  renderWithProviders(<CourseListRoute />, {
    route: '/admin/courselist',
    path: '/admin/courselist',
    routes: [{ path: '/admin/course/:id/edit', element: <h1>Editing course</h1> }],
    preloadedState: signedInAdmin,
  });

describe('CourseListRoute', () => {
  it("lists courses with price in Tnd and categories joined with ' | '", async () => {
    const { sent } = mockApi({
      'GET /api/admin/courses': { body: [python, art], headers: { 'X-Total-Count': '2' } },
    });
    renderList();
    const table = await screen.findByRole('table', { name: 'Courses in the shop' });
    const [first, second] = within(table).getAllByRole('row').slice(1);
    expect(within(first!).getByText('Programming | Programming Kids')).toBeInTheDocument();
    expect(within(first!).getByText('120.50 Tnd')).toBeInTheDocument();
    expect(within(second!).getByText('Art')).toBeInTheDocument();
    expect(within(second!).getByRole('link', { name: 'Edit Watercolour' })).toHaveAttribute(
      'href',
      '/admin/course/c2/edit',
    );
    // The admin list (every course, newest first unless the URL says otherwise).
    expect(sent[0]?.path).toBe('/api/admin/courses');
    expect(sent[0]?.search.get('sort')).toBeNull();
    // One page only: the range, no page links.
    expect(screen.getByText('1–2 of 2')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next' })).not.toBeInTheDocument();
  });

  it('shows the drafts apart, marked Draft and with no link to a public page', async () => {
    const { sent } = mockApi({
      'GET /api/admin/courses': { body: [python], headers: { 'X-Total-Count': '1' } },
      'GET /api/courses/drafts': { body: [aCourse({ _id: 'd1', name: 'Sample name', price: 0, isDraft: true })] },
    });
    renderList();
    const drafts = await screen.findByRole('table', { name: 'Drafts: not in the shop until you save them' });
    const [row] = within(drafts).getAllByRole('row').slice(1);
    expect(within(row!).getByText('Draft')).toBeInTheDocument();
    expect(within(row!).queryByRole('link', { name: 'Sample name' })).not.toBeInTheDocument();
    expect(within(row!).getByRole('link', { name: 'Edit Sample name' })).toHaveAttribute('href', '/admin/course/d1/edit');
    const published = screen.getByRole('table', { name: 'Courses in the shop' });
    expect(within(published).queryByText('Draft')).not.toBeInTheDocument();
    // The list below them asks for the published courses unless the Status filter says otherwise.
    expect(sent.find((r) => r.path === '/api/admin/courses')?.search.get('status')).toBe('published');
  });

  it('ADD creates a blank course on the server, then opens its edit page', async () => {
    const { sent } = mockApi({
      'GET /api/admin/courses': { body: [python], headers: { 'X-Total-Count': '1' } },
      'POST /api/courses': {
        status: 201,
        body: aCourse({ _id: 'new-1', name: 'Sample name', price: 0 }),
      },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    expect(await screen.findByRole('heading', { name: 'Editing course' })).toBeInTheDocument();
    expect(sent.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/api/courses']);
  });

  it('stays on the list and shows why when ADD is refused', async () => {
    mockApi({
      'GET /api/admin/courses': { body: [python], headers: { 'X-Total-Count': '1' } },
      'POST /api/courses': { status: 403, body: { message: 'Not authorized as an admin' } },
    });
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'ADD' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Not authorized as an admin');
    expect(screen.queryByRole('heading', { name: 'Editing course' })).not.toBeInTheDocument();
  });

  it('deletes a course after confirmation', async () => {
    const { sent } = mockApi({
      'GET /api/admin/courses': { body: [python, art], headers: { 'X-Total-Count': '2' } },
      'DELETE /api/courses/c2': { body: { message: 'Course removed' } },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Watercolour' }));
    await waitFor(() =>
      expect(sent.some((r) => r.method === 'DELETE' && r.path === '/api/courses/c2')).toBe(true),
    );
  });

  it("shows 'error' when the list cannot be loaded", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderList();
    expect(await screen.findByText('error')).toHaveAttribute(
      'title',
      expect.stringMatching(/Network error/),
    );
  });
});
