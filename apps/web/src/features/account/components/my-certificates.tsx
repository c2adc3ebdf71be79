import type { CertificateListItem } from '@shop/shared';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDownloadCertificateMutation, useGetCertificatesQuery } from '@/lib/api/certificates';
import { errorMessage } from '@/lib/api/errors';
import { formatDate } from '@/lib/format';

import { linkedInAddUrl } from './linkedin';
import './my-certificates.css';

/** The PDF needs the sign-in token: fetched first, then a hidden link hands it to the browser. */
function DownloadButton({ certificate }: { certificate: CertificateListItem }) {
  const { t } = useTranslation();
  const [download, result] = useDownloadCertificateMutation();
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const url = result.data;
    if (!url || !link.current) return;
    link.current.href = url;
    link.current.click();
    const timer = setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return () => clearTimeout(timer);
  }, [result.data]);
  return (
    <>
      <button
        type="button"
        className="button button--small"
        disabled={result.isLoading}
        aria-label={t('certificates.mine.downloadLabel', { course: certificate.course })}
        onClick={() => void download(certificate._id)}
      >
        {result.isLoading ? t('certificates.mine.preparing') : t('certificates.mine.download')}
      </button>
      <a ref={link} hidden download={`certificate-${certificate._id}.pdf`} aria-hidden="true" tabIndex={-1}>
        {t('certificates.mine.download')}
      </a>
      {result.error && (
        <p className="message message--error" role="alert">
          {errorMessage(result.error)}
        </p>
      )}
    </>
  );
}

function CertificateItem({ certificate }: { certificate: CertificateListItem }) {
  const { t } = useTranslation();
  const checkPath = paths.certificate(certificate._id);
  const valid = certificate.status === 'valid';
  return (
    <li className="certificate-item">
      <h3 className="certificate-item__course">{certificate.course}</h3>
      <p className="certificate-item__meta">
        {formatDate(certificate.issuedAt)} · {certificate.centre} ·{' '}
        <span className={`status ${valid ? 'status--yes' : 'status--no'}`}>
          {valid
            ? t('certificates.status.valid')
            : certificate.replacedBy
              ? t('certificates.mine.replaced')
              : t('certificates.mine.revokedOn', { date: formatDate(certificate.revokedAt) })}
        </span>
      </p>
      <div className="certificate-item__actions">
        <DownloadButton certificate={certificate} />
        {valid && (
          <a
            className="button button--small button--ghost"
            href={linkedInAddUrl(certificate, `${window.location.origin}${checkPath}`)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('certificates.mine.linkedinLabel', { course: certificate.course })}
          >
            {t('certificates.mine.linkedin')}
          </a>
        )}
        <Link to={checkPath}>{t('certificates.mine.checkPage')}</Link>
      </div>
    </li>
  );
}

/** The signed-in learner's certificates (issue 35), newest first: download, LinkedIn, check page. */
export function MyCertificates() {
  const { t } = useTranslation();
  const { data, isLoading, error, refetch } = useGetCertificatesQuery({ limit: 100 });
  if (isLoading) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data?.certificates.length) return <p className="message message--info">{t('certificates.mine.none')}</p>;
  return (
    <ul className="certificate-list">
      {data.certificates.map((certificate) => (
        <CertificateItem key={certificate._id} certificate={certificate} />
      ))}
    </ul>
  );
}
