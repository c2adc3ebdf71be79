import type { UserInfo } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { logout } from '@/stores/hooks';
import { usersApi } from '@/lib/api/users';
import { waitFor } from '@testing-library/react';
import { ordersApi } from '@/lib/api/orders';
import { sessionMayBeStale } from '@/lib/api/session';
import { mockApi } from '@/testing/mock-api';

const amal: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'token-1',
};

afterEach(() => localStorage.clear());

describe('user slice', () => {
  it('keeps the credentials of a successful login by itself', async () => {
    mockApi({ 'POST /api/users/login': { body: amal } });
    const store = makeStore();
    await store
      .dispatch(usersApi.endpoints.login.initiate({ email: amal.email, password: 'pw-123456' }))
      .unwrap();
    expect(store.getState().user.userInfo).toEqual(amal);
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toEqual(amal);
  });

  it('keeps the fresh token of a profile update, and nothing of a refused one', async () => {
    let reply = { status: 200, body: { ...amal, name: 'Amal B.', token: 'token-2' } as object };
    mockApi({ 'PUT /api/users/profile': () => reply });
    const store = makeStore({ user: { userInfo: amal } });
    await store
      .dispatch(usersApi.endpoints.updateProfile.initiate({ password: 'pw-123456' }))
      .unwrap();
    expect(store.getState().user.userInfo?.token).toBe('token-2');

    reply = { status: 400, body: { message: 'Password must be at least 8 characters' } };
    await expect(
      store.dispatch(usersApi.endpoints.updateProfile.initiate({ password: 'short' })).unwrap(),
    ).rejects.toMatchObject({ status: 400 });
    expect(store.getState().user.userInfo?.token).toBe('token-2');
  });

  it('ends the session on a 401 to a request that carried a token, and on logout', async () => {
    mockApi({
      'POST /api/users/login': { status: 401, body: { message: 'Invalid email or password' } },
    });
    const store = makeStore({ user: { userInfo: amal } });
    await expect(
      store
        .dispatch(usersApi.endpoints.login.initiate({ email: 'x@example.com', password: 'nope' }))
        .unwrap(),
    ).rejects.toMatchObject({ status: 401 });
    // A 401 to a request that carried a token ends the session (base query).
    expect(store.getState().user.userInfo).toBeNull();
    store.dispatch(logout());
    expect(store.getState().user.userInfo).toBeNull();
  });

  it('takes the name and roles an admin gave the account from the profile, keeping the token', async () => {
    const { sent } = mockApi({
      'GET /api/users/profile': {
        body: {
          _id: 'u1',
          name: 'Amal Ben Salah',
          email: 'amal@example.com',
          isAdmin: true,
          isKid: false,
        },
      },
    });
    const store = makeStore({ user: { userInfo: amal } });
    store.dispatch(sessionMayBeStale());
    await waitFor(() => expect(store.getState().user.userInfo?.name).toBe('Amal Ben Salah'));
    expect(store.getState().user.userInfo).toEqual({
      ...amal,
      name: 'Amal Ben Salah',
      isAdmin: true,
    });
    expect(JSON.parse(localStorage.getItem('userInfo')!)).toMatchObject({
      name: 'Amal Ben Salah',
      isAdmin: true,
      token: 'token-1',
    });
    expect(sent[0]!.headers.get('Authorization')).toBe('Bearer token-1');
  });

  it('reads the profile again after a 403: an admin whose rights were taken loses the Admin menu', async () => {
    const { sent } = mockApi({
      'GET /api/orders': { status: 403, body: { message: 'Not authorized as an admin' } },
      'GET /api/users/profile': {
        body: { _id: 'u1', name: 'Amal', email: 'amal@example.com', isAdmin: false, isKid: false },
      },
    });
    const store = makeStore({ user: { userInfo: { ...amal, isAdmin: true } } });
    await store.dispatch(ordersApi.endpoints.getOrders.initiate({}));
    await waitFor(() => expect(store.getState().user.userInfo?.isAdmin).toBe(false));
    expect(sent.map((r) => r.path)).toEqual(['/api/orders', '/api/users/profile']);
  });

  it('asks nothing when nobody is signed in', async () => {
    const { sent } = mockApi({});
    const store = makeStore();
    store.dispatch(sessionMayBeStale());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toEqual([]);
  });
});
