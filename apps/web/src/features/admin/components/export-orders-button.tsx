import { errorMessage } from '@/lib/api/errors';
import { useTranslation } from 'react-i18next';

import { useExportOrdersMutation, type OrderFilterArgs } from '../api/admin';
import { saveDownload } from '@/lib/save-download';

/** Downloads the CSV of the orders the list's filters select (every page). */
export function ExportOrdersButton({ filters }: { filters: Record<string, string | undefined> }) {
  const { t } = useTranslation();
  const [exportOrders, exporting] = useExportOrdersMutation();

  const onExport = async () => {
    try {
      const url = await exportOrders(filters as OrderFilterArgs).unwrap();
      saveDownload(url, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
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
