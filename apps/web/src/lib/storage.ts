/** The local-storage keys of the web client (the cart, checkout choices and account survive a reload; the names are fixed: saved carts of earlier versions keep working). */
export const STORAGE_KEYS = {
  cartItems: 'cartItems',
  shippingAddress: 'shippingAddress',
  paymentMethod: 'paymentMethod',
  /** The company the invoice is made out to, when the buyer gave one at checkout (issue 31). */
  invoiceTo: 'invoiceTo',
  /** The promo code applied in the cart or at checkout (issue 54: a reload forgot it without a word). */
  couponCode: 'couponCode',
  userInfo: 'userInfo',
} as const;

/** Reads JSON from local storage; a missing, corrupt or unavailable entry gives the fallback. */
export function readStored<T>(key: string, fallback: T, isValid: (value: unknown) => value is T): T {
  try {
    const raw = localStorage.getItem(key);
    if (raw === null) return fallback;
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (private mode): the app keeps working from memory.
  }
}
