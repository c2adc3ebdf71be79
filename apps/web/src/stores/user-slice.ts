import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { UserInfo } from '@shop/shared';
import { readStored, STORAGE_KEYS } from '@/lib/storage';

export interface UserState {
  userInfo: UserInfo | null;
}

function isUserInfo(value: unknown): value is UserInfo {
  const v = value as Partial<UserInfo> | null;
  return !!v && typeof v._id === 'string' && typeof v.token === 'string' && typeof v.name === 'string';
}

export const loadUserState = (): UserState => ({
  userInfo: readStored(STORAGE_KEYS.userInfo, null, isUserInfo),
});

export const userSlice = createSlice({
  name: 'user',
  initialState: loadUserState,
  reducers: {
    /** Login, profile update: keep the answer (with its fresh token). */
    credentialsReceived(state, action: PayloadAction<UserInfo>) {
      state.userInfo = action.payload;
    },
    loggedOut(state) {
      state.userInfo = null;
    },
  },
});

export const { credentialsReceived, loggedOut } = userSlice.actions;
