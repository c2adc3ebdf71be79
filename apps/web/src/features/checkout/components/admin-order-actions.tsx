import type { Order } from '@shop/shared';
import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import {
  useLearnOrderMutation,
  usePayOrderMutation,
  useRecordRefundMutation,
} from '@/lib/api/orders';
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
  const error = pay.error ?? learn.error ?? refund.error;
  const busy = pay.isLoading || learn.isLoading || refund.isLoading;

  return (
    <div className="admin-order-actions">
      {(order.status === 'pending' || order.status === 'expired') && (
        <button
          type="button"
          className="button button--block"
          disabled={busy}
          onClick={() => payOrder(order._id)}
        >
          {pay.isLoading ? t('checkout.order.working') : t('checkout.order.markPaid')}
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
      {order.refund?.status === 'due' && (
        <form
          className="field"
          onSubmit={(event) => {
            event.preventDefault();
            void recordRefund({ id: order._id, note: note.trim() || undefined });
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
          <button type="submit" className="button button--block" disabled={busy}>
            {refund.isLoading ? t('checkout.order.working') : t('checkout.order.recordRefund')}
          </button>
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
