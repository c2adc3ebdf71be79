import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { aUser, signedInAdmin } from '../testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { UserListRoute } from './user-list';

const admin = aUser({ _id: 'u1', name: 'Admin', email: 'admin@example.com', isAdmin: true });
const kid = aUser({ _id: 'u2', name: 'Sami', email: 'sami@example.com', isKid: true });

const renderList = (route = '/admin/userlist') =>
  renderWithProviders(<UserListRoute />, {
    route,
    path: '/admin/userlist',
    preloadedState: signedInAdmin,
  });

describe('UserListRoute', () => {
  it('renders one row per user with YES/NO in the Admin column and an EDIT link', async () => {
    mockApi({ 'GET /api/users': { body: [admin, kid], headers: { 'X-Total-Count': '2' } } });
    renderList();
    const table = await screen.findByRole('table', { name: 'Registered users' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('YES')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('NO')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('sami@example.com')).toBeInTheDocument();
    expect(within(rows[1]!).getByRole('link', { name: 'Edit Sami' })).toHaveAttribute(
      'href',
      '/admin/user/u2/edit',
    );
  });

  it("shows the bare word 'error' with the server's reason when the list fails", async () => {
    mockApi({ 'GET /api/users': { status: 403, body: { message: 'Not authorized as an admin' } } });
    renderList();
    const word = await screen.findByText('error');
    expect(word).toHaveAttribute('title', 'Not authorized as an admin');
    expect(
      screen.getByText(/Not authorized as an admin/, { selector: 'p:not([title])' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('deletes a user only after the admin confirms "Are You Sure?"', async () => {
    const { sent } = mockApi({
      'GET /api/users': { body: [admin, kid], headers: { 'X-Total-Count': '2' } },
      'DELETE /api/users/u2': { body: { message: 'User removed' } },
    });
    const confirm = vi
      .spyOn(window, 'confirm')
      .mockReturnValueOnce(false)
      .mockReturnValueOnce(true);
    renderList();
    const button = await screen.findByRole('button', { name: 'Delete Sami' });

    await userEvent.click(button);
    expect(confirm).toHaveBeenCalledWith('Are You Sure?');
    expect(sent.filter((r) => r.method === 'DELETE')).toHaveLength(0);

    await userEvent.click(button);
    await waitFor(() =>
      expect(sent.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([
        '/api/users/u2',
      ]),
    );
    // The list is fetched again after the deletion.
    await waitFor(() => expect(sent.filter((r) => r.method === 'GET')).toHaveLength(2));
  });

  it('shows the server message when a deletion is refused', async () => {
    mockApi({
      'GET /api/users': { body: [admin], headers: { 'X-Total-Count': '1' } },
      'DELETE /api/users/u1': {
        status: 400,
        body: { message: 'You cannot delete your own account' },
      },
    });
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    renderList();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Admin' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot delete your own account',
    );
  });

  it('asks the server for the page in the URL and offers page links from X-Total-Count', async () => {
    const { sent } = mockApi({
      'GET /api/users': { body: [kid], headers: { 'X-Total-Count': '45' } },
    });
    renderList('/admin/userlist?page=2');
    const nav = await screen.findByRole('navigation', { name: 'Users pages' });
    expect(sent[0]?.search.get('page')).toBe('2');
    expect(sent[0]?.search.get('limit')).toBe('20');
    expect(within(nav).getByText('21–40 of 45')).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Page 2' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute(
      'href',
      '/admin/userlist?page=3',
    );
    expect(within(nav).getByRole('link', { name: 'Previous' })).toHaveAttribute(
      'href',
      '/admin/userlist',
    );

    await userEvent.click(within(nav).getByRole('link', { name: 'Next' }));
    await waitFor(() => expect(sent.at(-1)?.search.get('page')).toBe('3'));
  });

  it('moves to the last page when the page in the URL is past the end', async () => {
    const { sent } = mockApi({
      'GET /api/users': ({ search }) =>
        search.get('page') === '3'
          ? { body: [], headers: { 'X-Total-Count': '40' } }
          : { body: [kid], headers: { 'X-Total-Count': '40' } },
    });
    const { router } = renderList('/admin/userlist?page=3');
    expect(await screen.findByText('sami@example.com')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(sent.map((r) => r.search.get('page'))).toEqual(['3', '2']);
  });
});
