import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Language } from '@shop/shared';
import type { Db, DbOrTx } from '../../../db/client.js';
import type { DomainEvents } from '../../../events/event-bus.js';
import { certificates } from '../tables/certificates.schema.js';
import { orderItems, orderLearners } from '../tables/orders.schema.js';
import { users } from '../../identity/identity.schema.js';
import { recordAuditEvents, type AuditActor } from '../../audit/audit.repository.js';

export type CertificateRow = typeof certificates.$inferSelect;

/**
 * A certificate with the learner's account as it is now: its language (the PDF and the mail
 * are written in it) and e-mail (null once the account is deleted).
 */
export type CertificateRecord = CertificateRow & { language: Language; email: string | null };

/** Issue 54: the certificate's courses in `language` as issued (certificates issued before 0040 without them: the main text). */
export function certificateCourseIn(certificate: Pick<CertificateRow, 'course' | 'courseNames'>, language: Language): string {
  const names = (typeof certificate.courseNames === 'string' ? JSON.parse(certificate.courseNames) : certificate.courseNames) as
    | Partial<Record<Language, string>>
    | null;
  return names?.[language]?.trim() || certificate.course;
}

/** 18 random bytes (144 bits) as base64url: 24 URL-safe characters, the public check address. */
export const newCertificateId = (): string => randomBytes(18).toString('base64url');

/** Who gets no certificate for want of attendance (CERTIFICATE_MIN_ATTENDANCE; issue 51). */
export interface WithheldCertificates {
  learners: ReadonlySet<string>;
  buyer: boolean;
}

/**
 * Issues the certificates of a learned order in the caller's transaction (the one that marks
 * it learned; issue 51): one per named learner, in the learner's name, plus one for the buyer
 * (the name as the account has it now, the saved one once the account is gone) when seats of
 * the order are not named. Each keeps the order's course names, the dates of its sessions (the
 * first start and the last end, when its lines are in dated sessions), the centre's legal name.
 * Idempotent: an order that already has a learner's current certificate gets no second one.
 * Answers the new ids.
 */
