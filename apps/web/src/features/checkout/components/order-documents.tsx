import type { Order } from '@shop/shared';
import { DownloadButton } from '@/components/ui/download-button';
import {
  useDownloadAgreementMutation,
  useDownloadAttendanceCertificateMutation,
  useDownloadCreditNoteMutation,
  useDownloadInvoiceMutation,
} from '@/lib/api/orders';
import { useState } from 'react';
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

/** One credit note of the order (issue 49: one per refund made), by its number. */
function CreditNoteButton({ orderId, number, label }: { orderId: string; number: string; label: string }) {
  const { t } = useTranslation();
  const [download, result] = useDownloadCreditNoteMutation();
  return (
    <DownloadButton
      state={result}
      onDownload={() => void download({ id: orderId, number })}
      filename={`credit-note-${number}.pdf`}
      label={label}
      preparing={t('checkout.order.preparingCreditNote')}
    />
  );
}

/**
 * The order's documents for its owner and the admin (issue 31): the invoice of an order that
 * was paid (kept when it is cancelled afterwards), and a credit note per refund made.
 */
export function OrderDocuments({ order }: { order: Order }) {
  const { t } = useTranslation();
  // When the page opened: a session that ends while it is open shows its certificate on the next visit.
  const [openedAt] = useState(() => Date.now());
  const creditNotes = order.refunds.flatMap((r) => (r.status === 'done' && r.creditNoteNumber ? [r.creditNoteNumber] : []));
  // Issue 51: a company order's training agreement, and its attendance certificate once a session ended.
  const sessions = order.orderItems.flatMap((line) => (line.session ? [line.session] : []));
  const company = order.invoiceTo !== null && sessions.length > 0 && order.status !== 'cancelled' && order.status !== 'expired';
  const ended =
    (order.status === 'paid' || order.status === 'learned') && sessions.some((s) => Date.parse(s.endsAt) <= openedAt);
  if (!order.invoiceNumber && creditNotes.length === 0 && !company && !ended) return null;
  return (
    <>
      {company && (
        <DocumentButton
          orderId={order._id}
          useDownload={useDownloadAgreementMutation}
          filename={`agreement-${order._id.slice(0, 8)}.pdf`}
          label={t('checkout.order.downloadAgreement')}
          preparing={t('checkout.order.preparingDocument')}
        />
      )}
      {ended && (
        <DocumentButton
          orderId={order._id}
          useDownload={useDownloadAttendanceCertificateMutation}
          filename={`attendance-${order._id.slice(0, 8)}.pdf`}
          label={t('checkout.order.downloadAttendance')}
          preparing={t('checkout.order.preparingDocument')}
        />
      )}
      {order.invoiceNumber && (
        <DocumentButton
          orderId={order._id}
          useDownload={useDownloadInvoiceMutation}
          filename={`invoice-${order.invoiceNumber}.pdf`}
          label={t('checkout.order.downloadInvoice')}
          preparing={t('checkout.order.preparingInvoice')}
        />
      )}
      {creditNotes.map((number) => (
        <CreditNoteButton
          key={number}
          orderId={order._id}
          number={number}
          label={
            creditNotes.length > 1
              ? t('checkout.order.downloadCreditNoteNumber', { number })
              : t('checkout.order.downloadCreditNote')
          }
        />
      ))}
    </>
  );
}
