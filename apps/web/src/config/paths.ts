/** Every route path of the client (SPEC §2), in one place. */
export const paths = {
  home: '/',
  about: '/about',
  courses: '/courses',
  search: (keyword: string) => `/search/${encodeURIComponent(keyword)}`,
  contact: '/contactus',
  course: (id: string) => `/course/${id}`,
  cart: (id?: string, qty?: number) => (id ? `/cart/${id}${qty ? `?qty=${qty}` : ''}` : '/cart'),
  login: (redirect?: string) => (redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login'),
  register: (redirect?: string) => (redirect ? `/register?redirect=${encodeURIComponent(redirect)}` : '/register'),
  forgot: '/forgot',
  resetPassword: '/reset-password',
  profile: '/profile',
  shipping: '/shipping',
  placeOrder: '/placeorder',
  order: (id: string) => `/order/${id}`,
  adminDashboard: '/admin',
  adminAudit: '/admin/audit',
  /** The audit trail of one user, course or order. */
  adminAuditOf: (entity: 'user' | 'course' | 'order', id: string) =>
    `/admin/audit?entity=${entity}&entityId=${encodeURIComponent(id)}`,
  adminUsers: '/admin/userlist',
  adminCourses: '/admin/courselist',
  adminOrders: '/admin/orderlist',
  adminUserEdit: (id: string) => `/admin/user/${id}/edit`,
  adminCourseEdit: (id: string) => `/admin/course/${id}/edit`,
  kids: '/kids',
  kidsCourses: '/courseskids',
  /** A kid's search stays in the kids area. */
  kidsSearch: (keyword: string) => `/courseskids/${encodeURIComponent(keyword)}`,
  verify: (token: string) => `/verify/${token}`,
  quizz: '/notfound',
  /** Catalogue by category (home and footer cards). */
  coursesByCategory: (category: string) => `/courses/?cg=${encodeURIComponent(category)}`,
  coursesByFilter: (value: string) => `/courses/?filter=${encodeURIComponent(value)}`,
} as const;
