import type { Order } from '@shop/shared';
import { useId, useRef, useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { formatMoney } from '@/lib/format';
import {
  useLearnOrderMutation,
  usePayOrderMutation,
  useRecordRefundMutation,
} from '@/lib/api/orders';
import { refundsDue } from '@/lib/refunds';
import { useTranslation } from 'react-i18next';

/**
 * Admin only: 'Mark as Paid' while unpaid (pending, or expired: the server takes the seats
 * again when it can), LEARNED once paid and not yet learned, and "Record refund as
 * made" while a refund is due (issue 31), with a note for the audit trail.
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [payOrder, pay] = usePayOrderMutation();
  const [learnOrder, learn] = useLearnOrderMutation();
  const [recordRefund, refund] = useRecordRefundMutation();
  const [note, setNote] = useState('');
  const noteId = useId();
  const chosen = useRef<string | undefined>(undefined);
  const error = pay.error ?? learn.error ?? refund.error;
  const busy = pay.isLoading || learn.isLoading || refund.isLoading;
  const due = refundsDue(order);
  // Issue 49: a transfer that reached a cancelled order is recorded as money to refund.
  const transferToRefund = order.paymentMethod === 'Transfer' && order.status === 'cancelled';

  return (
    <div className="admin-order-actions">
      {(order.status === 'pending' || order.status === 'expired' || transferToRefund) && (
        <button
          type="button"
          className="button button--accent button--block"
          disabled={busy}
          onClick={() => {
            // Issue 54: paying an order sends the invoice and a mail; it is asked for, not clicked by mistake.
            const asked = { id: order._id, amount: formatMoney(order.totalPrice, 'dinars') };
            if (window.confirm(t(transferToRefund ? 'common.confirmTransferToRefund' : 'common.confirmMarkPaid', asked)))
              void payOrder(order._id);
          }}
        >
          {pay.isLoading
            ? t('checkout.order.working')
            : transferToRefund
              ? t('checkout.order.markTransferToRefund')
              : t('checkout.order.markPaid')}
        </button>
      )}
      {order.status === 'paid' && (
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => learnOrder(order._id)}
        >
          {learn.isLoading ? t('checkout.order.working') : t('checkout.order.markLearned')}
        </button>
      )}
      {due.length > 0 && (
        <form
          className="field"
          onSubmit={(event) => {
            event.preventDefault();
            // The button pressed names the refund made (several due: issue 49); Enter, the oldest.
            const reference = chosen.current;
            chosen.current = undefined;
            void recordRefund({ id: order._id, note: note.trim() || undefined, reference });
          }}
        >
          <label htmlFor={noteId} className="field__label">
            {t('checkout.order.refundNote')}
          </label>
          <input
            id={noteId}
            className="field__input"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          {due.map((r) => (
            <button
              key={`${r.provider}-${r.reference ?? ''}-${r.dueAt}`}
              type="submit"
              className="button button--block"
              disabled={busy}
              onClick={() => {
                chosen.current = due.length > 1 ? (r.reference ?? undefined) : undefined;
              }}
            >
              {refund.isLoading
                ? t('checkout.order.working')
                : due.length > 1
                  ? t('checkout.order.recordRefundOf', { amount: formatMoney(r.amount, 'dinars') })
                  : t('checkout.order.recordRefund')}
            </button>
          ))}
        </form>
      )}
      {error && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
