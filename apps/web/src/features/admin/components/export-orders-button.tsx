import { errorMessage } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

import { useExportOrdersMutation, type OrderFilterArgs } from '../api/admin';

/** Downloads the CSV of the orders the list's filters select (every page). */
export function ExportOrdersButton({ filters }: { filters: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  const [exportOrders, exporting] = useExportOrdersMutation();

  const onExport = async () => {
    try {
      const url = await exportOrders(filters as OrderFilterArgs).unwrap();
      const link = document.createElement('a');
      link.href = url;
      link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has started the download; the object URL can go.
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // Shown below from the mutation's state.
    }
  };

  return (
    <div className="admin-export">
      <button
        type="button"
        className="button button--small"
        onClick={() => void onExport()}
        disabled={exporting.isLoading}
      >
        {exporting.isLoading ? t('admin.orders.exporting') : t('admin.orders.export')}
      </button>
      {exporting.error && (
        <p className="admin-form__hint" role="alert">
          {errorMessage(exporting.error)}
        </p>
      )}
    </div>
  );
}
