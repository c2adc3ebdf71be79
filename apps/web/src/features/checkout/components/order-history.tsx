import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/errors';
import { useGetOrderHistoryQuery } from '@/lib/api/orders';
import { formatDate, formatDateTime } from '@/lib/format';
import { useTranslation } from 'react-i18next';

const ACTIONS = [
  'placed',
  'paid',
  'learned',
  'cancelled',
  'paymentReceived',
  'refunded',
  'expired',
  'proofSubmitted',
  'proofRejected',
  'moved',
] as const;
const isKnownAction = (action: string): action is (typeof ACTIONS)[number] =>
  (ACTIONS as readonly string[]).includes(action);

/** Admin: who did what to the order and when, oldest first. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { data: events, isLoading, error } = useGetOrderHistoryQuery(orderId);
  return (
    <section className="review__section" aria-labelledby="order-history">
      <h2 id="order-history" className="review__title">
        {t('checkout.order.historyTitle')}
      </h2>
      {isLoading && <Spinner />}
      {error && <p className="message message--error">{errorMessage(error)}</p>}
      {events && events.length === 0 && (
        <p className="message message--info">{t('checkout.order.historyEmpty')}</p>
      )}
      {events && events.length > 0 && (
        <ol className="order-history">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>{' '}
              {t('checkout.order.historyLine', {
                action: isKnownAction(event.action)
                  ? t(`checkout.order.historyActions.${event.action}`, {
                      // A learner moved to another session (issue 34): the start of each.
                      from: formatDate(event.moved?.from),
                      to: formatDate(event.moved?.to),
                    })
                  : event.action,
                who:
                  event.actor.role === 'system'
                    ? t('checkout.order.historyActors.system')
                    : `${event.actor.name} (${t(`checkout.order.historyActors.${event.actor.role}`)})`,
              })}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
