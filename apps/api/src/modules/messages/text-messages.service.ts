import { stringify } from 'csv-stringify/sync';
import type { Language, TextChannel, TextMessage, TextMessageListQuery } from '@shop/shared';
import type { Config } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import type { ServiceContext } from '../../deps.js';
import { startSweeper, type Sweeper } from '../../lib/sweeper.js';
import { renderText, type TextEvent } from './text-message-texts.js';
import { textSenders, TextSendFailure, type TextSender } from './text-providers.js';
import {
  claimTextMessages,
  findTextRecipient,
  insertTextMessages,
  listTextMessages as listRows,
  markTextSent,
  markTextTryFailed,
  noteLateAnswer,
  type ListedTextMessage,
  type NewTextMessage,
  type TextMessageRow,
} from './text-messages.repository.js';

export type { TextEvent, TextLink } from './text-message-texts.js';

/**
 * Queues the text messages of one event for an account, in the caller's transaction (issue 53):
 * one per channel the account agreed to (`notify`), in its language, to its phone; none without a
 * phone. `eventKey` names the event once and for all (e.g. `payment_received:{orderId}`): a
 * second call with the same key — another instance, a restart, a repeated request — queues
 * nothing (text_messages_once). Nothing is sent here: the sweeper sends after the commit, so a
 * provider that is down delays the message, never the request. Answers how many were queued.
 */
export async function queueTextMessages(
  db: DbOrTx,
  config: Pick<Config, 'appUrl'>,
  userId: string,
  eventKey: string,
  event: TextEvent,
  now: Date,
): Promise<number> {
  const person = await findTextRecipient(db, userId);
  if (!person?.phone) return 0;
  const channels = (['sms', 'whatsapp'] as const).filter((c) => person.notify[c]);
  if (channels.length === 0) return 0;
  const rendered = renderText(event, person.language, person.name, config.appUrl);
  const rows: NewTextMessage[] = channels.map((channel) => ({
    recipient: person.userId,
    userId: person.userId,
    eventKey,
    channel,
    template: event.template,
    phone: person.phone ?? '',
    language: person.language,
    body: channel === 'sms' ? rendered.sms : rendered.whatsapp,
    params: channel === 'sms' ? [] : rendered.params,
  }));
  return insertTextMessages(db, rows, now);
}

/** A person named for a seat (issue 51) with the phone the buyer gave for them. */
export interface TextLearner {
  id: string;
  name: string;
  phone: string | null;
}

/**
 * Queues one event's SMS for the named learners of an order line (issues 51 and 53), in the
 * caller's transaction or after the change: a phone the buyer gave for a learner is that
 * learner's SMS consent (decision 0441); WhatsApp needs the person's own opt-in, which a learner
 * without an account cannot give, so learners get SMS only. In the buyer's language, greeted by
 * the learner's name; once per learner and event (`learner:{id}` in `text_messages_once`);
 * without a phone, nothing. Answers how many were queued.
 */
export async function queueLearnerTexts(
  db: DbOrTx,
  config: Pick<Config, 'appUrl'>,
  learners: readonly TextLearner[],
  language: Language,
  eventKey: string,
  event: TextEvent,
  now: Date,
): Promise<number> {
  const rows: NewTextMessage[] = learners
    .filter((l): l is TextLearner & { phone: string } => Boolean(l.phone))
    .map((learner) => ({
      recipient: `learner:${learner.id}`,
      userId: null,
      eventKey,
      channel: 'sms' as const,
      template: event.template,
      phone: learner.phone,
      language,
      body: renderText(event, language, learner.name, config.appUrl).sms,
      params: [],
    }));
  return rows.length === 0 ? 0 : insertTextMessages(db, rows, now);
}

/** `queueLearnerTexts` after a committed change: a failure is logged, never the request's. */
export async function queueLearnerTextsAfter(
  ctx: ServiceContext,
  learners: readonly TextLearner[] | undefined,
  language: Language,
  eventKey: string,
  event: TextEvent,
): Promise<void> {
  if (!learners?.some((l) => l.phone)) return;
  try {
    await queueLearnerTexts(ctx.database.db, ctx.config, learners, language, eventKey, event, ctx.clock.now());
  } catch (err) {
    ctx.logger.warn({ eventKey, cause: err instanceof Error ? err.message : String(err) }, "learners' text messages could not be queued");
  }
}

