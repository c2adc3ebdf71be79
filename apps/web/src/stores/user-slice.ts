import { createSlice } from '@reduxjs/toolkit';
import type { UserInfo } from '@shop/shared';
import { loggedOut } from '@/lib/api/session';
import { usersApi } from '@/lib/api/users';
import { readStored, STORAGE_KEYS } from '@/lib/storage';

export { loggedOut };

export interface UserState {
  userInfo: UserInfo | null;
}

function isUserInfo(value: unknown): value is UserInfo {
  const v = value as Partial<UserInfo> | null;
  return (
    !!v && typeof v._id === 'string' && typeof v.token === 'string' && typeof v.name === 'string'
  );
}

export const loadUserState = (): UserState => ({
  userInfo: readStored(STORAGE_KEYS.userInfo, null, isUserInfo),
});

/**
 * The signed-in user. Credentials arrive by themselves: a successful login or profile update
 * answers the user with a fresh token, and this slice keeps it (the old token stops working once
 * the password changes). Screens only call the endpoints.
 */
export const userSlice = createSlice({
  name: 'user',
  initialState: loadUserState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loggedOut, (state) => {
        state.userInfo = null;
      })
      .addMatcher(usersApi.endpoints.login.matchFulfilled, (state, { payload }) => {
        state.userInfo = payload;
      })
      .addMatcher(usersApi.endpoints.updateProfile.matchFulfilled, (state, { payload }) => {
        state.userInfo = payload;
      });
  },
});
