import { useParams } from 'react-router';
import { useAppSelector } from '@/app/store';
import { RequireAuth } from '@/components/guards';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useGetOrderQuery } from '@/lib/api/orders';
import { formatDate } from '@/lib/format';
import { text } from '@/lib/i18n';
import { AdminOrderActions } from '../components/admin-order-actions';
import { AmountsSummary } from '../components/amounts-summary';
import { OrderActions } from '../components/order-actions';
import { OrderHistory } from '../components/order-history';
import { OrderLines } from '../components/order-lines';
import { OrderPlaced } from '../components/order-placed';
import { OrderStatus } from '../components/order-status';
import '../components/checkout.css';

const t = text.checkout.order;

export function OrderRoute() {
  return (
    <RequireAuth>
      <OrderDetail />
    </RequireAuth>
  );
}

/** /order/:id: everything as the server stored it, amounts included. */
function OrderDetail() {
  const { id = '' } = useParams();
  const isAdmin = useAppSelector((s) => s.user.userInfo?.isAdmin ?? false);
  const { data: order, isLoading, error, refetch } = useGetOrderQuery(id);

  if (isLoading) return <Spinner />;
  if (error || !order)
    return (
      <div className="container page">
        <QueryError error={error} onRetry={() => void refetch()} />
      </div>
    );

  const { address, city, postalCode, country } = order.shippingAddress;

  return (
    <div className="container page">
      <h1 className="page__title order__title">{t.title(order._id)}</h1>
      <OrderPlaced order={order} />
      <div className="checkout-grid">
        <div className="review">
          <OrderStatus order={order} />
          <section className="review__section" aria-labelledby="order-shipping">
            <h2 id="order-shipping" className="review__title">
              {t.shippingTitle}
            </h2>
            <p>
              <strong>{t.name}: </strong>
              {order.user.name}
            </p>
            {order.user.email && (
              <p>
                <strong>{t.email}: </strong>
                <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
            )}
            <p>
              <strong>{t.address}: </strong>
              {address}, {city} {postalCode}, {country}
            </p>
            <p className={`message ${order.isLearned ? 'message--success' : 'message--error'}`}>
              {order.isLearned ? t.learnedAt(formatDate(order.learnedAt)) : t.notLearned}
            </p>
          </section>
          <section className="review__section" aria-labelledby="order-payment">
            <h2 id="order-payment" className="review__title">
              {t.paymentTitle}
            </h2>
            <p>
              <strong>{t.method}: </strong>
              {text.checkout.paymentLabels[order.paymentMethod]}
            </p>
            <p className={`message ${order.isPaid ? 'message--success' : 'message--error'}`}>
              {order.isPaid ? t.paidAt(formatDate(order.paidAt)) : t.notPaid}
            </p>
          </section>
          <section className="review__section" aria-labelledby="order-items">
            <h2 id="order-items" className="review__title">
              {t.itemsTitle}
            </h2>
            <OrderLines lines={order.orderItems} />
          </section>
          {isAdmin && <OrderHistory orderId={order._id} />}
        </div>
        <aside className="summary-card" aria-labelledby="order-summary">
          <h2 id="order-summary" className="summary-card__title">
            {t.summaryTitle}
          </h2>
          <AmountsSummary amounts={order} labels={t} />
          <p className="summary-card__id">
            {t.orderId}: <code>{order._id}</code>
          </p>
          {isAdmin && <AdminOrderActions order={order} />}
          <OrderActions order={order} isAdmin={isAdmin} />
        </aside>
      </div>
    </div>
  );
}
