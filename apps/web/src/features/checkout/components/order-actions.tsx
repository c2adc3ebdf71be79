import type { Order } from '@shop/shared';
import { errorMessage } from '@/lib/api/errors';
import { useCancelOrderMutation } from '@/lib/api/orders';
import { askCancel } from '@/lib/ask-cancel';
import { useTranslation } from 'react-i18next';
import { OrderDocuments } from './order-documents';

/**
 * Cancel (the customer while unpaid; an admin also once paid, which makes a refund due), each
 * after a confirmation, and the order's documents (invoice once paid, credit note once refunded).
 */
export function OrderActions({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [cancelOrder, cancellation] = useCancelOrderMutation();
  // Issue 49: while a transfer receipt is being checked only the centre cancels (the transfer box says whom to call).
  const proofWaiting = order.paymentProof?.status === 'submitted';
  const canCancel = (order.status === 'pending' && (isAdmin || !proofWaiting)) || (isAdmin && order.status === 'paid');
  // An invoice number is given at payment and kept, also when the order is cancelled afterwards.
  const hasDocuments = !!order.invoiceNumber || order.refunds.some((r) => r.status === 'done');

  const onCancel = () => {
    const asked = askCancel(order, isAdmin, t);
    if (asked) void cancelOrder(asked);
  };

  if (!canCancel && !hasDocuments) return null;
  const error = cancellation.error;
  return (
    <div className="admin-order-actions">
      <OrderDocuments order={order} />
      {canCancel && (
        <button
          type="button"
          className="button button--danger button--block"
          disabled={cancellation.isLoading}
          onClick={onCancel}
        >
          {cancellation.isLoading ? t('checkout.order.cancelling') : t('common.cancelOrder')}
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
