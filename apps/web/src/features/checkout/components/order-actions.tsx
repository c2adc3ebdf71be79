import type { Order } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { useCancelOrderMutation, useDownloadInvoiceMutation } from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

/**
 * Cancel (the customer while unpaid; an admin also once paid, which records a refund), each
 * after a confirmation, and the invoice download once paid.
 */
export function OrderActions({ order, isAdmin }: { order: Order; isAdmin: boolean }) {
  const { t } = useTranslation();
  const [cancelOrder, cancellation] = useCancelOrderMutation();
  const [downloadInvoice, invoice] = useDownloadInvoiceMutation();
  const link = useRef<HTMLAnchorElement>(null);
  const canCancel = order.status === 'pending' || (isAdmin && order.status === 'paid');
  const hasInvoice =
    (order.status === 'paid' || order.status === 'learned') && !!order.invoiceNumber;

  // Once the PDF is fetched, the hidden link hands it to the browser, then the URL is freed.
  useEffect(() => {
    const url = invoice.data;
    if (!url || !link.current) return;
    link.current.href = url;
    link.current.click();
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [invoice.data]);

  const onCancel = () => {
    if (
      !window.confirm(
        order.status === 'paid' ? t('common.confirmRefund') : t('common.confirmCancel'),
      )
    )
      return;
    void cancelOrder(order._id);
  };

  if (!canCancel && !hasInvoice) return null;
  const error = cancellation.error ?? invoice.error;
  return (
    <div className="admin-order-actions">
      {hasInvoice && (
        <>
          <button
            type="button"
            className="button button--ghost button--block"
            disabled={invoice.isLoading}
            onClick={() => void downloadInvoice(order._id)}
          >
            {invoice.isLoading
              ? t('checkout.order.preparingInvoice')
              : t('checkout.order.downloadInvoice')}
          </button>
          {/* The download itself: the PDF needs the sign-in token, so it is fetched first. */}
          <a
            ref={link}
            hidden
            download={`invoice-${order.invoiceNumber}.pdf`}
            aria-hidden="true"
            tabIndex={-1}
          >
            {t('checkout.order.downloadInvoice')}
          </a>
        </>
      )}
      {canCancel && (
        <button
          type="button"
          className="button button--danger button--block"
          disabled={cancellation.isLoading}
          onClick={onCancel}
        >
          {cancellation.isLoading ? t('checkout.order.cancelling') : t('common.cancelOrder')}
        </button>
      )}
      {error && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </div>
  );
}
