import type { Order } from '@shop/shared';
import { DownloadButton } from '@/components/ui/download-button';
import { useDownloadCreditNoteMutation, useDownloadInvoiceMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

type Download = typeof useDownloadInvoiceMutation;

/** One document of the order (invoice, credit note) as a button. */
function DocumentButton({
  orderId,
  useDownload,
  ...shown
}: {
  orderId: string;
  useDownload: Download;
  filename: string;
  label: string;
  preparing: string;
}) {
  const [download, result] = useDownload();
  return <DownloadButton state={result} onDownload={() => void download(orderId)} {...shown} />;
}

/**
 * The order's documents for its owner and the admin (issue 31): the invoice of an order that
 * was paid (kept when it is cancelled afterwards), and the credit note once the refund is done.
 */
export function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation();
  const creditNoteNumber = order.refund?.status === 'done' ? order.refund.creditNoteNumber : null;
  if (!order.invoiceNumber && !creditNoteNumber) return null;
  return (
    <>
      {order.invoiceNumber && (
        <DocumentButton
          orderId={order._id}
          useDownload={useDownloadInvoiceMutation}
          filename={`invoice-${order.invoiceNumber}.pdf`}
          label={t('checkout.order.downloadInvoice')}
          preparing={t('checkout.order.preparingInvoice')}
        />
      )}
      {creditNoteNumber && (
        <DocumentButton
          orderId={order._id}
          useDownload={useDownloadCreditNoteMutation}
          filename={`credit-note-${creditNoteNumber}.pdf`}
          label={t('checkout.order.downloadCreditNote')}
          preparing={t('checkout.order.preparingCreditNote')}
        />
      )}
    </>
  );
}