/**
 * The same, for a change already committed (a proof rejected, a session cancelled, a learner
 * moved): as the change's mail, a failure to queue is logged and never fails the request.
 */
export async function queueTextMessagesAfter(
  ctx: ServiceContext,
  userId: string | null | undefined,
  eventKey: string,
  event: TextEvent,
): Promise<void> {
  if (!userId) return;
  try {
    await queueTextMessages(ctx.database.db, ctx.config, userId, eventKey, event, ctx.clock.now());
  } catch (err) {
    ctx.logger.warn({ eventKey, cause: err instanceof Error ? err.message : String(err) }, 'text message could not be queued');
  }
}

/** Messages claimed per statement; the batch is sent at once, so one slow provider costs one time limit. */
export const TEXT_BATCH = 10;
/** How long a claim is this instance's alone: well beyond a batch's one time limit. */
export const TEXT_LEASE_MS = 2 * 60_000;
/** Tries stop a day after the message was queued; it is then 'failed'. */
export const TEXT_RETRY_FOR_MS = 24 * 60 * 60_000;
const FIRST_BACKOFF_MS = 30_000;
const MAX_BACKOFF_MS = 60 * 60_000;

/** When the next try is due after `attempts` failed ones: 30 s, 1 min, 2 min … at most an hour apart; null after a day. */
export function nextTryAfter(row: Pick<TextMessageRow, 'attempts' | 'createdAt'>, now: Date): Date | null {
  const wait = Math.min(FIRST_BACKOFF_MS * 2 ** Math.max(0, row.attempts - 1), MAX_BACKOFF_MS);
  const next = new Date(now.getTime() + wait);
  return next.getTime() > row.createdAt.getTime() + TEXT_RETRY_FOR_MS ? null : next;
}

export interface TextSweep {
  sent: number;
  /** Sent without an answer from the provider (a time limit after the request went out). */
  unconfirmed: number;
  retried: number;
  failed: number;
}

export type TextSweepContext = Pick<ServiceContext, 'database' | 'clock' | 'logger'>;

/**
 * One turn of the outbox, safe on every instance at once: due messages are claimed in batches
 * (FOR UPDATE SKIP LOCKED and a lease), each batch sent at once with a time limit per call, then
 * marked sent, or given its next try with back-off (final refusals and tries past a day: failed).
 */
export async function sweepTextMessages(ctx: TextSweepContext, senders: Record<TextChannel, TextSender>): Promise<TextSweep> {
  const { db } = ctx.database;
  const outcome: TextSweep = { sent: 0, unconfirmed: 0, retried: 0, failed: 0 };
  for (;;) {
    const claimed = await claimTextMessages(db, ctx.clock.now(), TEXT_BATCH, TEXT_LEASE_MS);
    if (claimed.length === 0) break;
    await Promise.all(claimed.map((row) => sendOne(ctx, senders, row, outcome)));
    if (claimed.length < TEXT_BATCH) break;
  }
  if (outcome.sent + outcome.unconfirmed + outcome.retried + outcome.failed > 0) ctx.logger.info(outcome, 'text messages');
  return outcome;
}

