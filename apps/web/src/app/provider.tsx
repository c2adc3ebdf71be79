import { useEffect, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { sessionMayBeStale } from '@/lib/api/session';
import { followCartOfOtherTabs } from '@/stores/cart-sync';
import { makeStore } from './store';

export function AppProvider({ children }: { children: ReactNode }) {
  const [store] = useState(makeStore);
  useEffect(() => {
    // The user info came from local storage: an admin may have renamed or re-roled the account since.
    store.dispatch(sessionMayBeStale());
    return followCartOfOtherTabs(store.dispatch);
  }, [store]);
  return <Provider store={store}>{children}</Provider>;
}
