import { and, eq, inArray } from 'drizzle-orm';
import {
  courseNameIn,
  formatMatricule,
  isLanguage,
  meetingsHours,
  sessionDays,
  sessionPlaceText,
  sessionScheduleText,
  type Language,
} from '@shop/shared';
import type { ShopIdentity } from '../../../config.js';
import type { DbOrTx } from '../../../db/client.js';
import { learnerAttendance, sessionAttendance } from '../tables/sessions.schema.js';
import type { ServiceContext } from '../../../deps.js';
import { AppError, conflict } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { DOCUMENT_TEXTS } from './document-texts.js';
import { LEFT, Page, RIGHT, tunisDate } from './invoice.js';
import type { OrderLineRecord, OrderLineSessionRecord, OrderRecord } from './orders.repository.js';
import { requireOwnOrder } from './orders.service.js';
import { TRAINING_DOCUMENT_TEXTS, type TrainingDocumentTexts } from './training-document-texts.js';

/**
 * The company documents of an order (issue 51; docs/api.md, company documents): the training
 * agreement (convention de formation) and the attendance certificate (attestation de présence),
 * drawn with the invoice's PDF machinery (pdfkit, DejaVu Sans, the mirrored Arabic layout) and
 * the centre's identity as on invoices, in the buyer's language.
 */
export const TRAINING_DOCUMENT_MESSAGES = {
  noCompany: 'A training agreement is made for an order invoiced to a company (invoiceTo)',
  notActive: 'This order is cancelled or expired: it has no training agreement',
  noSession: 'This order has no dated session',
  notEnded: 'The attendance certificate is issued once the session has ended',
  notPaid: 'The attendance certificate is issued for a paid order',
} as const;

/** Someone who sits in a seat of a line: a named learner, or the buyer for the seats not named. */
export interface LineLearner {
  name: string;
  /** Whose attendance ticks count (the roster's learner id); null when none can be ticked. */
  attendanceId: string | null;
  /** Named learners are ticked in learner_attendance, the buyer's unnamed seats in session_attendance. */
  kind: 'learner' | 'buyer';
  /** Seats this entry stands for: 1 for a named learner, the unnamed seats for the buyer. */
  seats: number;
  /** The buyer standing for the seats not named. */
  unnamed: boolean;
}

/**
 * The people of an order line (the one place that knows): the line's named learners, then the
 * buyer for the seats not named (as the roster lists them).
 */
export function learnersOfLine(
  order: Pick<OrderRecord, 'userId' | 'userName'>,
  line: Pick<OrderLineRecord, 'qty' | 'learners'>,
): LineLearner[] {
  const named: LineLearner[] = (line.learners ?? []).map((l) => ({
    name: l.name,
    attendanceId: l.id,
    kind: 'learner',
    seats: 1,
    unnamed: false,
  }));
  const unnamed = line.qty - named.length;
  return unnamed > 0
    ? [...named, { name: order.userName, attendanceId: order.userId, kind: 'buyer', seats: unnamed, unnamed: true }]
    : named;
}

/** The language of the documents: the buyer's, or the payer's once a payer accepted. */
const languageOf = (order: OrderRecord): Language =>
  order.payer && isLanguage(order.payer.language) ? order.payer.language : order.userLanguage;

/** The session's hours: as set, else the meetings' summed length, else null. */
const hoursOf = (session: OrderLineSessionRecord) => session.hours ?? meetingsHours(session.meetings ?? []);

/** 7.25 → "7.5", 6 → "6": hours rounded to the half hour. */
export function halfHours(hours: number): string {
  const rounded = Math.round(hours * 2) / 2;
  return Number.isInteger(rounded) ? String(rounded) : rounded.toFixed(1);
}

const formatHours = (hours: number | null) => (hours === null ? '' : halfHours(hours));

function sessionDates(session: OrderLineSessionRecord): string {
  const first = tunisDate(session.startsAt);
  const last = tunisDate(new Date(session.endsAt.getTime() - 1));
  return first === last ? first : `${first} – ${last}`;
}

/** A page in the documents' language with the centre's header, its authorisation and the title. */
function openTrainingDocument(
  language: Language,
  shop: ShopIdentity,
  title: (t: TrainingDocumentTexts) => string,
  orderId: string,
): { page: Page; w: TrainingDocumentTexts } {
  const w = TRAINING_DOCUMENT_TEXTS[language];
  const page = new Page(DOCUMENT_TEXTS[language], language === 'ar', `${title(w)} ${orderId}`, shop.legalName);
  header(page, w, shop, title(w));
  return { page, w };
}

