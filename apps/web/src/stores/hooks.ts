import { useDispatch, useSelector } from 'react-redux';
import { api } from '@/lib/api/base';
import type { AppDispatch, AppThunk, RootState } from '@/app/store';
import { loggedOut } from '@/stores/user-slice';

/**
 * The typed store hooks and the sign-out thunk, here rather than in app/ so that components/
 * may use them (components/ and lib/ never import app/; the types above are erased).
 */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Sign out: forget the user and every cached server answer (docs/product.md#rules, "Shared computers"); the cart stays. */
export const logout = (): AppThunk => (dispatch) => {
  dispatch(loggedOut());
  dispatch(api.util.resetApiState());
};
