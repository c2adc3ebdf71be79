import type { Order, TtnRecord } from '@shop/shared';
import { useId, useState } from 'react';
import { DownloadButton } from '@/components/ui/download-button';
import { errorMessage, type ApiError } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';
import {
  useDownloadCreditNoteXmlMutation,
  useDownloadInvoiceXmlMutation,
  useRecordCreditNoteTtnMutation,
  useRecordInvoiceTtnMutation,
} from '@/lib/api/orders';
import { useTranslation } from 'react-i18next';

/** The El Fatoora reference of one document: the one recorded (with its date) and a form to record or change it. */
function TtnForm({
  title,
  recorded,
  onSave,
  state,
}: {
  title: string;
  recorded: TtnRecord | null;
  /** Resolves once recorded (the field is then emptied: the recorded reference shows above). */
  onSave: (reference: string) => Promise<unknown>;
  state: { isLoading: boolean; error?: ApiError };
}) {
  const { t } = useTranslation();
  const [reference, setReference] = useState('');
  const [blank, setBlank] = useState(false);
  const inputId = useId();
  const hintId = useId();
  return (
    <form
      className="field"
      onSubmit={(event) => {
        event.preventDefault();
        const value = reference.trim();
        setBlank(value === '');
        if (value !== '') void onSave(value).then(() => setReference(''), () => undefined);
      }}
    >
      <p>
        <strong>{title}: </strong>
        {recorded ? (
          <>
            {/* The reference reads left to right in an Arabic sentence too. */}
            <bdi dir="ltr">{recorded.reference}</bdi> {t('admin.einvoice.recordedOn', { date: formatDate(recorded.recordedAt) })}
          </>
        ) : (
          t('admin.einvoice.none')
        )}
      </p>
      <label htmlFor={inputId} className="field__label">
        {recorded ? t('admin.einvoice.change') : t('admin.einvoice.reference')}
      </label>
      <input
        id={inputId}
        className="field__input"
        maxLength={70}
        dir="ltr"
        aria-describedby={hintId}
        aria-invalid={blank || undefined}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
      />
      <p id={hintId} className="admin-form__hint">
        {t('admin.einvoice.hint')}
      </p>
      <button type="submit" className="button button--block" disabled={state.isLoading}>
        {state.isLoading ? t('checkout.order.working') : t('admin.einvoice.save')}
      </button>
      {blank && (
        <p className="message message--error" role="alert">
          {t('admin.einvoice.required')}
        </p>
      )}
      {!blank && state.error && (
        <p className="message message--error" role="alert">
          {errorMessage(state.error)}
        </p>
      )}
    </form>
  );
}

function InvoiceTtn({ order, number }: { order: Order; number: string }) {
  const { t } = useTranslation();
  const [record, state] = useRecordInvoiceTtnMutation();
  const [download, downloaded] = useDownloadInvoiceXmlMutation();
  return (
    <>
      <TtnForm
        title={t('admin.einvoice.invoice', { number })}
        recorded={order.invoiceTtn}
        onSave={(reference) => record({ id: order._id, reference }).unwrap()}
        state={state}
      />
      <DownloadButton
        state={downloaded}
        onDownload={() => void download(order._id)}
        filename={`invoice-${number}.xml`}
        label={t('admin.einvoice.downloadInvoiceXml')}
        preparing={t('checkout.order.preparingDocument')}
      />
    </>
  );
}

function CreditNoteTtn({ order, number, recorded }: { order: Order; number: string; recorded: TtnRecord | null }) {
  const { t } = useTranslation();
  const [record, state] = useRecordCreditNoteTtnMutation();
  const [download, downloaded] = useDownloadCreditNoteXmlMutation();
  return (
    <>
      <TtnForm
        title={t('admin.einvoice.creditNote', { number })}
        recorded={recorded}
        onSave={(reference) => record({ id: order._id, reference, number }).unwrap()}
        state={state}
      />
      <DownloadButton
        state={downloaded}
        onDownload={() => void download({ id: order._id, number })}
        filename={`credit-note-${number}.xml`}
        label={t('admin.einvoice.downloadCreditNoteXml', { number })}
        preparing={t('checkout.order.preparingDocument')}
      />
    </>
  );
}

/**
 * Admin only (issue 52): the invoice's and each credit note's TEIF file to upload on El Fatoora,
 * and the unique reference El Fatoora gave back, recorded so the PDF copies carry it.
 */
export function AdminEInvoice({ order }: { order: Order }) {
  const { t } = useTranslation();
  const creditNotes = order.refunds.flatMap((r) =>
    r.status === 'done' && r.creditNoteNumber ? [{ number: r.creditNoteNumber, recorded: r.creditNoteTtn }] : [],
  );
  if (!order.invoiceNumber && creditNotes.length === 0) return null;
  return (
    <section className="admin-e-invoice" aria-labelledby="admin-e-invoice">
      <h3 id="admin-e-invoice" className="summary-card__title">
        {t('admin.einvoice.title')}
      </h3>
      {order.invoiceNumber && <InvoiceTtn order={order} number={order.invoiceNumber} />}
      {creditNotes.map((note) => (
        <CreditNoteTtn key={note.number} order={order} number={note.number} recorded={note.recorded} />
      ))}
    </section>
  );
}
