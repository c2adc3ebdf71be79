import { Link } from 'react-router';
import { useLocalName } from '@/lib/i18n/course-text';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetMyOrdersQuery, useGetOrdersIPayQuery } from '@/lib/api/orders';
import { useId } from 'react';
import type { Order } from '@shop/shared';
import { formatDate, formatDateTime, formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';

/** A date, or a clear "No" for what has not happened yet. */
function DoneOn({ date }: { date: string | null }) {
  const { t } = useTranslation();
  if (date) return <span className="status status--yes">{formatDate(date)}</span>;
  return (
    <span className="status status--no">
      <span aria-hidden="true">✕ </span>
      {t('account.profile.no')}
    </span>
  );
}

/** The order's state; an unpaid one says until when its seats are held. */
function StatusCell({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <>
      {t(`common.orderStatus.${order.status}`)}
      {order.status === 'pending' && order.holdExpiresAt && (
        <span className="orders-table__hold">
          {t('common.heldUntil', { at: formatDateTime(order.holdExpiresAt) })}
        </span>
      )}
    </>
  );
}

/** The signed-in user's orders, newest first (GET /orders/myorders). */
export function MyOrders() {
  const { t } = useTranslation();
  const { data: orders, isLoading, error, refetch } = useGetMyOrdersQuery();
  if (isLoading) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!orders?.length)
    return <p className="message message--info">{t('account.profile.noOrders')}</p>;
  return <OrdersTable orders={orders} caption={t('account.profile.ordersTitle')} />;
}

/** Issue 51: the orders the signed-in adult accepted to pay for a child, newest first (GET /orders/paying). */
export function OrdersIPay() {
  const { t } = useTranslation();
  const { data: orders, isLoading, error, refetch } = useGetOrdersIPayQuery();
  if (isLoading) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!orders?.length) return <p className="message message--info">{t('payer.mine.none')}</p>;
  return <OrdersTable orders={orders} caption={t('payer.mine.title')} forWhom />;
}

/** A table of orders; `forWhom` adds the child each order is for (the orders one pays for). */
function OrdersTable({ orders, caption, forWhom = false }: { orders: Order[]; caption: string; forWhom?: boolean }) {
  const { t } = useTranslation();
  const nameOf = useLocalName();
  const captionId = useId();
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="orders-table">
        <caption id={captionId} className="visually-hidden">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('account.profile.columns.id')}</th>
            {forWhom && <th scope="col">{t('payer.mine.child')}</th>}
            <th scope="col">{t('account.profile.columns.courses')}</th>
            <th scope="col">{t('account.profile.columns.date')}</th>
            <th scope="col">{t('account.profile.columns.total')}</th>
            <th scope="col">{t('account.profile.columns.paid')}</th>
            <th scope="col">{t('account.profile.columns.learned')}</th>
            <th scope="col">{t('account.profile.columns.status')}</th>
            <th scope="col">{t('account.profile.columns.details')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <td data-label={t('account.profile.columns.id')}>
                <code title={order._id}>{order._id.slice(0, 8)}</code>
              </td>
              {forWhom && (
                <td data-label={t('payer.mine.child')}>
                  <bdi>{order.user.name}</bdi>
                </td>
              )}
              <td data-label={t('account.profile.columns.courses')}>
                {/* Issue 54: which course, without opening the order. */}
                {order.orderItems.map((line, i) => (
                  <span key={`${line.course}-${i}`} className="orders-table__course">
                    <bdi>{nameOf(line)}</bdi>
                    {line.qty > 1 && ` ×${line.qty}`}
                  </span>
                ))}
              </td>
              <td data-label={t('account.profile.columns.date')}>{formatDate(order.createdAt)}</td>
              <td data-label={t('account.profile.columns.total')}>
                {formatMoney(order.totalPrice, 'checkout')}
              </td>
              <td data-label={t('account.profile.columns.paid')}>
                <DoneOn date={order.isPaid ? order.paidAt : null} />
              </td>
              <td data-label={t('account.profile.columns.learned')}>
                <DoneOn date={order.isLearned ? order.learnedAt : null} />
              </td>
              <td data-label={t('account.profile.columns.status')}>
                <StatusCell order={order} />
              </td>
              <td className="orders-table__details">
                <Link className="button button--ghost button--small" to={paths.order(order._id)}>
                  {t('account.profile.details')}
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
