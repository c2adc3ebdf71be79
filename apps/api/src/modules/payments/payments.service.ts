import { sql } from 'drizzle-orm';
import { MESSAGES, orderStateConflict, type PaymentOptions, type PaymentResult, type PaymentStarted } from '@shop/shared';
import { paymentAttempts } from './payments.schema.js';
import type { ServiceContext } from '../../deps.js';
import { AppError, conflict, forbidden } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import type { AuditActor } from '../audit/audit.repository.js';
import { findOrderById, type OrderRecord } from '../enrolment/orders/orders.repository.js';
import { setHoldExpiry } from '../enrolment/orders/order-states.repository.js';
import { acceptOnlinePayment } from '../enrolment/orders/order-states.service.js';
import { requireOrder } from '../enrolment/orders/orders.service.js';
import type { OrderPayments } from '../enrolment/orders/orders.types.js';
import {
  claimAttemptCheck,
  claimDueAttempts,
  claimOrderChecks,
  claimPageOpening,
  findAttemptByReference,
  findLastPendingAttempt,
  insertAttempt,
  orderPlacedAt,
  releasePageOpening,
  settleAttempt,
  type PaymentAttempt,
} from './payments.repository.js';
import { fromMillimes, PaymentProviderUnavailable, toMillimes, type CallOptions, type PaymentProvider } from './provider.js';

/**
 * How long an instance may take to open a page (the provider's tries included) before another
 * may take the order's opening over (its instance stopped); also how long others wait for it.
 */
export const OPENING_LEASE_MS = 30_000;
/** How often a call waiting for another instance's page looks for it. */
export const OPENING_POLL_MS = 250;
/** The seat hold ends this long after the payment's life span, so its last check comes first. */
export const HOLD_GRACE_MS = 2 * 60_000;
/** Reading an order asks the provider at most this often per order. */
export const ORDER_CHECK_GAP_MS = 2_000;
/**
 * A payment's webhook asks the provider at most this often (issue 31): a flood of hits for one
 * payment costs one provider call per gap, like reads of its order (ORDER_CHECK_GAP_MS).
 */
export const WEBHOOK_CHECK_GAP_MS = ORDER_CHECK_GAP_MS;
/** Reading an order waits at most this long for the provider (one try). */
export const ORDER_CHECK_TIMEOUT_MS = 2_000;
/** An attempt still pending this long after its life span is ended (clocks differ a little). */
export const EXPIRY_MARGIN_MS = 30_000;
/** Attempts claimed per statement by the payment sweeper. */
export const PAYMENT_SWEEP_BATCH = 20;
/** Konnect's (and the test gateway's) webhook, under /api/payments; other providers name theirs. */
export const KONNECT_WEBHOOK_PATH = '/konnect/webhook';
/** Payment references the shop accepts in a webhook (Konnect's are 24 hex digits, Flouci's ids or UUIDs). */
const REFERENCE = /^[A-Za-z0-9_-]{1,100}$/;

export type OnlineProvider = PaymentOptions['onlineProvider'];

export interface Payments extends OrderPayments {
  /** What the shop offers (`GET /api/payments/options`). */
  readonly options: PaymentOptions;
  /**
   * `POST /api/orders/{id}/payment`: the order's payable page for its owner: the same page while it
   * can still be paid, however many calls arrive at once; a new one once it ended at the provider.
   */
  startPayment(user: AuthUser, orderId: string): Promise<PaymentStarted>;
  /**
   * A provider's webhook: looks the payment up at the provider and pays the order when it should.
   * `webhookPath` names the webhook hit (default Konnect's); one of another provider is ignored.
   */
  onWebhook(reference: string | undefined, webhookPath?: string): Promise<void>;
  /** Resolves when no webhook check of this instance is running or waiting for its 2 s gap. */
  webhookChecksSettled(): Promise<void>;
  /**
   * Before an order is read: asks the provider about its pending attempts (at most every 2 s).
   * True when it changed: paid, or (cancelled meanwhile) the payment recorded as a refund due.
   */
  refreshOrder(order: Pick<OrderRecord, 'id' | 'status' | 'paymentMethod'>): Promise<boolean>;
  /** One pass of the payment sweeper: asks about every pending attempt due for a check. */
  sweep(): Promise<number>;
}

type Outcome = 'paid' | 'refundDue' | 'open' | 'ended' | 'unavailable';

