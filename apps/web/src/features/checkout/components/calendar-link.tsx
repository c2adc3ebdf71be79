import type { Order } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '@/components/ui/download-button';
import { useDownloadCalendarMutation } from '@/lib/api/orders';
import { lineSessionOf } from '@/lib/sessions';

/**
 * "Add to calendar" for an order with session lines (issue 33): the `.ics` needs the sign-in
 * token (DownloadButton); the calendar app opens the file.
 */
export function CalendarLink({ order }: { order: Order }) {
  const { t } = useTranslation();
  const [download, result] = useDownloadCalendarMutation();
  if (!order.orderItems.some((line) => lineSessionOf(line))) return null;
  return (
    <DownloadButton
      state={result}
      onDownload={() => void download(order._id)}
      filename={`order-${order._id}.ics`}
      label={t('sessions.addToCalendar')}
      preparing={t('sessions.preparingCalendar')}
    />
  );
}
