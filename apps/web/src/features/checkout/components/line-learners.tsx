import type { Order, OrderLine } from '@shop/shared';
import { useLocalName } from '@/lib/i18n/course-text';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorMessage } from '@/lib/api/errors';
import { useUpdateLineLearnersMutation } from '@/lib/api/orders';
import { hasLearnerErrors, learnersBody, LearnersFields, type LearnerRow } from './learners-fields';
import { LearnerList } from './order-lines';

/**
 * Whether a line's names may still change: the order pending or paid and
 * the line's session not started. The server decides (409 LEARNERS_LOCKED); this only spares a
 * form that would be refused.
 */
export function learnersLocked(order: Order, line: OrderLine, now = Date.now()): boolean {
  return lockReason(order, line, now) !== null;
}

type LockReason = 'started' | 'learned' | 'cancelled' | 'expired' | 'changed';

/** Why a line's names may no longer change, as this page knows it; null while they may. */
function lockReason(order: Order, line: OrderLine, now = Date.now()): LockReason | null {
  if (order.status === 'learned' || order.status === 'cancelled' || order.status === 'expired') return order.status;
  if (order.status !== 'pending' && order.status !== 'paid') return 'changed';
  return line.session && Date.parse(line.session.startsAt) <= now ? 'started' : null;
}

/** Whether the order page shows the editable "Who will attend?" (else the lines list the names). */
export const learnersEditable = (order: Order) => order.status === 'pending' || order.status === 'paid';

/**
 * The order page's "Who will attend?" (issue 51): per line, the names (and e-mails) of the
 * people in the seats, which the buyer or an admin may change while allowed.
 */
export function OrderLearners({ order, canEdit }: { order: Order; canEdit: boolean }) {
  const { t } = useTranslation();
  if (!canEdit || !learnersEditable(order)) return null;
  return (
    <section className="review__section" aria-labelledby="order-learners">
      <h2 id="order-learners" className="review__title">
        {t('checkout.learners.attend')}
      </h2>
      {order.orderItems.map((line) => (
        <LineLearners key={line._id} order={order} line={line} />
      ))}
    </section>
  );
}

function LineLearners({ order, line }: { order: Order; line: OrderLine }) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  const [rows, setRows] = useState<LearnerRow[] | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const [saved, setSaved] = useState(false);
  const [update, { isLoading, error, reset }] = useUpdateLineLearnersMutation();
  const lockedByServer = errorCode(error) === 'LEARNERS_LOCKED';
  // The server's refusal refetches the order: its new state (a start moved earlier) says why;
  // when it does not (the page's clock behind the server's), a plain "no longer" is true.
  const reason = lockReason(order, line) ?? (lockedByServer ? 'changed' : null);
  const locked = reason !== null;
  const headingId = `line-learners-${line._id}`;

  const startEditing = () => {
    reset();
    setSaved(false);
    setShowErrors(false);
    setRows(line.learners.map((l) => ({ _id: l._id, name: l.name, email: l.email ?? '', phone: l.phone ?? '' })));
  };
  const save = async () => {
    if (!rows) return;
    setShowErrors(true);
    if (hasLearnerErrors(rows)) return;
    try {
      await update({ id: order._id, lineId: line._id, body: { learners: learnersBody(rows) } }).unwrap();
      setRows(null);
      setSaved(true);
    } catch (refusal) {
      // Locked meanwhile (the session started): the form closes and says so; other refusals
      // show above the buttons with what was typed kept.
      if (errorCode(refusal as Parameters<typeof errorCode>[0]) === 'LEARNERS_LOCKED') setRows(null);
    }
  };

  return (
    <div className="line-learners" role="group" aria-labelledby={headingId}>
      <h3 id={headingId} className="who-will-attend__course">
        <bdi>{nameOf(line)}</bdi>
      </h3>
      {rows ? (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <LearnersFields qty={line.qty} rows={rows} onChange={setRows} showErrors={showErrors} />
          {error && !lockedByServer && (
            <p className="message message--error" role="alert">
              {errorMessage(error)}
            </p>
          )}
          {showErrors && hasLearnerErrors(rows) && (
            <p className="message message--error" role="alert">
              {t('checkout.learners.fixErrors')}
            </p>
          )}
          <div className="line-learners__actions">
            <button type="submit" className="button button--accent" disabled={isLoading}>
              {isLoading ? t('checkout.learners.saving') : t('checkout.learners.save')}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setRows(null)}>
              {t('checkout.learners.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {line.learners.length === 0 ? (
            <p>{t('checkout.learners.none')}</p>
          ) : (
            <LearnerList learners={line.learners} qty={line.qty} />
          )}
          {saved && (
            <p className="message message--success" role="status">
              {t('checkout.learners.saved')}
            </p>
          )}
          {locked ? (
            <p className="message message--info" role={lockedByServer ? 'alert' : undefined}>
              {reason === 'started' ? t('checkout.learners.locked') : t(`checkout.learners.lockedBy.${reason ?? 'changed'}`)}
            </p>
          ) : (
            <button type="button" className="button button--ghost" onClick={startEditing}>
              {t('checkout.learners.edit')}
            </button>
          )}
        </>
      )}
    </div>
  );
}
