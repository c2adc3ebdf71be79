/** Helpers the journeys share: calling the shop's API directly, and watching a page for errors. */
import type { Page } from 'playwright-core';
import { baseUrl, mailLinkFor } from './browser.js';

/** The admin account `pnpm start` creates (README). */
export const ADMIN = { email: 'admin@example.com', password: 'admin12345' };

/** What sign-in answers (and the web client keeps as `userInfo`). */
export interface UserInfo {
  _id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  isKid: boolean;
  token: string;
}

/** A course as `GET /api/courses` lists it: the fields the journeys read. */
export interface CourseRow {
  _id: string;
  name: string;
  price: number;
  availability: number;
  images: string[];
  /** Set when the course runs in dated sessions (issue 33); null otherwise. */
  nextSession: { _id: string } | null;
}

/** A cart line of `qty` seats of `course`, as the web client keeps it (local storage `cartItems`). */
export const cartLineOf = (course: CourseRow, qty = 1) => ({
  course: course._id,
  name: course.name,
  images: course.images,
  price: course.price,
  availability: course.availability,
  qty,
});

/** A session as a course's `sessions` list it: the fields the journeys read. */
export interface SessionRow {
  _id: string;
  startsAt: string;
  endsAt: string;
  schedule: string;
  place: string;
  seatsLeft: number;
  status: string;
  /** How many customers wait for a seat (issue 34). */
  waiting: number;
}

/** A JSON call to the shop's API, whatever its status (a journey checking a refusal). */
export async function call<T>(
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${baseUrl()}/api${pathname}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: answer.status, body: (await answer.json()) as T };
}

/** A JSON call to the shop's API (setting things up, checking what the screens did); throws on 4xx/5xx. */
export async function api<T>(
  method: string,
  pathname: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const answer = await call<T & { message?: string }>(method, pathname, body, token);
  if (answer.status >= 400)
    throw new Error(`${method} ${pathname}: ${answer.status} ${answer.body.message ?? ''}`);
  return answer.body;
}

/**
 * Demo courses sold without dated sessions (the sessions journeys cover the others) that have
 * at least `seats` seats left, among the catalogue's first 50.
 */
export async function coursesWithSeats(seats: number): Promise<CourseRow[]> {
  const courses = await api<CourseRow[]>('GET', '/courses?limit=50');
  return courses.filter((c) => c.availability >= seats && !c.nextSession);
}

export const DAY = 24 * 60 * 60 * 1000;

/** The Tunis address the journeys order to (and keep as the checkout form's). */
export const TUNIS_ADDRESS = {
  address: '5 Rue de Marseille',
  city: 'Tunis',
  postalCode: '1000',
  country: 'Tunisie',
};

/** An order placed through the API by `token`'s user, to the Tunis address ("In Place" unless said). */
export function placeOrder(
  token: string,
  orderItems: { course: string; qty: number; session?: string }[],
  paymentMethod = 'In Place',
): Promise<{ _id: string }> {
  return api(
    'POST',
    '/orders',
    { orderItems, shippingAddress: TUNIS_ADDRESS, paymentMethod },
    token,
  );
}

/**
 * A published course of the journey's own, made as the admin does (ADD, then the first save with
 * `fields`), so other journeys' courses stay as they read them.
 */
export async function ownCourse(token: string, fields: Record<string, unknown>): Promise<CourseRow> {
  const draft = await api<CourseRow>('POST', '/courses', {}, token);
  return api<CourseRow>('PUT', `/courses/${draft._id}`, fields, token);
}

/** A verified account, registered through the API and verified with the link from the outbox. */
export async function verifiedAccount(
  name: string,
  email: string,
  password: string,
  isKid = false,
): Promise<UserInfo> {
  await api('POST', '/users', { name, email, password, isKid });
  const link = await mailLinkFor(email, '/verify/', 15_000);
  await api('GET', `/users/verify/${new URL(link).pathname.split('/').pop() ?? ''}`);
  return api<UserInfo>('POST', '/users/login', { email, password });
}

/** Collects uncaught errors and console errors of the page, so a journey can assert none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}
