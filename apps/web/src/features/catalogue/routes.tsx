import type { RouteObject } from 'react-router';
import { lazyRoute } from '@/lib/lazy-route';

/** Routes of the catalogue feature, composed by app/router.tsx. Route modules load lazily. */
export const catalogueRoutes: RouteObject[] = [
  { index: true, lazy: lazyRoute(() => import('./routes/home'), (m) => m.Home) },
  { path: 'courses/*', lazy: lazyRoute(() => import('./routes/catalogue'), (m) => m.Catalogue) },
  { path: 'search/:keyword', lazy: lazyRoute(() => import('./routes/catalogue'), (m) => m.Catalogue) },
  { path: 'course/:id', lazy: lazyRoute(() => import('./routes/course-detail'), (m) => m.CourseDetail) },
  { path: 'kids', lazy: lazyRoute(() => import('./routes/kids-home'), (m) => m.KidsHome) },
  { path: 'courseskids/:keyword?', lazy: lazyRoute(() => import('./routes/kids-catalogue'), (m) => m.KidsCatalogue) },
  { path: 'about', lazy: lazyRoute(() => import('./routes/about'), (m) => m.About) },
  { path: 'contactus', lazy: lazyRoute(() => import('./routes/contact'), (m) => m.Contact) },
];
