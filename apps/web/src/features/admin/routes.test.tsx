import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { adminRoutes } from './routes';
import { adminInfo, aUser } from './testing/fixtures';
import { mockApi } from '@/testing/mock-api';

const renderAt = (route: string, userInfo: typeof adminInfo | null) =>
  renderWithProviders(<h1>Home</h1>, {
    route,
    path: '/',
    routes: [...adminRoutes, { path: '/login', element: <h1>Sign in</h1> }],
    preloadedState: { user: { userInfo } },
  });

describe('admin routes', () => {
  it.each([
    '/admin/userlist',
    '/admin/courselist',
    '/admin/orderlist',
    '/admin/user/u1/edit',
    '/admin/course/c1/edit',
  ])('send a customer who opens %s to /login', async (route) => {
    const { sent } = mockApi({});
    const { router } = renderAt(route, { ...adminInfo, isAdmin: false });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(sent).toHaveLength(0);
  });

  it('send a visitor to /login', async () => {
    renderAt('/admin/orderlist', null);
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('load the screen for an admin', async () => {
    mockApi({ 'GET /api/users': { body: [aUser()], headers: { 'X-Total-Count': '1' } } });
    renderAt('/admin/userlist', adminInfo);
    expect(await screen.findByRole('heading', { name: 'Users' })).toBeInTheDocument();
    expect(await screen.findByText('sami@example.com')).toBeInTheDocument();
  });
});
