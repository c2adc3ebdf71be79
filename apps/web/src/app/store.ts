import { combineReducers, configureStore, createListenerMiddleware, type ThunkAction, type UnknownAction } from '@reduxjs/toolkit';
import { api } from '@/lib/api/base';
import { sessionMayBeStale } from '@/lib/api/session';
import { usersApi } from '@/lib/api/users';
import { STORAGE_KEYS, writeStored } from '@/lib/storage';
import { cartSlice } from '@/stores/cart-slice';
import { userSlice } from '@/stores/user-slice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  user: userSlice.reducer,
  cart: cartSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Keeps the persisted areas (keys in lib/storage.ts) in local storage after every change. */
const persistence = createListenerMiddleware<RootState>();
persistence.startListening({
  predicate: (_action, current, previous) => current.cart !== previous.cart || current.user !== previous.user,
  effect: (_action, listenerApi) => {
    const state = listenerApi.getState();
    const before = listenerApi.getOriginalState();
    if (state.cart.cartItems !== before.cart.cartItems) writeStored(STORAGE_KEYS.cartItems, state.cart.cartItems);
    if (state.cart.shippingAddress !== before.cart.shippingAddress)
      writeStored(STORAGE_KEYS.shippingAddress, state.cart.shippingAddress);
    if (state.cart.paymentMethod !== before.cart.paymentMethod)
      writeStored(STORAGE_KEYS.paymentMethod, state.cart.paymentMethod);
    if (state.cart.invoiceTo !== before.cart.invoiceTo) writeStored(STORAGE_KEYS.invoiceTo, state.cart.invoiceTo);
    if (state.cart.couponCode !== before.cart.couponCode) writeStored(STORAGE_KEYS.couponCode, state.cart.couponCode);
    if (state.user.userInfo !== before.user.userInfo) writeStored(STORAGE_KEYS.userInfo, state.user.userInfo);
  },
});

/** Reads the profile again when the signed-in user's name or roles may be out of date (user slice). */
const profileRefresh = createListenerMiddleware<RootState>();
profileRefresh.startListening({
  actionCreator: sessionMayBeStale,
  effect: async (_action, listenerApi) => {
    if (!listenerApi.getState().user.userInfo) return;
    // One refresh at a time: a burst of 403s asks once.
    listenerApi.unsubscribe();
    try {
      await listenerApi.dispatch(usersApi.endpoints.getProfile.initiate(undefined, { forceRefetch: true, subscribe: false }));
    } finally {
      listenerApi.subscribe();
    }
  },
});

/** A store; tests pass a preloaded state. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(persistence.middleware, profileRefresh.middleware).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk = ThunkAction<void, RootState, unknown, UnknownAction>;
// The typed hooks and `logout` live in stores/hooks.ts (components/ use them too); re-exporting
// them here made an import cycle, so import them from there.
