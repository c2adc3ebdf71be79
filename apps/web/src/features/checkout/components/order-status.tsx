import type { Order, OrderRefund } from '@shop/shared';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { refundKind } from '@/lib/refunds';
import { useTranslation } from 'react-i18next';

/**
 * Money owed back (issue 31), one line per payment (issue 49): due (never "refunded" before the
 * centre recorded it made), or refunded on a date with its credit note. A second payment of a
 * paid order says so: "Received twice: 138.00 TND will be refunded".
 */
function RefundState({ order, refund, staff }: { order: Order; refund: OrderRefund; staff: boolean }) {
  const { t } = useTranslation();
  const amount = formatMoney(refund.amount, 'dinars');
  const twice = refundKind(order, refund) === 'paidTwice';
  return refund.status === 'due' ? (
    <p className="message message--info" role="status">
      {staff
        ? t(twice ? 'checkout.order.refundTwiceDueStaff' : 'checkout.order.refundDueStaff', { amount })
        : t(twice ? 'checkout.order.refundTwiceDue' : 'checkout.order.refundDue', { amount })}
    </p>
  ) : (
    <p className="message message--success">
      {t(twice ? 'checkout.order.refundTwiceDone' : 'checkout.order.refundDone', { amount, date: formatDate(refund.doneAt) })}
      {refund.creditNoteNumber && (
        <>
          {' · '}
          {t('checkout.order.creditNote')} <code dir="ltr">{refund.creditNoteNumber}</code>
        </>
      )}
    </p>
  );
}

/**
 * Where the order stands: its status, and until when its seats are held or why they went back.
 * `staff`: an admin reads someone else's order (refunds are the customer's, not "yours").
 */
export function OrderStatus({ order, staff = false }: { order: Order; staff?: boolean }) {
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
          {order.cancelReason && (
            <>
              <br />
              {t('checkout.order.cancelReason')} <bdi>{order.cancelReason}</bdi>
            </>
          )}
        </p>
      )}
      {order.status === 'expired' && (
        <p className="message message--error">
          {t('checkout.order.expiredNote', { date: formatDateTime(order.holdExpiresAt) })}
        </p>
      )}
      {order.refunds.map((refund) => (
        <RefundState key={`${refund.provider}-${refund.reference ?? ''}-${refund.dueAt}`} order={order} refund={refund} staff={staff} />
      ))}
    </div>
  );
}
