import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { followCartOfOtherTabs } from './cart-sync';

const line = { course: 'c1', name: 'Scratch', images: ['/a.svg'], price: 40, availability: 5, qty: 2 };

function otherTabWrites(key: string | null, value: string | null) {
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: localStorage }));
}

describe('the cart across tabs', () => {
  it('takes the lines another tab stored, and empties when that tab emptied it', () => {
    const store = makeStore();
    const stop = followCartOfOtherTabs(store.dispatch);
    otherTabWrites('cartItems', JSON.stringify([line]));
    expect(store.getState().cart.cartItems).toEqual([line]);
    otherTabWrites('cartItems', null);
    expect(store.getState().cart.cartItems).toEqual([]);
    otherTabWrites('cartItems', JSON.stringify([line]));
    otherTabWrites(null, null);
    expect(store.getState().cart.cartItems).toEqual([]);
    stop();
  });

  it('ignores other keys and unreadable values, and stops listening', () => {
    const store = makeStore();
    const stop = followCartOfOtherTabs(store.dispatch);
    otherTabWrites('cartItems', JSON.stringify([line]));
    otherTabWrites('lang', '"fr"');
    expect(store.getState().cart.cartItems).toEqual([line]);
    otherTabWrites('cartItems', '{not json');
    expect(store.getState().cart.cartItems).toEqual([]);
    stop();
    otherTabWrites('cartItems', JSON.stringify([line]));
    expect(store.getState().cart.cartItems).toEqual([]);
  });
});
