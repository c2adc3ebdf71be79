import { useEffect, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { sessionMayBeStale } from '@/lib/api/session';
import { followCartOfOtherTabs } from '@/stores/cart-sync';
import type { AppStore } from './store';

/** The store around the app: the one the start built (main.tsx). */
export function AppProvider({ children, store }: { children: ReactNode; store: AppStore }) {
  useEffect(() => {
    // The user info came from local storage: an admin may have renamed or re-roled the account since.
    store.dispatch(sessionMayBeStale());
    return followCartOfOtherTabs(store.dispatch);
  }, [store]);
  return <Provider store={store}>{children}</Provider>;
}