/** `Youssef Ben Salah` → first name `Youssef`, last name `Ben Salah` (one word: both the same). */
function splitName(name: string): { firstName: string; lastName: string } {
  const [first = name, ...rest] = name.trim().split(/\s+/);
  return { firstName: first, lastName: rest.length > 0 ? rest.join(' ') : first };
}

const payRefusal = (status: OrderRecord['status']) =>
  status === 'paid' || status === 'learned' ? MESSAGES.alreadyPaid : orderStateConflict('pay', status);

/** 503 with the provider's own message (and Retry-After, like every 503). */
const providerUnavailable = () => new AppError(503, MESSAGES.paymentProviderUnavailable, undefined, 'SERVICE_UNAVAILABLE');

/**
 * Online payment through a provider (Konnect, or the built-in test gateway speaking Konnect's
 * API). The browser and the webhook's query are never trusted: an order is paid only when the
 * provider's own API says the payment is completed, for the order's total in millimes, for that
 * order. Paying goes through payOrder, the one way to paid (invoice number, history, mail).
 */
export function createPayments(
  ctx: ServiceContext,
  provider: PaymentProvider | undefined,
  onlineProvider: OnlineProvider,
): Payments {
  const { db } = ctx.database;
  const { logger, config } = ctx;
  const lifespanMinutes = config.payments.mode === 'off' ? 0 : config.payments.lifespanMinutes;
  // Transfer (issue 36) when the shop has a bank account or a D17 number to be paid to.
  const { bankAccount, d17Number } = config.transfer;
  const transfer = bankAccount || d17Number ? { bankAccount, d17Number } : undefined;
  const options: PaymentOptions = {
    methods: [...(provider ? (['Card'] as const) : []), 'In Place', ...(transfer ? (['Transfer'] as const) : [])],
    onlineProvider: provider ? onlineProvider : null,
    ...(transfer ? { transfer } : {}),
  };

  /** The pages being opened by this instance, one per order: calls arriving meanwhile join it. */
  const openings = new Map<string, Promise<PaymentStarted>>();

  async function startPayment(user: AuthUser, orderId: string): Promise<PaymentStarted> {
    const order = await requireOrder(db, orderId);
    // The buyer, or the adult who accepted to pay a child's order (issue 51); admins do not pay.
    if (order.userId !== user.id && order.payer?.id !== user.id) throw forbidden(MESSAGES.forbidden);
    if (order.paymentMethod === 'Transfer') throw conflict(MESSAGES.payByTransferOrder);
    if (order.paymentMethod !== 'Card') throw conflict(MESSAGES.payOnSiteOrder);
    if (order.status !== 'pending') throw conflict(payRefusal(order.status));
    if (!provider) throw conflict(MESSAGES.cardPaymentsUnavailable);
    // One payable page per order (issue 49): calls of this instance wait for the one opening it,
    // other instances for the opening's row (payment_page_openings).
    const joined = openings.get(order.id);
    if (joined) return joined;
    const opening = payablePage(order, provider).finally(() => openings.delete(order.id));
    openings.set(order.id, opening);
    return opening;
  }

  /**
   * The order's payable page: the one handed out before while it can still be paid (until the end
   * of its life span), else a new one, opened only once the last has ended at the provider (asked
   * about first: neither Konnect nor Flouci can end a page early). Two instances asked at once
   * queue on the order's opening row; the second hands out the first one's page.
   */
  async function payablePage(order: OrderRecord, provider: PaymentProvider): Promise<PaymentStarted> {
    const waitUntil = ctx.clock.now().getTime() + OPENING_LEASE_MS;
    for (;;) {
      const now = ctx.clock.now();
      const last = await findLastPendingAttempt(db, order.id);
      if (last && last.expiresAt.getTime() > now.getTime()) {
        logger.info({ orderId: order.id, paymentRef: last.reference, provider: last.provider }, 'payment page handed out again');
        return { payUrl: last.payUrl, paymentRef: last.reference };
      }
      if (last) {
        // Its life span is over by the shop's clock: the provider says whether it ended unpaid.
        const outcome = await verify(last, { tries: 1, timeoutMs: Math.min(config.limits.paymentMs, ORDER_CHECK_TIMEOUT_MS) });
        if (outcome === 'unavailable') throw providerUnavailable();
        // Within the margin after its end (clocks differ) it may still be paid: no second page yet.
        if (outcome === 'open') throw new AppError(409, MESSAGES.paymentPageEnding, undefined, 'PAYMENT_ENDING');
        const now2 = await requireOrder(db, order.id);
        if (outcome !== 'ended' || now2.status !== 'pending') throw conflict(payRefusal(now2.status));
        continue;
      }
      if (await claimPageOpening(db, order.id, now, new Date(now.getTime() + OPENING_LEASE_MS))) {
        try {
          // Another instance may have recorded its page between the read above and the claim.
          const recorded = await findLastPendingAttempt(db, order.id);
          if (recorded) continue;
          return await openPage(order, provider);
        } finally {
          await releasePageOpening(db, order.id);
        }
      }
      // Another instance is opening the order's page: its page is handed out once recorded.
      if (ctx.clock.now().getTime() > waitUntil) throw providerUnavailable();
      await ctx.clock.sleep(OPENING_POLL_MS);
    }
  }

  /** Opens a new page at the provider and records it; the caller holds the order's opening row. */
  async function openPage(order: OrderRecord, provider: PaymentProvider): Promise<PaymentStarted> {
    const now = ctx.clock.now();
    // No hold ends later than SEAT_HOLD_MINUTES after placing (issue 31), however many pages
    // are opened: a page lives the smaller of PAYMENT_LIFESPAN_MINUTES and the time left until
    // then (less the hold's grace for its last check), and moves the hold to its end + grace.
    const holdLimit = (await orderPlacedAt(db, order.id, order.createdAt)).getTime() + config.seatHoldMinutes * 60_000;
    const pageMinutes = Math.min(lifespanMinutes, Math.floor((holdLimit - HOLD_GRACE_MS - now.getTime()) / 60_000));
    if (pageMinutes < 1) throw conflict(MESSAGES.holdEndsTooSoon);
    const amountMillimes = toMillimes(order.totalPrice);
    const base = config.appUrl;
    let started;
    try {
      started = await provider.initPayment({
        orderId: order.id,
        amountMillimes,
        description: `Course Shop order ${order.id}`,
        lifespanMinutes: pageMinutes,
        webhookUrl: `${base}/api/payments${provider.webhookPath ?? KONNECT_WEBHOOK_PATH}`,
        successUrl: `${base}/order/${order.id}?payment=success`,
        failUrl: `${base}/order/${order.id}?payment=failed`,
        customer: { ...splitName(order.userName), email: order.userEmail },
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderUnavailable)) throw err;
      const about = { orderId: order.id, provider: provider.name, cause: err.message };
      if (err.misconfigured)
        logger.error(
          about,
          `the payment provider refused the shop’s credentials: check ${provider.credentialSettings ?? 'KONNECT_API_KEY and KONNECT_WALLET_ID'}`,
        );
      else logger.warn(about, 'payment could not be started');
      throw providerUnavailable();
    }
    const expiresAt = new Date(now.getTime() + pageMinutes * 60_000);
    // The attempt is recorded and the seat hold follows its life span together, only while
    // the order is still pending (it may have been cancelled while the provider answered).
    const recorded = await db.transaction(async (tx) => {
      if (!(await setHoldExpiry(tx, order.id, new Date(expiresAt.getTime() + HOLD_GRACE_MS)))) return false;
      await insertAttempt(tx, {
        orderId: order.id,
        provider: provider.name,
        reference: started.reference,
        payUrl: started.payUrl,
        amountMillimes,
        expiresAt,
        nextCheckAt: new Date(now.getTime() + 60_000),
      });
      return true;
    });
    if (!recorded) {
      const now2 = await requireOrder(db, order.id);
      throw conflict(payRefusal(now2.status));
    }
    logger.info(
      { orderId: order.id, paymentRef: started.reference, provider: provider.name, amountMillimes, expiresAt },
      'payment started',
    );
    return { payUrl: started.payUrl, paymentRef: started.reference };
  }

  /** Asks the provider about one attempt and acts on the answer. */
  async function verify(attempt: PaymentAttempt, callOptions?: CallOptions): Promise<Outcome> {
    if (!provider) return 'unavailable';
    const about = { orderId: attempt.orderId, paymentRef: attempt.reference, provider: attempt.provider };
    let payment;
    try {
      payment = await provider.getPayment(attempt.reference, callOptions);
    } catch (err) {
      if (!(err instanceof PaymentProviderUnavailable)) throw err;
      logger.warn({ ...about, cause: err.message }, 'payment status could not be checked; asking again later');
      return 'unavailable';
    }
    const now = ctx.clock.now();
    if (!payment || payment.status !== 'completed') {
      if (now.getTime() >= attempt.expiresAt.getTime() + EXPIRY_MARGIN_MS && (await settleAttempt(db, attempt.id, 'expired'))) {
        logger.info({ ...about, status: payment?.status ?? 'unknown' }, 'payment life span ended unpaid');
        return 'ended';
      }
      if (!payment) logger.warn(about, 'the provider knows no such payment');
      return 'open';
    }
    const order = await findOrderById(db, attempt.orderId);
    if (!order) return 'ended';
    const expected = toMillimes(order.totalPrice);
    if (
      payment.amountMillimes !== expected ||
      attempt.amountMillimes !== expected ||
      payment.reachedMillimes < expected ||
      payment.orderId !== order.id
    ) {
      await settleAttempt(db, attempt.id, 'rejected');
      logger.error(
        { ...about, amountMillimes: payment.amountMillimes, reachedMillimes: payment.reachedMillimes, expectedMillimes: expected, providerOrderId: payment.orderId },
        'completed payment does not match the order: not marked paid',
      );
      return 'ended';
    }
    const result: PaymentResult = {
      provider: attempt.provider,
      reference: attempt.reference,
      status: payment.status,
      amount: fromMillimes(payment.amountMillimes),
    };
    // The customer paid: the history names them.
    const actor: AuditActor = { id: order.userId, name: order.userName, role: 'customer' };
    // Paid, or (cancelled, or expired with its seats gone) recorded as a refund due.
    const accepted = await acceptOnlinePayment(ctx, order.id, actor, result);
    const outcome: Outcome = accepted.kind === 'paid' || accepted.kind === 'refundDue' ? accepted.kind : 'ended';
    if (accepted.kind === 'paid') logger.info({ ...about, amountMillimes: payment.amountMillimes }, 'order paid online');
    else if (accepted.kind === 'refundDue')
      logger.warn({ ...about, amountMillimes: payment.amountMillimes }, 'payment completed for an order that cannot take it: refund due');
    else if (accepted.kind === 'refused')
      // Another payment of the same order came first (it owes that one, or is paid by it).
      logger.error(
        { ...about, refusal: accepted.reason },
        'payment completed but the order can neither take it nor record a refund: settle or refund it by hand',
      );
    // A payment completed at the very end of its life span may come after the attempt was ended.
    await settleAttempt(db, attempt.id, 'completed', ['pending', 'expired']);
    return outcome;
  }

  /**
   * Every webhook hit being handled in this instance, from its first read of the attempt to the
   * end of its check (a running check is awaited by the hit that claimed it, a deferred one by the
   * hits that joined it): a hit still reading or claiming under a loaded database is in neither
   * map below yet, and a stopping server (or a test counting the provider's calls) must wait for
   * it too.
   */
  const webhooksInProgress = new Set<Promise<void>>();

  function onWebhook(reference: string | undefined, webhookPath = KONNECT_WEBHOOK_PATH): Promise<void> {
    const work = handleWebhook(reference, webhookPath);
    webhooksInProgress.add(work);
    const done = () => webhooksInProgress.delete(work);
    work.then(done, done);
    return work;
  }

  async function handleWebhook(reference: string | undefined, webhookPath: string): Promise<void> {
    if (!provider) return;
    if (webhookPath !== (provider.webhookPath ?? KONNECT_WEBHOOK_PATH)) {
      logger.warn({ provider: provider.name, webhookPath }, 'payment webhook of a provider the shop does not use: ignored');
      return;
    }
    if (!reference || !REFERENCE.test(reference)) {
      logger.warn({ provider: provider.name }, 'payment webhook without a usable payment_ref: ignored');
      return;
    }
    const attempt = await findAttemptByReference(db, provider.name, reference);
    if (!attempt) {
      logger.warn({ provider: provider.name, paymentRef: reference }, 'payment webhook for an unknown payment: ignored');
      return;
    }
    const about = { orderId: attempt.orderId, paymentRef: reference, provider: provider.name };
    // Completed and rejected are final. An attempt ended as expired is asked about once more:
    // Konnect calls when something happened, e.g. a payment finished at the last second.
    if (attempt.status === 'completed' || attempt.status === 'rejected') {
      logger.info({ ...about, attemptStatus: attempt.status }, 'payment webhook for a settled payment: nothing to do');
      return;
    }
    logger.info(about, 'payment webhook received');
    await checkForWebhook(attempt.id, about);
  }

  /** The webhook checks waiting for their payment's gap to end, in this instance: one per attempt. */
  const deferredChecks = new Map<string, Promise<void>>();
  /** The webhook checks asking the provider now, in this instance: one per attempt. */
  const runningChecks = new Map<string, Promise<unknown>>();

  /**
   * Asks the provider about an attempt for its webhook, at most once per WEBHOOK_CHECK_GAP_MS
   * (throttled in the database, so across instances). A hit inside the gap (another hit, a read
   * of the order, the sweeper) may tell of a change since that check, so the attempt is asked
   * about once more when the gap ends; the hits meanwhile join that one check (issue 31).
   */
  async function checkForWebhook(attemptId: string, about: Record<string, string>): Promise<void> {
    const claimed = await claimAttemptCheck(db, attemptId, ctx.clock.now(), WEBHOOK_CHECK_GAP_MS);
    if (claimed) {
      const running = verify(claimed);
      runningChecks.set(attemptId, running);
      try {
        await running;
      } finally {
        runningChecks.delete(attemptId);
      }
      return;
    }
    const waiting = deferredChecks.get(attemptId);
    if (waiting) return waiting;
    logger.info(about, 'payment webhook: checked moments ago, asking again when the gap ends');
    const deferred = (async () => {
      await ctx.clock.sleep(WEBHOOK_CHECK_GAP_MS);
      // A check still waiting on the provider (a slow answer) settles first: it may complete the
      // payment, and then there is nothing left to ask.
      await runningChecks.get(attemptId)?.catch(() => undefined);
      const later = await claimAttemptCheck(db, attemptId, ctx.clock.now(), WEBHOOK_CHECK_GAP_MS);
      if (later) await verify(later);
    })().finally(() => deferredChecks.delete(attemptId));
    deferredChecks.set(attemptId, deferred);
    return deferred;
  }

  /**
   * Resolves once this instance has no webhook hit being handled, no check asking the provider
   * and none waiting for its gap to end: a stopping server lets them finish before it closes the
   * database.
   */
  async function webhookChecksSettled(): Promise<void> {
    while (webhooksInProgress.size > 0) await Promise.allSettled([...webhooksInProgress]);
  }

  async function refreshOrder(order: Pick<OrderRecord, 'id' | 'status' | 'paymentMethod'>): Promise<boolean> {
    // A cancelled order too: a payment finished on a page opened before the cancel is owed back.
    const payable = order.status === 'pending' || order.status === 'expired' || order.status === 'cancelled';
    if (!provider || order.paymentMethod !== 'Card' || !payable) return false;
    const claimed = await claimOrderChecks(db, order.id, ctx.clock.now(), ORDER_CHECK_GAP_MS);
    let paid = false;
    for (const attempt of claimed) {
      const timeoutMs = Math.min(config.limits.paymentMs, ORDER_CHECK_TIMEOUT_MS);
      const outcome = await verify(attempt, { tries: 1, timeoutMs });
      if (outcome === 'paid' || outcome === 'refundDue') paid = true;
    }
    return paid;
  }

  async function sweep(): Promise<number> {
    let total = 0;
    for (;;) {
      const now = ctx.clock.now().toISOString();
      // Every minute, with a last check just after the life span (and its margin) ends; at least 10 s apart.
      const nextCheck = sql`greatest(
        least(${now}::timestamptz + interval '60 seconds', ${paymentAttempts.expiresAt} + interval '45 seconds'),
        ${now}::timestamptz + interval '10 seconds')`;
      const due = await claimDueAttempts(db, new Date(now), PAYMENT_SWEEP_BATCH, nextCheck);
      for (const attempt of due) await verify(attempt);
      total += due.length;
      if (due.length < PAYMENT_SWEEP_BATCH) return total;
    }
  }

  return { options, startPayment, onWebhook, webhookChecksSettled, refreshOrder, sweep };
}
