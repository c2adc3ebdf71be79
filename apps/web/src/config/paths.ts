/** Every route path of the client (docs/product.md#screens), in one place. */
export const paths = {
  home: '/',
  about: '/about',
  courses: '/courses',
  search: (keyword: string) => `/search/${encodeURIComponent(keyword)}`,
  contact: '/contactus',
  course: (id: string) => `/course/${id}`,
  /** A course into the cart: `session` is the dated session chosen (issue 33). */
  cart: (id?: string, qty?: number, session?: string) =>
    id
      ? `/cart/${id}${qty ? `?qty=${qty}` : ''}${session ? `${qty ? '&' : '?'}session=${encodeURIComponent(session)}` : ''}`
      : '/cart',
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
  /** Issue 34: a session's roster, attendance and sign-in sheet. */
  adminSessionRoster: (id: string) => `/admin/session/${id}`,
  kids: '/kids',
  kidsCourses: '/courseskids',
  /** A kid's search stays in the kids area. */
  kidsSearch: (keyword: string) => `/courseskids/${encodeURIComponent(keyword)}`,
  verify: (token: string) => `/verify/${token}`,
  /** Issue 31: the link mailed to a new e-mail address. */
  confirmEmail: (token: string) => `/confirm-email/${token}`,
  /** Issue 49: the link mailed to the old address of an e-mail change, which cancels it. */
  cancelEmail: (token: string) => `/cancel-email/${token}`,
  quizz: '/notfound',
  /** Issue 35: a certificate's public check page (its QR code's address). */
  certificate: (id: string) => `/certificates/${encodeURIComponent(id)}`,
  adminCertificates: '/admin/certificates',
  adminCoupons: '/admin/coupons',
  /** Issue 53: the SMS and WhatsApp messages sent, waiting or failed. */
  adminMessages: '/admin/messages',
  adminCouponNew: '/admin/coupons/new',
  adminCouponEdit: (id: string) => `/admin/coupons/${id}/edit`,
  /** Catalogue by category (home and footer cards). */
  coursesByCategory: (category: string) => `/courses/?cg=${encodeURIComponent(category)}`,
  coursesByFilter: (value: string) => `/courses/?filter=${encodeURIComponent(value)}`,
} as const;
