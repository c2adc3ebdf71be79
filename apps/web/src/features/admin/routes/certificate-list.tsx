import type { CertificateListItem } from '@shop/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetCertificatesQuery, useReissueCertificateMutation } from '@/lib/api/certificates';
import { i18n } from '@/lib/i18n';
import { CertificatesTable } from '../components/certificates-table';
import { ActionError } from '../components/list-error';
import { ListFilters, type FilterField } from '../components/list-filters';
import { PagedList } from '../components/paged-list';
import { RevokeCertificateForm } from '../components/revoke-certificate-form';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';
import '../components/certificates.css';

const FILTER_KEYS = ['q'] as const;
/** Built at render time: the label follows the chosen language. */
const filterFields = (): FilterField<(typeof FILTER_KEYS)[number]>[] => [
  { name: 'q', label: i18n.t('certificates.admin.search'), kind: 'search' },
];

/** /admin/certificates (issue 35): every certificate, searchable; revoke with a reason, re-issue. */
export function CertificateListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const { data, error, isLoading, isFetching } = useGetCertificatesQuery({ ...filters, page, limit: ADMIN_PAGE_SIZE });
  const [revoking, setRevoking] = useState<CertificateListItem | undefined>();
  const [reissue, reissued] = useReissueCertificateMutation();

  const onReissue = (certificate: CertificateListItem) => {
    if (!window.confirm(t('certificates.admin.confirmReissue'))) return;
    void reissue(certificate._id);
  };

  return (
    <section className="container page" aria-labelledby="admin-certificates-title">
      <header className="admin-screen__header">
        <h1 id="admin-certificates-title" className="page__title">
          {t('certificates.admin.title')}
        </h1>
      </header>
      <ListFilters
        label={t('certificates.admin.filtersLabel')}
        fields={filterFields()}
        values={filters}
        onApply={setFilters}
      />
      <ActionError error={reissued.error} />
      {reissued.data && (
        <p className="message message--success" role="status">
          {t('certificates.admin.reissued', { id: reissued.data._id })}
        </p>
      )}
      {revoking && (
        <RevokeCertificateForm key={revoking._id} certificate={revoking} onDone={() => setRevoking(undefined)} />
      )}
      <PagedList
        label={t('certificates.admin.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.certificates.length}
        total={data?.total}
      >
        {data && (
          <CertificatesTable
            certificates={data.certificates}
            onRevoke={setRevoking}
            onReissue={onReissue}
            busyId={reissued.isLoading ? reissued.originalArgs : undefined}
          />
        )}
      </PagedList>
    </section>
  );
}
