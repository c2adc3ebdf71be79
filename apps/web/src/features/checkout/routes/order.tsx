import { useLocation, useParams, useSearchParams } from 'react-router';
import { useAppSelector } from '@/stores/hooks';
import { RequireAuth } from '@/components/guards';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useGetOrderQuery } from '@/lib/api/orders';
import { useGetPaymentOptionsQuery } from '@/lib/api/payments';
import { formatDate } from '@/lib/format';
import { useTranslation } from 'react-i18next';

import { AdminOrderActions } from '../components/admin-order-actions';
import { AdminEInvoice } from '../components/admin-e-invoice';
import { AdminProof } from '../components/admin-proof';
import { AmountsSummary } from '../components/amounts-summary';
import { OrderActions } from '../components/order-actions';
import { OrderHistory } from '../components/order-history';
import { OrderLines } from '../components/order-lines';
import { learnersEditable, OrderLearners } from '../components/line-learners';
import { CalendarLink } from '../components/calendar-link';
import { OrderPlaced } from '../components/order-placed';
import { OrderStatus } from '../components/order-status';
import { AcceptPayer, AskParent } from '../components/order-payer';
import { PayOnline } from '../components/pay-online';
import { PaymentReturn } from '../components/payment-return';
import { TransferPayment } from '../components/transfer-payment';
import '../components/checkout.css';
import { countryLabel } from '@/lib/i18n/country';

export function OrderRoute() {
  return (
    <RequireAuth>
      <OrderDetail />
    </RequireAuth>
  );
}

