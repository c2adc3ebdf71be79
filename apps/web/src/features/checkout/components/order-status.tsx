import type { Order } from '@shop/shared';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';

/**
 * Money owed back (issue 31): due (never "refunded" before the centre recorded it made), or
 * refunded on a date with its credit note.
 */
function RefundState({ refund }: { refund: NonNullable<Order['refund']> }) {
  const { t } = useTranslation();
  const amount = formatMoney(refund.amount, 'checkout');
  return refund.status === 'due' ? (
    <p className="message message--info" role="status">
      {t('checkout.order.refundDue', { amount })}
    </p>
  ) : (
    <p className="message message--success">
      {t('checkout.order.refundDone', { amount, date: formatDate(refund.doneAt) })}
      {refund.creditNoteNumber && (
        <>
          {' · '}
          {t('checkout.order.creditNote')} <code>{refund.creditNoteNumber}</code>
        </>
      )}
    </p>
  );
}

/** Where the order stands: its status, and until when its seats are held or why they went back. */
export function OrderStatus({ order }: { order: Order }) {
  const { t } = useTranslation();
  const open = order.status === 'pending' || order.status === 'paid' || order.status === 'learned';
  return (
    <div className="order-status">
      <p>
        <strong>{t('checkout.order.statusTitle')}: </strong>
        <span className={`order-status__badge order-status__badge--${order.status}`}>
          {t(`common.orderStatus.${order.status}`)}
        </span>
        {order.invoiceNumber && open && (
          <>
            {' · '}
            {t('checkout.order.invoiceNumber')} <code>{order.invoiceNumber}</code>
          </>
        )}
      </p>
      {order.status === 'pending' && order.holdExpiresAt && (
        <p className="message message--info">
          <strong>{t('common.heldUntil', { at: formatDateTime(order.holdExpiresAt) })}</strong>.{' '}
          {t('checkout.order.holdNote')}
        </p>
      )}
      {order.status === 'cancelled' && (
        <p className="message message--error">
          {t('checkout.order.cancelledAt', { date: formatDate(order.cancelledAt) })}
        </p>
      )}
      {order.status === 'expired' && (
        <p className="message message--error">
          {t('checkout.order.expiredNote', { date: formatDateTime(order.holdExpiresAt) })}
        </p>
      )}
      {order.refund && <RefundState refund={order.refund} />}
    </div>
  );
}