async function sendOne(ctx: TextSweepContext, senders: Record<TextChannel, TextSender>, row: TextMessageRow, outcome: TextSweep): Promise<void> {
  const { db } = ctx.database;
  try {
    await senders[row.channel]({
      id: row.id,
      channel: row.channel,
      phone: row.phone,
      template: row.template,
      language: row.language,
      body: row.body,
      params: row.params,
    }, (status) => {
      // The answer came after all: the back office says what it was (a 2xx confirms the delivery).
      const note = status >= 200 && status < 300 ? null : `answered ${status} after the time limit; not sent again`;
      noteLateAnswer(db, row.id, note).catch((err: unknown) => ctx.logger.warn({ err, message: row.id }, 'a late answer could not be recorded'));
      ctx.logger.info({ message: row.id, channel: row.channel, status }, 'a text message got its answer after the time limit');
    });
    await markTextSent(db, row.id, ctx.clock.now());
    outcome.sent += 1;
  } catch (err) {
    const error = err instanceof Error ? err.message : String(err);
    if (err instanceof TextSendFailure && err.outcome === 'unconfirmed') {
      // The request went out: sending it again could deliver it twice (decision 0421).
      await markTextSent(db, row.id, ctx.clock.now(), `${error}; taken as sent, not sent again`);
      outcome.unconfirmed += 1;
      ctx.logger.warn({ message: row.id, channel: row.channel, error }, 'a text message got no answer; taken as sent, not sent again');
      return;
    }
    const next = err instanceof TextSendFailure && err.outcome === 'final' ? null : nextTryAfter(row, ctx.clock.now());
    await markTextTryFailed(db, row.id, error, next);
    if (next) outcome.retried += 1;
    else outcome.failed += 1;
    ctx.logger.warn(
      { message: row.id, channel: row.channel, attempt: row.attempts, error, nextTryAt: next },
      next ? 'a text message could not be sent; tried again later' : 'a text message failed for good',
    );
  }
}

/** Every 10 s (and at start), on every instance: the database decides who sends which message. */
export const TEXT_SWEEP_MS = 10_000;

export function startTextMessageSweeper(
  ctx: TextSweepContext & { config: Pick<Config, 'dataDir' | 'textMessages'> },
  intervalMs = TEXT_SWEEP_MS,
  senders: Record<TextChannel, TextSender> = textSenders(ctx.config, ctx.logger),
): Sweeper {
  return startSweeper(
    () => sweepTextMessages(ctx, senders),
    (err) => ctx.logger.error({ err }, 'text messages failed; trying again at the next sweep'),
    intervalMs,
    { runAtStart: true },
  );
}

function toTextMessage(row: ListedTextMessage): TextMessage {
  return {
    _id: row.id,
    user: row.user ? { _id: row.user.id, name: row.user.name, email: row.user.email } : null,
    phone: row.phone,
    channel: row.channel,
    template: row.template,
    language: row.language,
    text: row.body,
    params: row.params,
    status: row.status,
    attempts: row.attempts,
    nextTryAt: row.status === 'pending' ? row.nextTryAt.toISOString() : null,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The back office's list (admin): newest first, by status and search, one page when asked. */
export async function listTextMessages(
  ctx: Pick<ServiceContext, 'database'>,
  query: TextMessageListQuery,
): Promise<{ messages: TextMessage[]; total: number }> {
  const page = query.page || query.limit ? { limit: query.limit ?? 50, offset: ((query.page ?? 1) - 1) * (query.limit ?? 50) } : undefined;
  const { rows, total } = await listRows(ctx.database.db, query, page);
  return { messages: rows.map(toTextMessage), total };
}

/** A cell a spreadsheet would read as a formula (=, +, -, @) is written as text. */
const asText = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The list as CSV (UTF-8 with a BOM): every message matching the status and search, newest first. */
export async function textMessagesCsv(ctx: Pick<ServiceContext, 'database'>, query: TextMessageListQuery): Promise<string> {
  const { rows } = await listRows(ctx.database.db, query);
  return stringify(
    rows.map((r) => [
      r.createdAt.toISOString(),
      asText(r.user?.name ?? ''),
      asText(r.user?.email ?? ''),
      asText(r.phone),
      r.channel,
      r.template,
      r.language,
      r.status,
      String(r.attempts),
      r.sentAt?.toISOString() ?? '',
      asText(r.lastError ?? ''),
      asText(r.body),
    ]),
    {
      bom: true,
      header: true,
      columns: ['Queued', 'Name', 'E-mail', 'Phone', 'Channel', 'Template', 'Language', 'Status', 'Attempts', 'Sent', 'Last error', 'Text'],
      record_delimiter: '\r\n',
    },
  );
}
