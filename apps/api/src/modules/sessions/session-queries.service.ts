/**
 * Reads of sessions that other modules make (docs/decisions/0292): the course page's and the
 * admin dashboard's upcoming sessions, and the sessions an order names. Apart from
 * sessions.service.ts, which uses the orders module: orders can read sessions here without a cycle.
 */
export {
  sessionsForOrder,
  upcomingSessions,
  upcomingSessionsOfCourse,
  type SessionRow,
} from './sessions.repository.js';
