import { STORAGE_KEYS } from '@/lib/storage';
import { cartItemsChangedElsewhere } from './cart-slice';

type Dispatch = (action: ReturnType<typeof cartItemsChangedElsewhere>) => unknown;

/**
 * Keeps this tab's cart equal to the stored one when another tab of the same browser changes
 * it (the `storage` event fires in every other tab of the origin). Returns the unsubscribe.
 * Writing the same lines back to storage fires nothing, so two tabs never echo each other.
 */
export function followCartOfOtherTabs(dispatch: Dispatch): () => void {
  const onStorage = (event: StorageEvent) => {
    // key null: the other tab cleared the whole storage.
    if (event.key !== null && event.key !== STORAGE_KEYS.cartItems) return;
    let lines: unknown = [];
    try {
      lines = event.newValue === null ? [] : (JSON.parse(event.newValue) as unknown);
    } catch {
      lines = [];
    }
    dispatch(cartItemsChangedElsewhere(lines));
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
