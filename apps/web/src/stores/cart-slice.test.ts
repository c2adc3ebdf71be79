import { describe, expect, it } from 'vitest';
import { makeStore } from '@/app/store';
import { loggedOut } from '@/lib/api/session';
import {
  cartCleared,
  cartItemAdded,
  cartItemRemoved,
  cartLearnersSaved,
  cartSlice,
  couponCodeSaved,
  paymentMethodSaved,
  shippingAddressSaved,
  type CartItem,
} from './cart-slice';

const item = (course: string, qty = 1): CartItem => ({
  course,
  name: `Course ${course}`,
  images: [`/images/${course}.svg`],
  price: 20,
  availability: 10,
  qty,
});

const empty = { cartItems: [], shippingAddress: null, paymentMethod: null };
const reduce = cartSlice.reducer;

describe('cart reducer', () => {
  it('keeps the learners named for a line when its quantity changes, up to the new quantity (issue 51)', () => {
    const named = [
      { name: 'Youssef', email: '' },
      { name: 'Ines', email: 'ines@example.com' },
    ];
    let state = reduce(reduce(empty, cartItemAdded(item('a', 3))), cartLearnersSaved({ course: 'a', learners: named }));
    state = reduce(state, cartItemAdded(item('a', 1)));
    expect(state.cartItems[0]!.learners).toEqual([{ name: 'Youssef', email: '' }]);
    state = reduce(state, cartLearnersSaved({ course: 'a', learners: null }));
    expect(state.cartItems[0]!.learners).toBeUndefined();
  });

  it('keeps the learners through a reload (local storage)', () => {
    const store = makeStore();
    store.dispatch(cartItemAdded(item('a', 2)));
    store.dispatch(cartLearnersSaved({ course: 'a', learners: [{ name: 'Youssef', email: '' }] }));
    expect(makeStore().getState().cart.cartItems[0]!.learners).toEqual([{ name: 'Youssef', email: '' }]);
  });

  it('adds a course that is not in the cart yet as a new line', () => {
    const state = reduce(reduce(empty, cartItemAdded(item('a'))), cartItemAdded(item('b', 2)));
    expect(state.cartItems.map((l) => [l.course, l.qty])).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('replaces the line of a course already in the cart, in place', () => {
    let state = reduce(empty, cartItemAdded(item('a')));
    state = reduce(state, cartItemAdded(item('b')));
    state = reduce(state, cartItemAdded(item('a', 4)));
    expect(state.cartItems.map((l) => [l.course, l.qty])).toEqual([
      ['a', 4],
      ['b', 1],
    ]);
  });

  it('removes a line by course and clears the whole cart', () => {
    let state = reduce(empty, cartItemAdded(item('a')));
    state = reduce(state, cartItemAdded(item('b')));
    state = reduce(state, cartItemRemoved('a'));
    expect(state.cartItems.map((l) => l.course)).toEqual(['b']);
    state = reduce(state, cartCleared());
    expect(state.cartItems).toEqual([]);
  });
});

describe('cart persistence', () => {
  it('writes cartItems, shippingAddress and paymentMethod to local storage as they change', () => {
    const store = makeStore();
    store.dispatch(cartItemAdded(item('a', 3)));
    expect(JSON.parse(localStorage.getItem('cartItems')!)).toEqual([item('a', 3)]);

    const address = {
      address: '1 Rue',
      city: 'Tunis',
      postalCode: '1000',
      country: 'Maroc',
    } as const;
    store.dispatch(shippingAddressSaved(address));
    store.dispatch(paymentMethodSaved('In Place'));
    expect(JSON.parse(localStorage.getItem('shippingAddress')!)).toEqual(address);
    expect(JSON.parse(localStorage.getItem('paymentMethod')!)).toBe('In Place');

    store.dispatch(cartItemRemoved('a'));
    expect(JSON.parse(localStorage.getItem('cartItems')!)).toEqual([]);
  });

  it('starts a new store from what local storage holds, ignoring corrupt entries', () => {
    localStorage.setItem('cartItems', JSON.stringify([item('a', 2)]));
    localStorage.setItem('paymentMethod', JSON.stringify('Bitcoin'));
    localStorage.setItem('shippingAddress', '{not json');
    const { cart } = makeStore().getState();
    expect(cart.cartItems).toEqual([item('a', 2)]);
    expect(cart.paymentMethod).toBeNull();
    expect(cart.shippingAddress).toBeNull();
  });

  it('keeps an applied promo code across a reload, and forgets it once the order is placed or on sign-out', () => {
    const store = makeStore();
    store.dispatch(cartItemAdded(item('a', 1)));
    store.dispatch(couponCodeSaved('RENTREE25'));
    expect(makeStore().getState().cart.couponCode).toBe('RENTREE25');

    store.dispatch(cartCleared());
    expect(localStorage.getItem('couponCode')).toBeNull();
    expect(makeStore().getState().cart.couponCode).toBeUndefined();

    store.dispatch(couponCodeSaved('RENTREE25'));
    store.dispatch(loggedOut());
    expect(makeStore().getState().cart.couponCode).toBeUndefined();
  });

  it('ignores a stored promo code that is not one', () => {
    localStorage.setItem('couponCode', JSON.stringify({ code: 'X' }));
    expect(makeStore().getState().cart.couponCode).toBeUndefined();
    localStorage.setItem('couponCode', JSON.stringify('   '));
    expect(makeStore().getState().cart.couponCode).toBeUndefined();
  });
});
