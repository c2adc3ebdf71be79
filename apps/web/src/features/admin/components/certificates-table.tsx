import type { CertificateListItem } from '@shop/shared';
import { useCertificateCourse } from '@/lib/i18n/course-text';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';

import { AdminTable } from './admin-table';
import './admin-list.css';

interface Props {
  certificates: CertificateListItem[];
  onRevoke: (certificate: CertificateListItem) => void;
  onReissue: (certificate: CertificateListItem) => void;
  /** The certificate being re-issued: its button waits for the server. */
  busyId?: string | undefined;
}

/** The admin's certificates (issue 35): id (to the check page), learner, course, date, status, actions. */
export function CertificatesTable({ certificates, onRevoke, onReissue, busyId }: Props) {
  const { t } = useTranslation();
  const courseOf = useCertificateCourse();
  return (
    <AdminTable
      caption={t('certificates.admin.caption')}
      head={
        <>
          <th scope="col">{t('certificates.admin.id')}</th>
          <th scope="col">{t('certificates.admin.learner')}</th>
          <th scope="col">{t('certificates.admin.course')}</th>
          <th scope="col">{t('certificates.admin.issuedAt')}</th>
          <th scope="col">{t('certificates.admin.status')}</th>
          <th scope="col">{t('certificates.admin.actions')}</th>
        </>
      }
    >
      {certificates.map((certificate) => (
        <tr key={certificate._id}>
          <td data-label={t('certificates.admin.id')} className="admin-table__id" title={certificate._id}>
            <Link to={paths.certificate(certificate._id)}>
              <code dir="ltr">{certificate._id}</code>
            </Link>
          </td>
          <td data-label={t('certificates.admin.learner')}>{certificate.learner}</td>
          <td data-label={t('certificates.admin.course')}>
            <bdi>{courseOf(certificate)}</bdi>
          </td>
          <td data-label={t('certificates.admin.issuedAt')}>{formatDate(certificate.issuedAt)}</td>
          <td data-label={t('certificates.admin.status')}>
            <span className={`admin-status admin-status--${certificate.status === 'valid' ? 'yes' : 'no'}`}>
              {t(`certificates.status.${certificate.status}`)}
            </span>
            {certificate.reason && <span className="certificate-row__reason"> · {certificate.reason}</span>}
            {certificate.replacedBy && (
              <span className="certificate-row__reason">
                {' · '}
                {t('certificates.admin.replacedBy', { id: certificate.replacedBy })}
              </span>
            )}
          </td>
          <td data-label={t('certificates.admin.actions')}>
            {!certificate.replacedBy && (
              <div className="certificate-row__actions">
                {certificate.status === 'valid' && (
                  <button
                    type="button"
                    className="button button--small button--danger"
                    aria-label={t('certificates.admin.revokeLabel', { name: certificate.learner })}
                    onClick={() => onRevoke(certificate)}
                  >
                    {t('certificates.admin.revoke')}
                  </button>
                )}
                <button
                  type="button"
                  className="button button--small button--ghost"
                  aria-label={t('certificates.admin.reissueLabel', { name: certificate.learner })}
                  disabled={busyId === certificate._id}
                  onClick={() => onReissue(certificate)}
                >
                  {t('certificates.admin.reissue')}
                </button>
              </div>
            )}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
