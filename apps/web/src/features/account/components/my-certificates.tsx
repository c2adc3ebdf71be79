import type { CertificateListItem } from '@shop/shared';
import { useCertificateCourse } from '@/lib/i18n/course-text';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { DownloadButton } from '@/components/ui/download-button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useDownloadCertificateMutation, useGetCertificatesQuery } from '@/lib/api/certificates';
import { formatDate } from '@/lib/format';
import { useAppSelector } from '@/stores/hooks';

import { linkedInAddUrl } from './linkedin';
import './my-certificates.css';

/** The certificate's PDF (it needs the sign-in token). */
function CertificateDownload({ certificate, forOther }: { certificate: CertificateListItem; forOther: boolean }) {
  const { t } = useTranslation();
  const courseOf = useCertificateCourse();
  const [download, result] = useDownloadCertificateMutation();
  return (
    <DownloadButton
      state={result}
      onDownload={() => void download(certificate._id)}
      filename={`certificate-${certificate._id}.pdf`}
      label={t('certificates.mine.download')}
      preparing={t('certificates.mine.preparing')}
      className="button button--small"
      ariaLabel={
        forOther
          ? t('certificates.mine.downloadLabelFor', { course: courseOf(certificate), name: certificate.learner })
          : t('certificates.mine.downloadLabel', { course: courseOf(certificate) })
      }
    />
  );
}

function CertificateItem({ certificate, me }: { certificate: CertificateListItem; me: string | undefined }) {
  const { t } = useTranslation();
  // Issue 51: a buyer also sees the certificates of the people they named; each says whose it is.
  const forOther = certificate.learner !== me;
  const courseOf = useCertificateCourse();
  const checkPath = paths.certificate(certificate._id);
  const valid = certificate.status === 'valid';
  return (
    <li className="certificate-item">
      <h3 className="certificate-item__course">
        <bdi>{courseOf(certificate)}</bdi>
      </h3>
      {forOther && (
        <p className="certificate-item__learner">
          {t('certificates.check.learner')} <bdi>{certificate.learner}</bdi>
        </p>
      )}
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
        <CertificateDownload certificate={certificate} forOther={forOther} />
        {valid && (
          <a
            className="button button--small button--ghost"
            href={linkedInAddUrl(certificate, `${window.location.origin}${checkPath}`)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('certificates.mine.linkedinLabel', { course: courseOf(certificate) })}
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
  const me = useAppSelector((s) => s.user.userInfo?.name);
  if (isLoading) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!data?.certificates.length) return <p className="message message--info">{t('certificates.mine.none')}</p>;
  return (
    <ul className="certificate-list">
      {data.certificates.map((certificate) => (
        <CertificateItem key={certificate._id} certificate={certificate} me={me} />
      ))}
    </ul>
  );
}
