import { createSlice, isAnyOf } from '@reduxjs/toolkit';
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
      })
      // The profile as the server has it now (read on start and after a 403), or an admin's
      // edit of their own account: the name and roles follow, the token stays.
      .addMatcher(
        isAnyOf(usersApi.endpoints.getProfile.matchFulfilled, usersApi.endpoints.updateUser.matchFulfilled),
        (state, { payload }) => {
          if (!state.userInfo || state.userInfo._id !== payload._id) return;
          const { name, email, isAdmin, isKid } = payload;
          const current = state.userInfo;
          if (current.name === name && current.email === email && current.isAdmin === isAdmin && current.isKid === isKid)
            return;
          state.userInfo = { ...current, name, email, isAdmin, isKid };
        },
      );
  },
});
