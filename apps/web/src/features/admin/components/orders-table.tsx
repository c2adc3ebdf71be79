import type { Order } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';
import { AdminTable } from './admin-table';
import './admin-list.css';

interface Props {
  orders: Order[];
  onMarkPaid: (order: Order) => void;
  payingId?: string | undefined;
  onCancel: (order: Order) => void;
  cancellingId?: string | undefined;
}

/** A date when it happened, else a red NO. */
function DoneOn({ at }: { at: string | null }) {
  return at ? (
    <span className="admin-status admin-status--yes">{formatDate(at)}</span>
  ) : (
    <span className="admin-status admin-status--no">{text.admin.no}</span>
  );
}

/**
 * SPEC §2 Orders: ID, User, Date, TOTAL, PAID, Learned, Actions (Details; Mark as Paid if
 * unpaid), plus the order's status, its payment method and a Cancel button while it can be cancelled.
 */
export function OrdersTable({ orders, onMarkPaid, payingId, onCancel, cancellingId }: Props) {
  const t = text.admin.orders;
  return (
    <AdminTable
      caption={t.caption}
      head={
        <>
          <th scope="col">{t.id}</th>
          <th scope="col">{t.user}</th>
          <th scope="col">{t.date}</th>
          <th scope="col">{t.total}</th>
          <th scope="col">{t.paid}</th>
          <th scope="col">{t.learned}</th>
          <th scope="col">{t.status}</th>
          <th scope="col">{t.payment}</th>
          <th scope="col">{t.actions}</th>
        </>
      }
    >
      {orders.map((order) => (
        <tr key={order._id}>
          <td data-label={t.id} className="admin-table__id" title={order._id}>
            {order._id}
          </td>
          <td data-label={t.user}>{order.user._id ? order.user.name : t.deletedUser}</td>
          <td data-label={t.date} className="admin-table__nowrap">
            {formatDate(order.createdAt)}
          </td>
          <td data-label={t.total} className="admin-table__nowrap">
            {formatMoney(order.totalPrice, 'checkout')}
          </td>
          <td data-label={t.paid}>
            <DoneOn at={order.isPaid ? order.paidAt : null} />
          </td>
          <td data-label={t.learned}>
            <DoneOn at={order.isLearned ? order.learnedAt : null} />
          </td>
          <td data-label={t.status}>{text.common.orderStatus[order.status]}</td>
          <td data-label={t.payment} className="admin-table__nowrap">
            {text.checkout.paymentLabels[order.paymentMethod]}
          </td>
          <td data-label={t.actions}>
            <div className="admin-actions">
              <Link
                className="button button--ghost button--small"
                to={paths.order(order._id)}
                aria-label={t.detailsLabel(order._id)}
              >
                {t.details}
              </Link>
              {(order.status === 'pending' || order.status === 'expired') && (
                <button
                  type="button"
                  className="button button--small"
                  onClick={() => onMarkPaid(order)}
                  disabled={payingId === order._id}
                  aria-label={t.markPaidLabel(order._id)}
                >
                  {t.markPaid}
                </button>
              )}
              {(order.status === 'pending' || order.status === 'paid') && (
                <button
                  type="button"
                  className="button button--danger button--small"
                  onClick={() => onCancel(order)}
                  disabled={cancellingId === order._id}
                  aria-label={text.common.cancelOrderLabel(order._id)}
                >
                  {t.cancel}
                </button>
              )}
            </div>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
