import { act, screen } from '@testing-library/react';
import { setStartLoaderShowing } from '@/components/layout/start-loader';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { VERIFY_REDIRECT_MS, VerifyRoute } from './verify';

const renderVerify = () =>
  renderWithProviders(<VerifyRoute />, {
    route: '/verify/tok',
    path: '/verify/:token',
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

/** Moves the page's clock on by `ms` (its timers only: the answer and the DOM need no waiting). */
const elapse = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('VerifyRoute', () => {
  // The page's clock is faked (and still runs as real time does, for what the answer and React
  // wait on), so the test can look at 2.5 s and at 3 s without waiting for them.
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  it('shows the returned message, then opens /login after 3 seconds', async () => {
    mockApi({
      'GET /api/users/verify/tok': { body: { message: 'Email verified. You can now sign in.' } },
    });
    const { router } = renderVerify();
    expect(await screen.findByText('Email verified. You can now sign in.')).toBeInTheDocument();
    await act(async () => undefined);
    elapse(VERIFY_REDIRECT_MS - 500);
    expect(router.state.location.pathname).toBe('/verify/tok');
    expect(screen.getByText('Email verified. You can now sign in.')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps the message for 3 seconds after the start loader really went away, however late', async () => {
    mockApi({
      'GET /api/users/verify/tok': { body: { message: 'Email verified. You can now sign in.' } },
    });
    setStartLoaderShowing(true);
    const { router } = renderVerify();
    expect(await screen.findByText('Email verified. You can now sign in.')).toBeInTheDocument();
    // The loader is still up (its timer is late on a busy phone): nobody has read anything yet.
    elapse(10_000);
    expect(router.state.location.pathname).toBe('/verify/tok');
    act(() => setStartLoaderShowing(false));
    elapse(VERIFY_REDIRECT_MS - 500);
    expect(router.state.location.pathname).toBe('/verify/tok');
    await act(async () => vi.advanceTimersByTime(500));
    expect(router.state.location.pathname).toBe('/login');
  });

  it("shows 'Verification failed. Please try again.' when the answer has no message", async () => {
    mockApi({ 'GET /api/users/verify/tok': { status: 502, body: {} } });
    renderVerify();
    expect(await screen.findByText('Verification failed. Please try again.')).toBeInTheDocument();
  });
});
