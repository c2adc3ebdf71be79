import type { Order } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/api/errors';
import { useDownloadCalendarMutation } from '@/lib/api/orders';
import { lineSessionOf } from '@/lib/sessions';

/**
 * "Add to calendar" for an order with session lines (issue 33): the `.ics` needs the sign-in
 * token, so it is fetched first, then a hidden link hands it to the browser (the calendar app
 * opens it) and the object URL is freed later.
 */
export function CalendarLink({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [download, result] = useDownloadCalendarMutation();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const url = result.data;
    if (!url || !link.current) return;
    link.current.href = url;
    link.current.click();
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [result.data]);
  if (!order.orderItems.some((line) => lineSessionOf(line))) return null;
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={result.isLoading}
        onClick={() => void download(order._id)}
      >
        {result.isLoading ? t('sessions.preparingCalendar') : t('sessions.addToCalendar')}
      </button>
      <a ref={link} hidden download={`order-${order._id}.ics`} aria-hidden="true" tabIndex={-1}>
        {t('sessions.addToCalendar')}
      </a>
      {result.error && (
        <p className="message message--error" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
    </>
  );
}