function header(page: Page, w: TrainingDocumentTexts, shop: ShopIdentity, title: string): void {
  page.seller({ legalName: shop.legalName, address: shop.address, taxId: shop.taxId });
  if (shop.trainingAuthorisation) page.labelled(w.authorisation, shop.trainingAuthorisation);
  page.gap(1.5);
  page.line(title, 'bold', 18);
  page.gap(0.5);
}

/** Label and value, skipped when the value is empty. */
function fact(page: Page, label: string, value: string | null | undefined): void {
  if (value) page.labelled(label, value);
}

function sessionFacts(page: Page, w: TrainingDocumentTexts, line: OrderLineRecord, language: Language): void {
  const session = line.session;
  page.labelled(w.course, courseNameIn(line, language));
  if (!session) return;
  page.labelled(w.sessionDates, sessionDates(session));
  fact(page, w.hours, formatHours(hoursOf(session)));
  fact(page, w.schedule, sessionScheduleText(session, language));
  fact(page, w.place, sessionPlaceText(session, language));
  fact(page, w.trainer, session.trainer);
}

/** The training agreement of an order invoiced to a company, as a PDF. */
export function renderTrainingAgreement(order: OrderRecord, shop: ShopIdentity, issuedAt: Date): Promise<Buffer> {
  const language = languageOf(order);
  const { page, w } = openTrainingDocument(language, shop, (t) => t.agreementTitle, order.id);
  page.labelled(w.order, order.id);
  page.labelled(w.date, tunisDate(issuedAt));
  page.gap();
  page.line(w.between, 'bold', 12);
  page.gap(0.3);
  page.line(w.centre, 'bold');
  page.labelled(w.name, shop.legalName);
  page.labelled(w.address, shop.address);
  page.labelled(w.taxId, shop.taxId);
  fact(page, w.authorisation, shop.trainingAuthorisation);
  page.gap(0.5);
  page.line(w.company, 'bold');
  page.labelled(w.name, order.invoiceTo?.name ?? '');
  page.labelled(w.address, [order.address, `${order.postalCode} ${order.city}`.trim(), order.country].filter(Boolean).join(', '));
  // Printed as on the company's tax card and on its invoices (a person's CIN as typed).
  const taxId = order.invoiceTo?.taxId ?? '';
  page.labelled(w.taxId, order.invoiceTo?.kind === 'person' ? taxId : formatMatricule(taxId));
  page.gap();
  page.line(w.agreementIntro);
  for (const line of order.lines) {
    page.gap();
    page.rule();
    sessionFacts(page, w, line, language);
    page.labelled(w.seats, String(line.qty));
    const people = learnersOfLine(order, line);
    const named = people.filter((p) => !p.unnamed);
    // One name a line: a list joined by commas mixed Latin and Arabic names out of order in the
    // right-to-left document, and a company's eight names wrapped mid-name.
    const [first, ...others] = named;
    if (first) page.labelled(w.learners, first.name);
    for (const person of others) page.continued(person.name);
    const unnamed = people.find((p) => p.unnamed);
    if (unnamed) page.labelled(w.unnamedSeats, String(unnamed.seats));
  }
  page.gap();
  page.rule();
  // The stamp duty (issue 52) is neither price nor tax: its own line, as on the invoice.
  const stamp = order.stampDuty ?? 0;
  const beforeTax = Math.round((order.totalPrice - order.taxPrice - stamp) * 100) / 100;
  page.total(w.priceBeforeTax, beforeTax);
  page.total(w.tax, order.taxPrice);
  if (stamp > 0) page.total(w.stampDuty, stamp);
  page.total(w.total, order.totalPrice, 'bold');
  page.gap(3);
  const y = page.doc.y;
  page.put(w.forCentre, LEFT, y, 220, 'left', 'bold');
  page.put(w.forCompany, RIGHT - 220, y, 220, 'right', 'bold');
  return page.finish();
}

