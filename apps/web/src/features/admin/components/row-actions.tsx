import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

import './admin-list.css';

interface Props {
  /** Column name, shown before the cell when the table stacks on a phone. */
  label: string;
  editTo: string;
  /** Accessible names naming the row ("Edit Amal"), since every row's buttons read the same. */
  editLabel: string;
  deleteLabel: string;
  onDelete: () => void;
  /** The row is being deleted: its button is disabled until the server answers. */
  deleting: boolean;
}

/** The last cell of an admin table row: EDIT link and DELETE button. */
export function RowActions({ label, editTo, editLabel, deleteLabel, onDelete, deleting }: Props) {
  const { t } = useTranslation();
  return (
    <td data-label={label}>
      <div className="admin-actions">
        <Link className="button button--ghost button--small" to={editTo} aria-label={editLabel}>
          {t('admin.edit')}
        </Link>
        <button
          type="button"
          className="button button--danger button--small"
          onClick={onDelete}
          disabled={deleting}
          aria-label={deleteLabel}
        >
          {t('admin.delete')}
        </button>
      </div>
    </td>
  );
}
