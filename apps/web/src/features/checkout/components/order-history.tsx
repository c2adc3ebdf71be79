import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api/errors';
import { useGetOrderHistoryQuery } from '@/lib/api/orders';
import { formatDateTime } from '@/lib/format';
import { text } from '@/lib/i18n';

const t = text.checkout.order;

/** Admin: who did what to the order and when, oldest first. */
export function OrderHistory({ orderId }: { orderId: string }) {
  const { data: events, isLoading, error } = useGetOrderHistoryQuery(orderId);
  return (
    <section className="review__section" aria-labelledby="order-history">
      <h2 id="order-history" className="review__title">
        {t.historyTitle}
      </h2>
      {isLoading && <Spinner />}
      {error && <p className="message message--error">{errorMessage(error)}</p>}
      {events && events.length === 0 && <p className="message message--info">{t.historyEmpty}</p>}
      {events && events.length > 0 && (
        <ol className="order-history">
          {events.map((event, index) => (
            <li key={`${event.at}-${index}`}>
              <time dateTime={event.at}>{formatDateTime(event.at)}</time>{' '}
              {t.historyLine(
                t.historyActions[event.action] ?? event.action,
                event.actor.role === 'system'
                  ? t.historyActors.system
                  : `${event.actor.name} (${t.historyActors[event.actor.role]})`,
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
