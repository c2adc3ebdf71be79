import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  COUNTRIES,
  PAYMENT_METHODS,
  type Course,
  type PaymentMethod,
  type ShippingAddress,
} from '@shop/shared';
import { loggedOut } from '@/lib/api/session';
import { readStored, STORAGE_KEYS } from '@/lib/storage';

/** A cart line (SPEC §3): what the cart shows until the server prices the order. */
export interface CartItem {
  course: string;
  name: string;
  images: string[];
  price: number;
  availability: number;
  qty: number;
  /** The course's French and Arabic names when it has them (issue 18), shown in those languages. */
  nameFr?: string;
  nameAr?: string;
}

/** The cart line holding `qty` seats of a course. */
export function cartLineOf(course: Course, qty: number): CartItem {
  const { _id, name, images, price, availability, nameFr, nameAr } = course;
  return {
    course: _id,
    name,
    images,
    price,
    availability,
    qty,
    ...(nameFr ? { nameFr } : {}),
    ...(nameAr ? { nameAr } : {}),
  };
}

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: PaymentMethod | null;
}

function isCartItems(value: unknown): value is CartItem[] {
  return (
    Array.isArray(value) &&
    value.every(
      (i: Partial<CartItem>) =>
        typeof i?.course === 'string' &&
        typeof i.name === 'string' &&
        typeof i.price === 'number' &&
        typeof i.qty === 'number' &&
        typeof i.availability === 'number' &&
        Array.isArray(i.images),
    )
  );
}

function isAddress(value: unknown): value is ShippingAddress {
  const v = value as Partial<ShippingAddress> | null;
  return (
    !!v &&
    typeof v.address === 'string' &&
    typeof v.city === 'string' &&
    typeof v.postalCode === 'string' &&
    (COUNTRIES as readonly string[]).includes(v.country ?? '')
  );
}

function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}

export const loadCartState = (): CartState => ({
  cartItems: readStored(STORAGE_KEYS.cartItems, [], isCartItems),
  shippingAddress: readStored(STORAGE_KEYS.shippingAddress, null, isAddress),
  paymentMethod: readStored(STORAGE_KEYS.paymentMethod, null, isPaymentMethod),
});

export const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCartState,
  reducers: {
    /** Adding a course already in the cart replaces that line (SPEC §4). */
    cartItemAdded(state, action: PayloadAction<CartItem>) {
      const item = action.payload;
      const index = state.cartItems.findIndex((line) => line.course === item.course);
      if (index === -1) state.cartItems.push(item);
      else state.cartItems[index] = item;
    },
    cartItemRemoved(state, action: PayloadAction<string>) {
      state.cartItems = state.cartItems.filter((line) => line.course !== action.payload);
    },
    shippingAddressSaved(state, action: PayloadAction<ShippingAddress>) {
      state.shippingAddress = action.payload;
    },
    paymentMethodSaved(state, action: PayloadAction<PaymentMethod>) {
      state.paymentMethod = action.payload;
    },
    /**
     * The server's current name and price of courses in the cart (a 409 PRICE_CHANGED): the
     * lines show what the order will now cost, for the customer to confirm.
     */
    cartPricesUpdated(
      state,
      action: PayloadAction<{ course: string; name: string; price: number }[]>,
    ) {
      for (const current of action.payload) {
        const line = state.cartItems.find(
          (item) => item.course.toLowerCase() === current.course.toLowerCase(),
        );
        if (line) {
          line.price = current.price;
          line.name = current.name;
        }
      }
    },
    /** After an order is placed: the seats are bought, the cart is empty again. */
    cartCleared(state) {
      state.cartItems = [];
    },
    /**
     * Another tab of this browser changed the stored cart (a `storage` event): this tab takes
     * the same lines, so both show one cart.
     */
    cartItemsChangedElsewhere(state, action: PayloadAction<unknown>) {
      state.cartItems = isCartItems(action.payload) ? action.payload : [];
    },
  },
  extraReducers: (builder) => {
    // Sign-out forgets where the last person lives and how they pay (a shared computer at
    // school or in a family); the cart is not personal and stays (SPEC §4).
    builder.addCase(loggedOut, (state) => {
      state.shippingAddress = null;
      state.paymentMethod = null;
    });
  },
});

export const {
  cartItemAdded,
  cartItemRemoved,
  shippingAddressSaved,
  paymentMethodSaved,
  cartCleared,
  cartItemsChangedElsewhere,
  cartPricesUpdated,
} = cartSlice.actions;
