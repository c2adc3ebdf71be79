import { i18n } from '@/lib/i18n';

export function Spinner({ label = i18n.t('common.loading') }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__ring" aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
