import { MESSAGES } from '@shop/shared';

/** Shell, navigation, footer and shared widgets. */
export const common = {
  brand: 'Course Shop',
  loading: 'Loading…',
  networkError: 'Network error: the shop could not be reached. Please try again.',
  notFound: MESSAGES.notFound404,
  nav: {
    home: 'Home',
    courses: 'Courses',
    contact: 'Contact us',
    quizz: 'Quizz',
    about: 'About',
    cart: 'Cart',
    profile: 'Profile',
    signIn: 'Sign in',
    signOut: 'Sign out',
    admin: 'Admin',
    adminUsers: 'Users',
    adminCourses: 'Courses',
    adminOrders: 'Orders',
    menu: 'Menu',
  },
  search: {
    placeholder: 'Search here ...',
    secondPlaceholder: 'Tap For Search',
    label: 'Search courses',
  },
  footer: {
    copyright: '© 2024 Course Shop. All rights reserved.',
  },
} as const;
