import { Link } from 'react-router';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetMyOrdersQuery } from '@/lib/api/orders';
import type { Order } from '@shop/shared';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';

const t = text.account.profile;

/** A date, or a clear "No" for what has not happened yet. */
function DoneOn({ date }: { date: string | null }) {
  if (date) return <span className="status status--yes">{formatDate(date)}</span>;
  return (
    <span className="status status--no">
      <span aria-hidden="true">✕ </span>
      {t.no}
    </span>
  );
}

/** The order's state; an unpaid one says until when its seats are held. */
function StatusCell({ order }: { order: Order }) {
  return (
    <>
      {text.common.orderStatus[order.status]}
      {order.status === 'pending' && order.holdExpiresAt && (
        <span className="orders-table__hold">{text.common.heldUntil(formatDateTime(order.holdExpiresAt))}</span>
      )}
    </>
  );
}

/** The signed-in user's orders, newest first (GET /orders/myorders). */
export function MyOrders() {
  const { data: orders, isLoading, error, refetch } = useGetMyOrdersQuery();
  if (isLoading) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!orders?.length) return <p className="message message--info">{t.noOrders}</p>;

  return (
    <div className="table-scroll" role="region" aria-labelledby="my-orders-title" tabIndex={0}>
      <table className="orders-table">
        <caption id="my-orders-title" className="visually-hidden">
          {t.ordersTitle}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t.columns.id}</th>
            <th scope="col">{t.columns.date}</th>
            <th scope="col">{t.columns.total}</th>
            <th scope="col">{t.columns.paid}</th>
            <th scope="col">{t.columns.learned}</th>
            <th scope="col">{t.columns.status}</th>
            <th scope="col">{t.columns.details}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td data-label={t.columns.id}>
                <code title={order._id}>{order._id.slice(0, 8)}</code>
              </td>
              <td data-label={t.columns.date}>{formatDate(order.createdAt)}</td>
              <td data-label={t.columns.total}>{formatMoney(order.totalPrice, 'checkout')}</td>
              <td data-label={t.columns.paid}>
                <DoneOn date={order.isPaid ? order.paidAt : null} />
              </td>
              <td data-label={t.columns.learned}>
                <DoneOn date={order.isLearned ? order.learnedAt : null} />
              </td>
              <td data-label={t.columns.status}>
                <StatusCell order={order} />
              </td>
              <td className="orders-table__details">
                <Link className="button button--ghost button--small" to={paths.order(order._id)}>
                  {t.details}
                  <span className="visually-hidden"> {order._id}</span>
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