/** /order/:id: everything as the server stored it, amounts included. */
function OrderDetail() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const isAdmin = useAppSelector((s) => s.user.userInfo?.isAdmin ?? false);
  const userId = useAppSelector((s) => s.user.userInfo?._id);
  const isKid = useAppSelector((s) => s.user.userInfo?.isKid ?? false);
  // Back from the payment provider's page: ?payment=success or ?payment=failed (never trusted:
  // only the server's answer says whether the order is paid).
  const [search] = useSearchParams();
  const outcome = search.get('payment');
  // Placing a Card order whose payment page could not be opened says why here.
  const paymentError = (useLocation().state as { paymentError?: string } | null)?.paymentError;
  // Issue 51: a parent's link to pay a child's order. The order is not theirs to see until they
  // accept, so it is not asked for meanwhile (a 403 would be all there is to show).
  const payerToken = search.get('payer');
  const { data: order, isLoading, error, refetch } = useGetOrderQuery(id, { skip: payerToken !== null });
  const { data: paymentOptions } = useGetPaymentOptionsQuery();

  if (payerToken !== null) return <AcceptPayer orderId={id} token={payerToken} />;
  if (isLoading) return <Spinner />;
  if (error || !order)
    return (
      <div className="container page">
        <QueryError error={error} onRetry={() => void refetch()} />
      </div>
    );

  const { address, city, postalCode, country } = order.shippingAddress;
  // Not when the shop says it takes no online payments (production without a provider).
  const canPayOnline =
    order.paymentMethod === 'Card' &&
    order.status === 'pending' &&
    (order.user._id === userId || order.payer?._id === userId) &&
    paymentOptions?.onlineProvider !== null;
  const isPayer = order.payer !== undefined && order.payer !== null && order.payer._id === userId;
  // Issue 51: the buyer or an admin names who sits in the seats while that may change.
  const canEditLearners = (order.user._id === userId || isAdmin) && learnersEditable(order);
  const canAskParent = isKid && order.user._id === userId && order.status === 'pending' && !order.isPaid;

  return (
    <div className="container page">
      <h1 className="page__title order__title">{t('checkout.order.title', { id: order._id })}</h1>
      <OrderPlaced order={order} />
      {isPayer && (
        <p className="message message--info" role="status">
          {search.get('accepted') ? `${t('payer.accept.accepted')} ` : ''}
          {t('payer.payerNote', { name: order.user.name })}
        </p>
      )}
      <div className="checkout-grid">
        <div className="review">
          <OrderStatus order={order} staff={isAdmin && order.user._id !== userId} />
          <section className="review__section" aria-labelledby="order-shipping">
            <h2 id="order-shipping" className="review__title">
              {t('checkout.order.shippingTitle')}
            </h2>
            <p>
              <strong>{t('checkout.order.name')}: </strong>
              {order.user.name}
            </p>
            {order.user.email && (
              <p>
                <strong>{t('checkout.order.email')}: </strong>
                <a href={`mailto:${order.user.email}`}>{order.user.email}</a>
              </p>
            )}
            <p>
              <strong>{t('checkout.order.address')}: </strong>
              {address}, {city} {postalCode}, {countryLabel(t, country)}
            </p>
            {order.invoiceTo && (
              <p>
                <strong>{t('checkout.order.invoiceTo')}: </strong>
                {order.invoiceTo.name} ({t('checkout.order.taxId')}{' '}
                <bdi dir="ltr">{order.invoiceTo.taxId}</bdi>)
              </p>
            )}
            <p className={`message ${order.isLearned ? 'message--success' : 'message--error'}`}>
              {order.isLearned
                ? t('checkout.order.learnedAt', { date: formatDate(order.learnedAt) })
                : t('checkout.order.notLearned')}
            </p>
          </section>
          <section className="review__section" aria-labelledby="order-payment">
            <h2 id="order-payment" className="review__title">
              {t('checkout.order.paymentTitle')}
            </h2>
            <p>
              <strong>{t('checkout.order.method')}: </strong>
              {t(`checkout.paymentLabels.${order.paymentMethod}`)}
            </p>
            <p className={`message ${order.isPaid ? 'message--success' : 'message--error'}`}>
              {order.isPaid
                ? t('checkout.order.paidAt', { date: formatDate(order.paidAt) })
                : t('checkout.order.notPaid')}
            </p>
            {order.paymentResult && (
              <p className="order__payment-ref">
                {t(
                  order.paymentResult.provider === 'konnect'
                    ? 'checkout.payment.paidOnlineKonnect'
                    : 'checkout.payment.paidOnlineTest',
                  { reference: order.paymentResult.reference },
                )}
              </p>
            )}
            {order.payer && (
              <p>
                <strong>{t('payer.paidBy')}: </strong>
                {order.payer.name}
              </p>
            )}
            <PaymentReturn order={order} outcome={outcome} />
          </section>
          {/* A child's first way to pay: ask an adult (issue 51). */}
          {canAskParent && <AskParent order={order} />}
          {(order.user._id === userId || isPayer) && <TransferPayment order={order} />}
          <section className="review__section" aria-labelledby="order-items">
            <h2 id="order-items" className="review__title">
              {t('checkout.order.itemsTitle')}
            </h2>
            <OrderLines lines={order.orderItems} hideLearners={canEditLearners} />
          </section>
          {canEditLearners && <OrderLearners order={order} canEdit />}
          {isAdmin && <OrderHistory orderId={order._id} />}
        </div>
        <aside className="summary-card" aria-labelledby="order-summary">
          <h2 id="order-summary" className="summary-card__title">
            {t('checkout.order.summaryTitle')}
          </h2>
          <AmountsSummary
            amounts={order}
            labels={t('checkout.order', { returnObjects: true })}
            discountLabel={t('checkout.order.discount', { code: order.couponCode ?? '' })}
          />
          <p className="summary-card__id">
            {t('checkout.order.orderId')}: <code>{order._id}</code>
          </p>
          {order.status !== 'cancelled' && order.status !== 'expired' && (
            <CalendarLink order={order} />
          )}
          {canPayOnline && (
            <PayOnline order={order} again={outcome === 'failed'} error={paymentError} />
          )}
          {isAdmin && <AdminProof order={order} />}
          {isAdmin && <AdminOrderActions order={order} />}
          {isAdmin && <AdminEInvoice order={order} />}
          <OrderActions order={order} isAdmin={isAdmin} />
        </aside>
      </div>
    </div>
  );
}
