import type { Order, UserInfo } from '@shop/shared';
import type { RootState } from '@/app/store';
import type { CartItem } from '@/stores/cart-slice';

export const customer: UserInfo = {
  _id: 'u1',
  name: 'Amal Ben Salah',
  email: 'amal@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'token-1',
};

export const aCartItem = (overrides: Partial<CartItem> = {}): CartItem => ({
  course: 'c1',
  name: 'React from scratch',
  images: ['/images/react.svg'],
  price: 30,
  availability: 5,
  qty: 1,
  ...overrides,
});

export const anAddress = {
  address: '12 Rue de Rome',
  city: 'Tunis',
  postalCode: '1000',
  country: 'France',
} as const;

/** A signed-in customer with a cart, ready for checkout. */
export function checkoutState(
  cartItems: CartItem[],
  overrides: Partial<RootState['cart']> = {},
): Partial<RootState> {
  return {
    user: { userInfo: customer },
    cart: { cartItems, shippingAddress: { ...anAddress }, paymentMethod: 'In Place', ...overrides },
  };
}

export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: 'o1',
  user: { _id: 'u1', name: customer.name, email: customer.email },
  orderItems: [
    {
      _id: 'line-c1',
      learners: [],
      course: 'c1',
      name: 'React from scratch',
      qty: 2,
      price: 30,
      image: '/images/react.svg',
      session: null,
    },
  ],
  shippingAddress: { ...anAddress },
  paymentMethod: 'In Place',
  itemsPrice: 60,
  shippingPrice: 100,
  taxPrice: 9,
  totalPrice: 169,
  isPaid: false,
  paidAt: null,
  isLearned: false,
  learnedAt: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  status: 'pending',
  holdExpiresAt: '2026-11-24T10:00:00.000Z',
  cancelledAt: null,
  refundedAt: null,
  invoiceNumber: null,
  paymentResult: null,
  refund: null,
  refunds: [],
  invoiceTo: null,
  couponCode: null,
  discountPrice: 0,
  taxLines: [{ rate: 15, base: 60, amount: 9 }],
  stampDuty: 0,
  paymentProof: null,
  invoiceTtn: null,
  creditNoteTtn: null,
  ...overrides,
});