/** Days each person was ticked present in a session, among `days` (named learners and the buyer's seats). */
async function daysPresent(db: DbOrTx, sessionId: string, people: readonly LineLearner[], days: readonly string[]): Promise<Map<string, number>> {
  const learnerIds = people.flatMap((p) => (p.kind === 'learner' && p.attendanceId ? [p.attendanceId] : []));
  const userIds = people.flatMap((p) => (p.kind === 'buyer' && p.attendanceId ? [p.attendanceId] : []));
  const [learners, buyers] = await Promise.all([
    learnerIds.length === 0
      ? []
      : db
          .select({ id: learnerAttendance.learnerId, day: learnerAttendance.day })
          .from(learnerAttendance)
          .where(and(eq(learnerAttendance.sessionId, sessionId), inArray(learnerAttendance.learnerId, learnerIds))),
    userIds.length === 0
      ? []
      : db
          .select({ id: sessionAttendance.userId, day: sessionAttendance.day })
          .from(sessionAttendance)
          .where(and(eq(sessionAttendance.sessionId, sessionId), inArray(sessionAttendance.userId, userIds))),
  ]);
  const held = new Set(days);
  const counts = new Map<string, number>();
  for (const row of [...learners, ...buyers]) if (held.has(row.day)) counts.set(row.id, (counts.get(row.id) ?? 0) + 1);
  return counts;
}

/** One page per learner of every line whose session ended: days present of days held, hours attended. */
export async function renderAttendanceCertificate(
  db: DbOrTx,
  order: OrderRecord,
  shop: ShopIdentity,
  issuedAt: Date,
): Promise<Buffer> {
  const language = languageOf(order);
  const lines = order.lines.filter((l) => l.session && l.session.endsAt <= issuedAt);
  let page: Page | null = null;
  let w = TRAINING_DOCUMENT_TEXTS[language];
  for (const line of lines) {
    const session = line.session;
    if (!session) continue;
    const days = sessionDays(session.startsAt, session.endsAt, session.meetings);
    const people = learnersOfLine(order, line);
    const present = await daysPresent(db, session.id, people, days);
    const hours = hoursOf(session);
    for (const person of people) {
      if (!page) ({ page, w } = openTrainingDocument(language, shop, (t) => t.certificateTitle, order.id));
      else {
        page.doc.addPage();
        header(page, w, shop, w.certificateTitle);
      }
      const count = person.attendanceId ? (present.get(person.attendanceId) ?? 0) : 0;
      page.line(w.certifies);
      page.gap(0.5);
      page.labelled(w.learner, person.name);
      fact(page, w.company, order.invoiceTo?.name);
      sessionFacts(page, w, line, language);
      page.labelled(w.daysPresent, w.daysOf(count, days.length));
      // Blank when the session's hours are unknown.
      page.labelled(w.hoursAttended, hours === null || days.length === 0 ? ' ' : halfHours((hours * count) / days.length));
      page.gap(2);
      page.line(w.signedAt(tunisDate(issuedAt)));
    }
  }
  if (!page) throw conflict(TRAINING_DOCUMENT_MESSAGES.notEnded);
  return page.finish();
}

/** `GET /api/orders/{id}/agreement`: buyer or admin; an order invoiced to a company, not cancelled or expired. */
export async function getTrainingAgreement(ctx: ServiceContext, user: AuthUser, id: string): Promise<Buffer> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  if (!order.invoiceTo) throw new AppError(409, TRAINING_DOCUMENT_MESSAGES.noCompany, undefined, 'NO_COMPANY');
  if (order.status === 'cancelled' || order.status === 'expired') throw conflict(TRAINING_DOCUMENT_MESSAGES.notActive);
  if (!order.lines.some((l) => l.session)) throw conflict(TRAINING_DOCUMENT_MESSAGES.noSession);
  return renderTrainingAgreement(order, ctx.config.shop, ctx.clock.now());
}

/** `GET /api/orders/{id}/attendance-certificate`: buyer or admin; a paid order whose session ended. */
export async function getAttendanceCertificate(ctx: ServiceContext, user: AuthUser, id: string): Promise<Buffer> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  if (!order.lines.some((l) => l.session)) throw conflict(TRAINING_DOCUMENT_MESSAGES.noSession);
  if (!(order.status === 'paid' || order.status === 'learned')) throw conflict(TRAINING_DOCUMENT_MESSAGES.notPaid);
  const now = ctx.clock.now();
  if (!order.lines.some((l) => l.session && l.session.endsAt <= now)) throw conflict(TRAINING_DOCUMENT_MESSAGES.notEnded);
  return renderAttendanceCertificate(ctx.database.db, order, ctx.config.shop, now);
}

