import type { Order } from '@shop/shared';
import { formatDate, formatDateTime } from '@/lib/format';
import { text } from '@/lib/i18n';

const t = text.checkout.order;

/** Where the order stands: its status, and until when its seats are held or why they went back. */
export function OrderStatus({ order }: { order: Order }) {
  const open = order.status === 'pending' || order.status === 'paid' || order.status === 'learned';
  return (
    <div className="order-status">
      <p>
        <strong>{t.statusTitle}: </strong>
        <span className={`order-status__badge order-status__badge--${order.status}`}>
          {text.common.orderStatus[order.status]}
        </span>
        {order.invoiceNumber && open && (
          <>
            {' · '}
            {t.invoiceNumber} <code>{order.invoiceNumber}</code>
          </>
        )}
      </p>
      {order.status === 'pending' && order.holdExpiresAt && (
        <p className="message message--info">
          <strong>{text.common.heldUntil(formatDateTime(order.holdExpiresAt))}</strong>. {t.holdNote}
        </p>
      )}
      {order.status === 'cancelled' && (
        <p className="message message--error">
          {t.cancelledAt(formatDate(order.cancelledAt))}
          {order.refundedAt && <> · {t.refundedAt(formatDate(order.refundedAt))}</>}
        </p>
      )}
      {order.status === 'expired' && (
        <p className="message message--error">{t.expiredNote(formatDateTime(order.holdExpiresAt))}</p>
      )}
    </div>
  );
}
