import type { Order } from '@shop/shared';
import { errorMessage } from '@/lib/api/errors';
import { useLearnOrderMutation, usePayOrderMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

/**
 * Admin only: 'Mark as Paid' while unpaid (pending, or expired: the server takes the seats
 * again when it can), LEARNED once paid and not yet learned (SPEC §4).
 */
export function AdminOrderActions({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [payOrder, pay] = usePayOrderMutation();
  const [learnOrder, learn] = useLearnOrderMutation();
  const error = pay.error ?? learn.error;
  const busy = pay.isLoading || learn.isLoading;

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
      {error && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
