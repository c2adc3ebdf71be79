import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { REGISTER_REDIRECT_MS, RegisterRoute } from './register';

const renderRegister = () =>
  renderWithProviders(<RegisterRoute />, {
    route: '/register',
    path: '/register',
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

async function fill(password: string, confirm: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Yasmine');
  await user.type(screen.getByLabelText('Email Address'), 'yasmine@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm Password'), confirm);
  return user;
}

describe('RegisterRoute', () => {
  it("says 'Passwords do not match' and sends nothing when they differ", async () => {
    const { sent } = mockApi({});
    renderRegister();
    const user = await fill('password-1', 'password-2');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Passwords do not match$/);
    expect(sent).toHaveLength(0);
  });

  it('registers an Adult by default and a Child with isKid true', async () => {
    const { sent } = mockApi({
      'POST /api/users': {
        status: 201,
        body: {
          message: 'Registration successful. Please check your email to verify your account.',
        },
      },
    });
    renderRegister();
    expect(screen.getByRole('radio', { name: 'Adult' })).toBeChecked();
    const user = await fill('password-1', 'password-1');
    await user.click(screen.getByRole('radio', { name: 'Child' }));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: 'Yasmine',
      email: 'yasmine@example.com',
      password: 'password-1',
      isKid: true,
      language: 'en',
    });
  });

  it('shows the success message, then opens /login after 2 seconds', async () => {
    mockApi({
      'POST /api/users': {
        status: 201,
        body: {
          message: 'Registration successful. Please check your email to verify your account.',
        },
      },
    });
    const { router } = renderRegister();
    const user = await fill('password-1', 'password-1');
    // From the click on, the page's clock is faked (it still runs as real time does): the test
    // looks at 1.5 s and at 2 s without waiting for them.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Registration successful. Please check your email to verify your account.',
    );
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(REGISTER_REDIRECT_MS - 500));
    expect(router.state.location.pathname).toBe('/register');
    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows the server message, or 'An error occurred' when there is none", async () => {
    let reply = { status: 400, body: { message: 'User already exists' } as object };
    mockApi({ 'POST /api/users': () => reply });
    renderRegister();
    const user = await fill('password-1', 'password-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('User already exists');
    reply = { status: 500, body: {} };
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^An error occurred$/));
  });

  it("shows a server field problem once, on its field, without the 'email: ' line", async () => {
    const { sent } = mockApi({
      'POST /api/users': {
        status: 400,
        body: {
          message: 'email: Please enter a valid email',
          details: [{ path: 'email', message: 'Please enter a valid email' }],
        },
      },
    });
    renderRegister();
    const user = await fill('password-1', 'password-1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const email = screen.getByLabelText('Email Address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid email'));
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Please enter a valid email',
    ]);
  });

  it('checks nothing else on the client: blank fields are sent to the server', async () => {
    const { sent } = mockApi({
      'POST /api/users': { status: 400, body: { message: 'name: Name is required' } },
    });
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      name: '',
      email: '',
      password: '',
      isKid: false,
      language: 'en',
    });
  });
});
