import type { Order } from '@shop/shared';
import { useCallback, useEffect, useState } from 'react';
import { useGetOrderQuery } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

/** How long the return page asks again, once a second, before saying the confirmation is late. */
export const CONFIRM_WAIT_MS = 15_000;
const POLL_MS = 1_000;

/**
 * Back from the provider's page (`?payment=success|failed`): what the customer should know.
 * The query string only says the customer came back: the order the server answers decides.
 * A cancelled or expired order never reads "paid": the payment arrived and is to be refunded
 * (issue 31), or it has not arrived (yet).
 */
export function PaymentReturn({ order, outcome }: { order: Order; outcome: string | null }) {
  const { t } = useTranslation();
  const [waitOver, setWaitOver] = useState(false);
  const giveUp = useCallback(() => setWaitOver(true), []);
  if (order.status === 'cancelled' || order.status === 'expired') {
    if (outcome !== 'success') return null;
    if (order.refund)
      return (
        <p className="message message--info" role="status">
          {t(
            order.refund.status === 'done'
              ? 'checkout.payment.arrivedRefunded'
              : order.status === 'expired'
                ? 'checkout.payment.arrivedExpired'
                : 'checkout.payment.arrivedCancelled',
          )}
        </p>
      );
    return waitOver ? (
      <p className="message message--info" role="status">
        {t('checkout.payment.closedNotReceived')}
      </p>
    ) : (
      <ConfirmPayment orderId={order._id} onGiveUp={giveUp} />
    );
  }
  if (order.isPaid) {
    return outcome === 'success' ? (
      <p className="message message--success" role="status">
        {t('checkout.payment.received')}
      </p>
    ) : null;
  }
  if (order.status !== 'pending') return null;
  if (outcome === 'failed')
    return (
      <p className="message message--error" role="alert">
        {t('checkout.payment.failed')}
      </p>
    );
  if (outcome !== 'success') return null;
  return waitOver ? (
    <p className="message message--info" role="status">
      {t('checkout.payment.notConfirmedYet')}
    </p>
  ) : (
    <ConfirmPayment orderId={order._id} onGiveUp={giveUp} />
  );
}

/**
 * Reads the order once a second while mounted (the server asks the provider when it is read),
 * so PAID shows within seconds even before the provider's webhook; gives up after a while.
 */
function ConfirmPayment({ orderId, onGiveUp }: { orderId: string; onGiveUp: () => void }) {
  const { t } = useTranslation();
  useGetOrderQuery(orderId, { pollingInterval: POLL_MS });
  useEffect(() => {
    const timer = setTimeout(onGiveUp, CONFIRM_WAIT_MS);
    return () => clearTimeout(timer);
  }, [onGiveUp]);
  return (
    <p className="message message--info" role="status">
      {t('checkout.payment.confirming')}
    </p>
  );
}
