import { useId, useState } from 'react';
import { errorMessage } from '@/lib/api/errors';
import { saveDownload } from '@/lib/save-download';
import { useTranslation } from 'react-i18next';

import { useExportInvoicesMutation } from '../api/admin';

/** Today in Tunis as `YYYY-MM-DD` (the shop's invoices are dated in Tunis days). */
function tunisToday(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Tunis', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The previous calendar month in Tunis days: its first and last day. */
export function lastMonth(now = new Date()): { from: string; to: string } {
  const [year, month] = tunisToday(now).split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, month - 2, 1));
  const end = new Date(Date.UTC(year, month - 1, 0));
  return { from: start.toISOString().slice(0, 10), to: end.toISOString().slice(0, 10) };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Issue 52: the accountant's export, a ZIP of every invoice and credit note (PDF + TEIF XML,
 * with a CSV index) issued in a period of Tunis days; last month by default.
 */
export function ExportInvoices() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState(() => lastMonth());
  const [problem, setProblem] = useState<string | null>(null);
  const [exportInvoices, exporting] = useExportInvoicesMutation();
  const fromId = useId();
  const toId = useId();

  const onExport = async () => {
    if (!DAY.test(period.from) || !DAY.test(period.to)) return setProblem(t('admin.invoiceExport.missingDay'));
    if (period.from > period.to) return setProblem(t('admin.invoiceExport.badPeriod'));
    setProblem(null);
    try {
      const url = await exportInvoices(period).unwrap();
      saveDownload(url, `invoices-${period.from}-${period.to}.zip`);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  return (
    <form
      className="admin-invoice-export"
      aria-labelledby={`${fromId}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        void onExport();
      }}
    >
      <h2 id={`${fromId}-title`} className="admin-invoice-export__title">
        {t('admin.invoiceExport.title')}
      </h2>
      <p className="admin-form__hint">{t('admin.invoiceExport.hint')}</p>
      <div className="admin-invoice-export__days">
        <label htmlFor={fromId} className="field__label">
          {t('admin.invoiceExport.from')}
          <input
            id={fromId}
            type="date"
            className="field__input"
            value={period.from}
            onChange={(event) => setPeriod((p) => ({ ...p, from: event.target.value }))}
          />
        </label>
        <label htmlFor={toId} className="field__label">
          {t('admin.invoiceExport.to')}
          <input
            id={toId}
            type="date"
            className="field__input"
            value={period.to}
            onChange={(event) => setPeriod((p) => ({ ...p, to: event.target.value }))}
          />
        </label>
      </div>
      <button type="submit" className="button button--small" disabled={exporting.isLoading}>
        {exporting.isLoading ? t('admin.invoiceExport.exporting') : t('admin.invoiceExport.download')}
      </button>
      {(problem ?? exporting.error) && (
        <p className="admin-form__hint message message--error" role="alert">
          {problem ?? errorMessage(exporting.error)}
        </p>
      )}
    </form>
  );
}