export async function issueCertificateRecords(
  tx: DbOrTx,
  orderId: string,
  at: Date,
  centre: string,
  withheld: WithheldCertificates = { learners: new Set(), buyer: false },
): Promise<string[]> {
  const named = await tx
    .select({ id: orderLearners.id })
    .from(orderLearners)
    .innerJoin(orderItems, eq(orderItems.id, orderLearners.itemId))
    .where(eq(orderLearners.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderLearners.position), asc(orderLearners.id));
  const [seats] = await tx
    .select({ qty: sql<number>`coalesce(sum(${orderItems.qty}), 0)::integer` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const recipients: (string | null)[] = named.map((l) => l.id).filter((id) => !withheld.learners.has(id));
  if ((seats?.qty ?? 0) > named.length && !withheld.buyer) recipients.push(null);
  if (recipients.length === 0) return [];
  const values = sql.join(
    recipients.map((learnerId, rank) => sql`(${newCertificateId()}::text, ${learnerId}::uuid, ${rank}::integer)`),
    sql`, `,
  );
  const result = (await tx.execute(sql`
    insert into certificates (id, order_id, user_id, learner_id, learner_name, course, course_names, issued_at, centre, session_starts_at, session_ends_at)
    select wanted.id, o.id, o.user_id, wanted.learner_id, coalesce(l.name, u.name, o.user_name),
      coalesce((select string_agg(i.name, ', ' order by i.position, i.id) from order_items i where i.order_id = o.id), ''),
      -- Issue 54: the same in every language, each line's name as sold in it (else its main name).
      (select jsonb_build_object(
          'en', coalesce(string_agg(i.name, ', ' order by i.position, i.id), ''),
          'fr', coalesce(string_agg(coalesce(nullif(i.course_names->>'fr', ''), i.name), ', ' order by i.position, i.id), ''),
          'ar', coalesce(string_agg(coalesce(nullif(i.course_names->>'ar', ''), i.name), ', ' order by i.position, i.id), ''))
        from order_items i where i.order_id = o.id),
      ${at.toISOString()}::timestamptz, ${centre}, dates.starts_at, dates.ends_at
    from (values ${values}) as wanted (id, learner_id, rank)
    cross join orders o
    left join users u on u.id = o.user_id
    left join order_learners l on l.id = wanted.learner_id
    cross join lateral (
      select min(s.starts_at) as starts_at, max(s.ends_at) as ends_at
      from order_items i join sessions s on s.id = i.session_id
      where i.order_id = o.id
    ) dates
    where o.id = ${orderId}::uuid and o.status = 'learned'
    order by wanted.rank
    on conflict (order_id, coalesce(learner_id, '00000000-0000-0000-0000-000000000000'::uuid)) where replaced_by is null do nothing
    returning id
  `)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

/** A named learner's certificate goes to the learner's e-mail (none: no mail), the buyer's to the account's. */
const withLanguage = {
  certificate: certificates,
  language: sql<Language>`coalesce(${users.language}, 'en')`,
  email: sql<string | null>`case when ${certificates.learnerId} is null then ${users.email} else ${orderLearners.email} end`,
};

const record = (row: { certificate: CertificateRow; language: Language; email: string | null }): CertificateRecord => ({
  ...row.certificate,
  language: row.language,
  email: row.email,
});

/** One certificate by its id: one lookup of the primary key, found or not. */
export async function findCertificate(db: DbOrTx, id: string): Promise<CertificateRecord | undefined> {
  const [row] = await db
    .select(withLanguage)
    .from(certificates)
    .leftJoin(users, eq(users.id, certificates.userId))
    .leftJoin(orderLearners, eq(orderLearners.id, certificates.learnerId))
    .where(eq(certificates.id, id));
  return row ? record(row) : undefined;
}

export interface CertificateFilter {
  /** Only this learner's certificates (the learner's own list). */
  userId?: string;
  /** With userId: also the certificates of named learners with this e-mail (issue 51). */
  email?: string;
  /** Any part of the learner's name or the course, or the whole id. */
  q?: string;
  page: number;
  limit: number;
}

/** A page of certificates, newest first, and how many match. */
export async function listCertificates(
  db: Db,
  filter: CertificateFilter,
): Promise<{ certificates: CertificateRecord[]; total: number }> {
  const conditions: SQL[] = [];
  // Issue 51: the account's own (a named learner with its e-mail) and those of the orders it bought.
  if (filter.userId) {
    const mine = or(
      eq(certificates.userId, filter.userId),
      filter.email
        ? sql`${certificates.learnerId} in (select "order_learners"."id" from "order_learners" where "order_learners"."email" = ${filter.email.toLowerCase()})`
        : undefined,
    );
    if (mine) conditions.push(mine);
  }
  if (filter.q) {
    const pattern = `%${filter.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const match = or(
      sql`(lower(${certificates.learnerName}) || ' ' || lower(${certificates.course})) like ${pattern}`,
      eq(certificates.id, filter.q),
    );
    if (match) conditions.push(match);
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(withLanguage)
      .from(certificates)
      .leftJoin(users, eq(users.id, certificates.userId))
      .leftJoin(orderLearners, eq(orderLearners.id, certificates.learnerId))
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(filter.limit)
      .offset((filter.page - 1) * filter.limit),
    db.select({ total: count() }).from(certificates).where(where),
  ]);
  return { certificates: rows.map(record), total: counted?.total ?? 0 };
}

export type CertificateChange<T> =
  | { kind: 'changed'; value: T }
  | { kind: 'missing' }
  | { kind: 'revoked' }
  | { kind: 'replaced' }
  | { kind: 'learnerGone' };

async function lockCertificate(tx: DbOrTx, id: string): Promise<CertificateRow | undefined> {
  const [row] = await tx.select().from(certificates).where(eq(certificates.id, id)).for('update');
  return row;
}

/**
 * The audit line of a certificate. The audit trail keys things by uuid: a certificate's line
 * is kept under its order's id, with the certificate's id in `changes.certificate`.
 */
const auditLine = (row: CertificateRow, action: string, actor: AuditActor, at: Date, changes: Record<string, { from: unknown; to: unknown }>) => ({
  entity: 'certificate',
  entityId: row.orderId,
  action,
  actor,
  at,
  changes: { certificate: { from: row.id, to: row.id }, ...changes },
});

/** Revokes a valid certificate with a reason, and records who did it. */
export async function revokeCertificateRecord(
  db: Db,
  id: string,
  reason: string,
  actor: AuditActor,
  at: Date,
): Promise<CertificateChange<null>> {
  return db.transaction(async (tx) => {
    const row = await lockCertificate(tx, id);
    if (!row) return { kind: 'missing' };
    if (row.status === 'revoked') return { kind: 'revoked' };
    await tx.update(certificates).set({ status: 'revoked', revokedAt: at, reason }).where(eq(certificates.id, id));
    await recordAuditEvents(tx, [
      auditLine(row, 'revoked', actor, at, { status: { from: 'valid', to: 'revoked' }, reason: { from: null, to: reason } }),
    ]);
    return { kind: 'changed', value: null };
  });
}

/**
 * Re-issues a certificate with the learner's current name (after a name correction): the old
 * one is revoked (unless it already was) and points to the new one; the new one keeps the
 * course, the centre and the order. Answers the new id.
 */
export async function reissueCertificateRecord(
  db: Db,
  events: DomainEvents,
  id: string,
  reason: string,
  actor: AuditActor,
  at: Date,
): Promise<CertificateChange<string>> {
  return events.transaction(db, async (tx, recorded) => {
    const row = await lockCertificate(tx, id);
    if (!row) return { kind: 'missing' };
    if (row.replacedBy) return { kind: 'replaced' };
    const [learner] = row.learnerId
      ? await tx.select({ name: orderLearners.name }).from(orderLearners).where(eq(orderLearners.id, row.learnerId))
      : row.userId
        ? await tx.select({ name: users.name }).from(users).where(eq(users.id, row.userId))
        : [];
    if (!learner) return { kind: 'learnerGone' };
    const newId = newCertificateId();
    // The old row first: it stops being the order's current certificate before the new one is.
    await tx
      .update(certificates)
      .set({
        replacedBy: newId,
        ...(row.status === 'valid' ? { status: 'revoked' as const, revokedAt: at, reason } : {}),
      })
      .where(and(eq(certificates.id, id), isNull(certificates.replacedBy)));
    await tx.insert(certificates).values({
      id: newId,
      orderId: row.orderId,
      userId: row.userId,
      learnerId: row.learnerId,
      learnerName: learner.name,
      course: row.course,
      courseNames: row.courseNames,
      issuedAt: at,
      centre: row.centre,
      sessionStartsAt: row.sessionStartsAt,
      sessionEndsAt: row.sessionEndsAt,
    });
    await recordAuditEvents(tx, [
      auditLine(row, 'reissued', actor, at, {
        ...(row.status === 'valid' ? { status: { from: 'valid', to: 'revoked' }, reason: { from: null, to: reason } } : {}),
        learner: { from: row.learnerName, to: learner.name },
        replacedBy: { from: null, to: newId },
      }),
    ]);
    recorded.record({ type: 'certificateIssued', certificateId: newId });
    return { kind: 'changed', value: newId };
  });
}
