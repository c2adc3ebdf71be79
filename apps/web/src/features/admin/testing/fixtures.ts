import type { Course, Order, User, UserInfo } from '@shop/shared';

/** The signed-in admin of every admin screen test. */
export const adminInfo: UserInfo = {
  _id: 'admin-1',
  name: 'Admin',
  email: 'admin@example.com',
  isAdmin: true,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  token: 'admin-token',
};

export const signedInAdmin = { user: { userInfo: adminInfo } };

export const aUser = (overrides: Partial<User> = {}): User => ({
  _id: 'user-1',
  name: 'Sami Ben Ali',
  email: 'sami@example.com',
  isAdmin: false,
  isKid: false,
  language: 'en',
  phone: null,
  notify: { sms: false, whatsapp: false },
  ...overrides,
});

export const aCourse = (overrides: Partial<Course> = {}): Course => ({
  _id: 'course-1',
  name: 'Python for Beginners',
  price: 120.5,
  description: 'Learn Python step by step.',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/python.svg'],
  category: ['Programming'],
  sizes: ['M'],
  availability: 12,
  rating: 4.5,
  numReviews: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-02T10:00:00.000Z',
  ...overrides,
});

export const anOrder = (overrides: Partial<Order> = {}): Order => ({
  _id: 'order-1',
  user: { _id: 'user-1', name: 'Sami Ben Ali' },
  orderItems: [
    {
      _id: 'line-course-1',
      learners: [],
      course: 'course-1',
      name: 'Python for Beginners',
      qty: 1,
      price: 120.5,
      image: '/images/python.svg',
      session: null,
    },
  ],
  shippingAddress: {
    address: '1 Rue de Carthage',
    city: 'Tunis',
    postalCode: '1000',
    country: 'France',
  },
  paymentMethod: 'Card',
  itemsPrice: 120.5,
  shippingPrice: 0,
  taxPrice: 18.08,
  totalPrice: 138.58,
  isPaid: false,
  paidAt: null,
  isLearned: false,
  learnedAt: null,
  createdAt: '2026-11-03T09:30:00.000Z',
  status: 'pending',
  holdExpiresAt: '2026-11-06T09:30:00.000Z',
  cancelledAt: null,
  refundedAt: null,
  invoiceNumber: null,
  paymentResult: null,
  refund: null,
  refunds: [],
  invoiceTo: null,
  couponCode: null,
  discountPrice: 0,
  taxLines: [{ rate: 15, base: 120.5, amount: 18.08 }],
  stampDuty: 0,
  paymentProof: null,
  invoiceTtn: null,
  creditNoteTtn: null,
  ...overrides,
});
