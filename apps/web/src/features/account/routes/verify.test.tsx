import { act, screen, waitFor } from '@testing-library/react';
import { setStartLoaderShowing } from '@/components/layout/start-loader';
import { describe, expect, it } from 'vitest';
import { mockApi } from '@/testing/mock-api';
import { renderWithProviders } from '@/testing/render';
import { watchShown } from '@/testing/shown-at';
import { VerifyRoute } from './verify';

const renderVerify = () =>
  renderWithProviders(<VerifyRoute />, {
    route: '/verify/tok',
    path: '/verify/:token',
    routes: [{ path: '/login', element: <p>login page</p> }],
  });

describe('VerifyRoute', () => {
  it('shows the returned message, then opens /login after 3 seconds', async () => {
    mockApi({
      'GET /api/users/verify/tok': { body: { message: 'Email verified. You can now sign in.' } },
    });
    const shownAt = watchShown('Email verified. You can now sign in.');
    const { router } = renderVerify();
    expect(await screen.findByText('Email verified. You can now sign in.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(Date.now() - shownAt()).toBeGreaterThanOrEqual(2900);
  });

  it('keeps the message for 3 seconds after the start loader really went away, however late', async () => {
    mockApi({
      'GET /api/users/verify/tok': { body: { message: 'Email verified. You can now sign in.' } },
    });
    setStartLoaderShowing(true);
    const { router } = renderVerify();
    expect(await screen.findByText('Email verified. You can now sign in.')).toBeInTheDocument();
    // The loader is still up (its timer is late on a busy phone): nobody has read anything yet.
    await new Promise((resolve) => setTimeout(resolve, 3200));
    expect(router.state.location.pathname).toBe('/verify/tok');
    act(() => setStartLoaderShowing(false));
    const seenAt = Date.now();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
    expect(Date.now() - seenAt).toBeGreaterThanOrEqual(2900);
  }, 20_000);

  it("shows 'Verification failed. Please try again.' when the answer has no message", async () => {
    mockApi({ 'GET /api/users/verify/tok': { status: 502, body: {} } });
    renderVerify();
    expect(await screen.findByText('Verification failed. Please try again.')).toBeInTheDocument();
  });
});
