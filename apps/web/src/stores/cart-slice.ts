import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  COUNTRIES,
  PAYMENT_METHODS,
  type Course,
  type InvoiceToInput as InvoiceTo,
  type OrderLineSession,
  type Session,
  type PaymentMethod,
  type ShippingAddress,
} from '@shop/shared';
import { loggedOut } from '@/lib/api/session';
import { readStored, STORAGE_KEYS } from '@/lib/storage';

/** A cart line: what the cart shows until the server prices the order. */
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
  /** The course's own VAT rate (issue 52); absent or null: the shop's `TAX_RATE`. */
  taxRate?: number | null;
  /**
   * The dated session the seats are in (issue 33); absent for a course sold without sessions.
   * `availability` is then that session's seats left.
   */
  session?: OrderLineSession;
  /**
   * Who sits in the seats (issue 51), as typed at checkout: absent means "me" (nothing is sent,
   * the seats are the buyer's); a list, the people named (at most `qty`; blank rows are
   * refused before sending). Kept in the cart so it survives steps and reloads.
   */
  learners?: { name: string; email: string; phone?: string }[];
}

/** The cart line holding `qty` seats of a course, in `session` when the course has sessions. */
export function cartLineOf(course: Course, qty: number, session?: Session): CartItem {
  const { _id, name, images, price, availability, nameFr, nameAr, taxRate } = course;
  return {
    course: _id,
    name,
    images,
    price,
    availability: session ? session.seatsLeft : availability,
    qty,
    ...(taxRate !== undefined && taxRate !== null ? { taxRate } : {}),
    ...(nameFr ? { nameFr } : {}),
    ...(nameAr ? { nameAr } : {}),
    ...(session
      ? {
          session: {
            _id: session._id,
            startsAt: session.startsAt,
            endsAt: session.endsAt,
            schedule: session.schedule,
            place: session.place,
          },
        }
      : {}),
  };
}

function isLineSession(value: unknown): value is OrderLineSession {
  const v = value as Partial<OrderLineSession> | null;
  return (
    !!v &&
    ['_id', 'startsAt', 'endsAt', 'schedule', 'place'].every(
      (key) => typeof (v as Record<string, unknown>)[key] === 'string',
    )
  );
}

function isLearnerRows(value: unknown): value is CartItem['learners'] {
  return (
    Array.isArray(value) &&
    value.every(
      (row: { name?: unknown; email?: unknown; phone?: unknown } | null) =>
        typeof row?.name === 'string' &&
        typeof row.email === 'string' &&
        (row.phone === undefined || typeof row.phone === 'string'),
    )
  );
}

export interface CartState {
  cartItems: CartItem[];
  shippingAddress: ShippingAddress | null;
  paymentMethod: PaymentMethod | null;
  /** The company the invoice is made out to (name and matricule fiscal); absent: the buyer. */
  invoiceTo?: InvoiceTo;
  /** The promo code the customer applied (issue 37); kept across reloads, checked by the server each time. */
  couponCode?: string;
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
        Array.isArray(i.images) &&
        (i.session === undefined || isLineSession(i.session)) &&
        (i.learners === undefined || isLearnerRows(i.learners)),
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

function isInvoiceTo(value: unknown): value is InvoiceTo {
  const v = value as Partial<InvoiceTo> | null;
  return !!v && typeof v.name === 'string' && typeof v.taxId === 'string';
}

function isPaymentMethod(value: unknown): value is PaymentMethod {
  return (PAYMENT_METHODS as readonly unknown[]).includes(value);
}

export const loadCartState = (): CartState => {
  const invoiceTo = readStored(STORAGE_KEYS.invoiceTo, null, isInvoiceTo);
  const couponCode = readStored(STORAGE_KEYS.couponCode, null, isCouponCode);
  return {
    cartItems: readStored(STORAGE_KEYS.cartItems, [], isCartItems),
    shippingAddress: readStored(STORAGE_KEYS.shippingAddress, null, isAddress),
    paymentMethod: readStored(STORAGE_KEYS.paymentMethod, null, isPaymentMethod),
    ...(invoiceTo ? { invoiceTo } : {}),
    ...(couponCode ? { couponCode } : {}),
  };
};

/** A stored promo code: text as the field takes it (the server checks the rest). */
function isCouponCode(value: unknown): value is string {
  return typeof value === 'string' && value.trim().length > 0 && value.length <= 40;
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: loadCartState,
  reducers: {
    /** Adding a course already in the cart replaces that line (its quantity is the new one). */
    cartItemAdded(state, action: PayloadAction<CartItem>) {
      const item = action.payload;
      const index = state.cartItems.findIndex((line) => line.course === item.course);
      if (index === -1) state.cartItems.push(item);
      else {
        // A new quantity of the same seats keeps the names typed (issue 51), up to the new qty.
        const before = state.cartItems[index]!;
        const sameSeats = before.session?._id === item.session?._id;
        state.cartItems[index] =
          sameSeats && before.learners && !item.learners
            ? { ...item, learners: before.learners.slice(0, item.qty) }
            : item;
      }
    },
    /** Issue 51: the people named for a line's seats, or null for "me" (nothing named). */
    cartLearnersSaved(
      state,
      action: PayloadAction<{ course: string; learners: { name: string; email: string; phone?: string }[] | null }>,
    ) {
      const line = state.cartItems.find((item) => item.course === action.payload.course);
      if (!line) return;
      if (action.payload.learners) line.learners = action.payload.learners.slice(0, line.qty);
      else delete line.learners;
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
    /** The company to invoice, or null for an invoice in the buyer's own name. */
    invoiceToSaved(state, action: PayloadAction<InvoiceTo | null>) {
      if (action.payload) state.invoiceTo = action.payload;
      else delete state.invoiceTo;
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
    /** The promo code typed in the cart or at checkout (issue 37), or null to remove it. */
    couponCodeSaved(state, action: PayloadAction<string | null>) {
      if (action.payload) state.couponCode = action.payload;
      else delete state.couponCode;
    },
    /** After an order is placed: the seats are bought, the cart is empty again. */
    cartCleared(state) {
      state.cartItems = [];
      delete state.couponCode;
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
    // school or in a family); the cart is not personal and stays (docs/product.md#rules, "Shared computers").
    builder.addCase(loggedOut, (state) => {
      state.shippingAddress = null;
      state.paymentMethod = null;
      delete state.invoiceTo;
      // A code is the account's to use (uses are counted per account).
      delete state.couponCode;
    });
  },
});

export const {
  cartItemAdded,
  cartItemRemoved,
  cartLearnersSaved,
  shippingAddressSaved,
  paymentMethodSaved,
  invoiceToSaved,
  couponCodeSaved,
  cartCleared,
  cartItemsChangedElsewhere,
  cartPricesUpdated,
} = cartSlice.actions;
