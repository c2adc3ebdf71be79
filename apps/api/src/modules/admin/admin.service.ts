import { upcomingSessions } from '../enrolment/seats/sessions.repository.js';
import type {
  AdminCourseListQuery,
  AuditEventJson,
  AuditQuery,
  Course,
  PageQuery,
  RefundDue,
  Stats,
  StatsQuery,
} from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { badRequest } from '../../errors.js';
import { listAuditRecords } from '../audit/audit.repository.js';
import { toCourseJson } from '../courses/courses.service.js';
import { listAdminCourses } from './admin-courses.repository.js';
import { listRefundsDue } from './refunds.repository.js';
import {
  courseSales,
  holdsEnding,
  ordersByStatus,
  revenueByPeriod,
  type StatsPeriod,
} from './stats.repository.js';

const DAY_MS = 86_400_000;
/** The default period: the last 30 days. */
const DEFAULT_DAYS = 30;
/** Day buckets beyond a year would draw an unreadable chart: weeks or months then. */
const DAY_BUCKETS_MAX = 366;
/** The longest period asked for: ten years. */
const PERIOD_DAYS_MAX = 3660;

/** Today in Tunis as `YYYY-MM-DD` (the shop's days, whatever the server's zone). */
function tunisDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Africa/Tunis',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
}

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const daysBetween = (from: string, to: string) =>
  (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS + 1;

function periodOf(ctx: ServiceContext, query: StatsQuery): StatsPeriod {
  const to =
    query.to ?? (query.from ? addDays(query.from, DEFAULT_DAYS - 1) : tunisDay(ctx.clock.now()));
  const from = query.from ?? addDays(to, -(DEFAULT_DAYS - 1));
  if (from > to) throw badRequest('from must not be after to');
  const days = daysBetween(from, to);
  if (days > PERIOD_DAYS_MAX) throw badRequest(`The period can be at most ${PERIOD_DAYS_MAX} days`);
  const interval = query.interval ?? 'day';
  if (interval === 'day' && days > DAY_BUCKETS_MAX)
    throw badRequest(`A period over ${DAY_BUCKETS_MAX} days is shown by week or month`);
  return { from, to, interval };
}

/** The dashboard in one answer: four aggregate statements run side by side. */
export async function getStats(ctx: ServiceContext, query: StatsQuery): Promise<Stats> {
  const period = periodOf(ctx, query);
  const { db } = ctx.database;
  const [revenue, byStatus, sales, holds, sessionsAhead] = await Promise.all([
    revenueByPeriod(db, period),
    ordersByStatus(db, period),
    courseSales(db, period, ctx.clock.now()),
    holdsEnding(db, ctx.clock.now()),
    upcomingSessions(db, ctx.clock.now(), UPCOMING_SESSIONS_SHOWN),
  ]);
  const revenueCents = revenue.reduce((sum, bucket) => sum + Math.round(bucket.revenue * 100), 0);
  return {
    ...period,
    revenue,
    revenueTotal: revenueCents / 100,
    ordersByStatus: byStatus,
    seats: sales.seats,
    topCourses: sales.topCourses,
    holdsEnding: holds,
    upcomingSessions: sessionsAhead.map(fillOf),
  };
}

/** How many upcoming sessions the dashboard lists (issue 33). */
const UPCOMING_SESSIONS_SHOWN = 20;

/** An upcoming session as the dashboard shows it: seats taken over capacity. */
function fillOf(s: Awaited<ReturnType<typeof upcomingSessions>>[number]): Stats['upcomingSessions'][number] {
  const taken = s.capacity - s.seatsLeft;
  return {
    _id: s.id,
    course: s.courseId,
    name: s.courseName,
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    place: s.place,
    capacity: s.capacity,
    taken,
    fillRate: s.capacity > 0 ? Math.round((taken / s.capacity) * 100) / 100 : 0,
  };
}

const ADMIN_PAGE_DEFAULT = 20;

const pageOf = (query: { page?: number | undefined; limit?: number | undefined }) => {
  const limit = query.limit ?? ADMIN_PAGE_DEFAULT;
  return { offset: ((query.page ?? 1) - 1) * limit, limit };
};

export async function getAdminCourses(
  ctx: ServiceContext,
  query: AdminCourseListQuery,
): Promise<{ courses: Course[]; total: number }> {
  const { page: _page, limit: _limit, ...filter } = query;
  const { rows, total } = await listAdminCourses(ctx.database.db, filter, pageOf(query), ctx.clock.now());
  return { courses: rows.map(toCourseJson), total };
}

/** The dashboard's "payments to refund" (issue 31). */
export async function getRefundsDue(
  ctx: ServiceContext,
  query: PageQuery,
): Promise<{ refunds: RefundDue[]; total: number }> {
  return listRefundsDue(ctx.database.db, pageOf(query));
}

export async function getAuditTrail(
  ctx: ServiceContext,
  query: AuditQuery,
): Promise<{ events: AuditEventJson[]; total: number }> {
  const { records, total } = await listAuditRecords(ctx.database.db, query, pageOf(query));
  return {
    events: records.map((r) => ({
      _id: r.id,
      entity: r.entity,
      entityId: r.entityId,
      action: r.action,
      actor: { _id: r.actor.id, name: r.actor.name, role: r.actor.role },
      changes: r.changes,
      at: r.at.toISOString(),
    })),
    total,
  };
}
