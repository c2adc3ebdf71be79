import type { Order } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { useDownloadCreditNoteMutation, useDownloadInvoiceMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

type Download = typeof useDownloadInvoiceMutation;

/**
 * One document of the order (invoice, credit note) as a button: the PDF needs the sign-in
 * token, so it is fetched first, then a hidden link hands it to the browser and the URL is freed.
 */
function DocumentButton({
  orderId,
  useDownload,
  filename,
  label,
  preparing,
}: {
  orderId: string;
  useDownload: Download;
  filename: string;
  label: string;
  preparing: string;
}) {
  const [download, result] = useDownload();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const url = result.data;
    if (!url || !link.current) return;
    link.current.href = url;
    link.current.click();
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [result.data]);
  return (
    <>
      <button
        type="button"
        className="button button--ghost button--block"
        disabled={result.isLoading}
        onClick={() => void download(orderId)}
      >
        {result.isLoading ? preparing : label}
      </button>
      <a ref={link} hidden download={filename} aria-hidden="true" tabIndex={-1}>
        {label}
      </a>
      {result.error && (
        <p className="message message--error" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
    </>
  );
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
