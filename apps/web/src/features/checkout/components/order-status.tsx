import type { Order } from '@shop/shared';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from 'react-i18next';

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
          {order.refundedAt && (
            <> · {t('checkout.order.refundedAt', { date: formatDate(order.refundedAt) })}</>
          )}
        </p>
      )}
      {order.status === 'expired' && (
        <p className="message message--error">
          {t('checkout.order.expiredNote', { date: formatDateTime(order.holdExpiresAt) })}
        </p>
      )}
    </div>
  );
}
