import type { RouteObject } from 'react-router';

/** Routes of the catalogue feature, composed by app/router.tsx. Route modules load lazily. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, lazy: () => import('./routes/home').then((m) => ({ Component: m.Home })) },
  { path: 'courses/*', lazy: () => import('./routes/catalogue').then((m) => ({ Component: m.Catalogue })) },
  { path: 'search/:keyword', lazy: () => import('./routes/catalogue').then((m) => ({ Component: m.Catalogue })) },
  { path: 'course/:id', lazy: () => import('./routes/course-detail').then((m) => ({ Component: m.CourseDetail })) },
  { path: 'kids', lazy: () => import('./routes/kids-home').then((m) => ({ Component: m.KidsHome })) },
  { path: 'courseskids/:keyword?', lazy: () => import('./routes/kids-catalogue').then((m) => ({ Component: m.KidsCatalogue })) },
  { path: 'about', lazy: () => import('./routes/about').then((m) => ({ Component: m.About })) },
  { path: 'contactus', lazy: () => import('./routes/contact').then((m) => ({ Component: m.Contact })) },
];
