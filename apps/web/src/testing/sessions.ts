import type { CourseDetail, Session } from '@shop/shared';

/** A dated session (issue 33) as the API answers it: 12 Jan to 20 Mar 2027, 18:00 Tunis time. */
export const aSession = (overrides: Partial<Session> = {}): Session => ({
  _id: 's1',
  course: 'c1',
  startsAt: '2027-01-12T17:00:00.000Z',
  endsAt: '2027-03-20T19:00:00.000Z',
  schedule: 'Tue and Thu 18:00-20:00',
  place: 'Tunis, Lac 2',
  scheduleFr: '',
  scheduleAr: '',
  placeFr: '',
  placeAr: '',
  capacity: 12,
  seatsLeft: 5,
  status: 'open',
  waiting: 0,
  hours: null,
  trainer: null,
  meetings: [],
  ...overrides,
});

/** Three sessions: a full one first, then two open ones (2 and 9 seats left). */
export const threeSessions = (): Session[] => [
  aSession({
    _id: 's0',
    startsAt: '2026-12-01T08:00:00.000Z',
    endsAt: '2027-01-05T10:00:00.000Z',
    seatsLeft: 0,
    status: 'full',
    place: 'Online',
  }),
  aSession({ _id: 's1', seatsLeft: 2 }),
  aSession({
    _id: 's2',
    startsAt: '2027-04-06T16:00:00.000Z',
    endsAt: '2027-06-10T18:00:00.000Z',
    seatsLeft: 9,
    place: 'Sousse',
  }),
];

/** A course page's course sold in dated sessions (by default `threeSessions()`), with no reviews. */
export const aCourseWithSessions = (overrides: Partial<CourseDetail> = {}): CourseDetail => ({
  _id: 'c1',
  name: 'Business English',
  price: 350,
  description: 'Speak at work.',
  nameFr: '',
  nameAr: '',
  descriptionFr: '',
  descriptionAr: '',
  images: ['/images/a.svg'],
  category: ['Languages'],
  sizes: [],
  availability: 11,
  rating: 0,
  numReviews: 0,
  reviews: [],
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  sessions: threeSessions(),
  ...overrides,
});
