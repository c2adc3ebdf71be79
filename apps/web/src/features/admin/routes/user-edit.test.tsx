import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { aUser, signedInAdmin } from '../testing/fixtures';
import { mockApi } from '@/testing/mock-api';
import { UserEditRoute } from './user-edit';

const sami = aUser({
  _id: 'u2',
  name: 'Sami',
  email: 'sami@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
});

const renderEdit = () =>
  renderWithProviders(<UserEditRoute />, {
    route: '/admin/user/u2/edit',
    path: '/admin/user/:id/edit',
    routes: [{ path: '/admin/userlist', element: <h1>User list</h1> }],
    preloadedState: signedInAdmin,
  });

describe('UserEditRoute', () => {
  it('prefills the form with the user from the server', async () => {
    mockApi({ 'GET /api/users/u2': { body: sami } });
    renderEdit();
    expect(await screen.findByLabelText('Name')).toHaveValue('Sami');
    expect(screen.getByLabelText('Email')).toHaveValue('sami@example.com');
    expect(screen.getByLabelText('Is Admin')).not.toBeChecked();
    expect(screen.getByLabelText('Is Kid')).not.toBeChecked();
  });

  it('sends name, email, isAdmin and isKid, then returns to the user list', async () => {
    const { sent } = mockApi({
      'GET /api/users/u2': { body: sami },
      'PUT /api/users/u2': ({ body }) => ({ body: { ...sami, ...(body as object) } }),
    });
    renderEdit();
    const name = await screen.findByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sami Junior');
    await userEvent.click(screen.getByLabelText('Is Kid'));
    expect(screen.getByLabelText('Is Kid')).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    expect(await screen.findByRole('heading', { name: 'User list' })).toBeInTheDocument();
    const put = sent.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({
      name: 'Sami Junior',
      email: 'sami@example.com',
      isAdmin: false,
      isKid: true,
    });
  });

  it('shows validation errors from the server next to the field and in a summary', async () => {
    mockApi({
      'GET /api/users/u2': { body: sami },
      'PUT /api/users/u2': {
        status: 400,
        body: {
          message: 'email: Please enter a valid email',
          details: [{ path: 'email', message: 'Please enter a valid email' }],
        },
      },
    });
    renderEdit();
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    // Valid to the form's own check, so it is the server that refuses.
    await userEvent.type(email, 'sami@example.org');
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(await screen.findByRole('alert')).toHaveTextContent('Please enter a valid email');
    expect(screen.queryByRole('heading', { name: 'User list' })).not.toBeInTheDocument();
  });

  it("checks the fields with the server's rules before sending, in the same words", async () => {
    const { sent } = mockApi({ 'GET /api/users/u2': { body: sami } });
    renderEdit();
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'not-an-email');
    await userEvent.clear(screen.getByLabelText('Name'));
    await userEvent.click(screen.getByRole('button', { name: 'Update' }));

    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('link', { name: 'Name is required' })).toHaveAttribute(
      'href',
      '#user-name',
    );
    expect(
      within(summary).getByRole('link', { name: 'Please enter a valid email' }),
    ).toHaveAttribute('href', '#user-email');
    expect(email).toHaveAccessibleDescription('Please enter a valid email');
    expect(sent.filter((r) => r.method === 'PUT')).toHaveLength(0);
  });

  it('shows a refusal without field details as the summary', async () => {
    mockApi({
      'GET /api/users/u2': { body: sami },
      'PUT /api/users/u2': {
        status: 400,
        body: { message: 'You cannot remove your own admin rights' },
      },
    });
    renderEdit();
    await userEvent.click(await screen.findByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You cannot remove your own admin rights',
    );
  });

  it('says so when the user does not exist', async () => {
    mockApi({ 'GET /api/users/u2': { status: 404, body: { message: 'User not found' } } });
    renderEdit();
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });
});
