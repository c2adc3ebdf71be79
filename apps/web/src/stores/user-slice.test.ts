import type { UserInfo } from '@shop/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { logout, makeStore } from '@/app/store';
import { usersApi } from '@/lib/api/users';
import { mockApi } from '@/testing/mock-api';

const amal: UserInfo = {
  _id: 'u1',
  name: 'Amal',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false, language: 'en',
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
});
