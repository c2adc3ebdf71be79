import type { Certificate } from '@shop/shared';
import { useCertificateCourse } from '@/lib/i18n/course-text';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useGetCertificateQuery } from '@/lib/api/certificates';
import { formatDate } from '@/lib/format';

import { useNoindex } from '../components/use-noindex';
import '../components/certificates.css';

/**
 * /certificates/{id} (issue 35): the public check page the certificate's QR code leads to.
 * Valid or revoked (with the date and reason); the learner's name, the course, the dates and
 * the centre, nothing else. Never indexed.
 */
export function CertificateCheckRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetCertificateQuery(id);
  useNoindex();

  return (
    <section className="container page certificate-check" aria-labelledby="certificate-check-title">
      <h1 id="certificate-check-title" className="page__title">
        {error && 'status' in error && error.status === 404 ? t('certificates.check.notFoundTitle') : t('certificates.check.title')}
      </h1>
      {isLoading ? (
        <Spinner label={t('certificates.check.loading')} />
      ) : data ? (
        <CertificateCard certificate={data} />
      ) : error && 'status' in error && error.status === 404 ? (
        <p className="message message--error" role="alert">
          {t('certificates.check.notFound')}
        </p>
      ) : (
        <QueryError error={error} onRetry={() => void refetch()} />
      )}
    </section>
  );
}

function CertificateCard({ certificate }: { certificate: Certificate }) {
  const { t } = useTranslation();
  const courseOf = useCertificateCourse();
  const valid = certificate.status === 'valid';
  return (
    <article className={`certificate-card certificate-card--${certificate.status}`}>
      <p className={`message ${valid ? 'message--success' : 'message--error'} certificate-card__state`} role="status">
        <span aria-hidden="true">{valid ? '✓ ' : '✕ '}</span>
        <strong>{t(`certificates.status.${certificate.status}`)}</strong>
        {' · '}
        {valid
          ? t('certificates.check.valid')
          : t('certificates.check.revoked', { date: formatDate(certificate.revokedAt) })}
      </p>
      {!valid && certificate.reason && (
        <p className="certificate-card__reason">
          <strong>{t('certificates.check.reason')}:</strong> <span>{certificate.reason}</span>
        </p>
      )}
      <dl className="certificate-card__facts">
        <div>
          <dt>{t('certificates.check.learner')}</dt>
          <dd className="certificate-card__learner">{certificate.learner}</dd>
        </div>
        <div>
          <dt>{t('certificates.check.course')}</dt>
          <dd>
            <bdi>{courseOf(certificate)}</bdi>
          </dd>
        </div>
        {certificate.session && (
          <div>
            <dt>{t('certificates.check.session')}</dt>
            <dd>
              {t('certificates.check.sessionDates', {
                from: formatDate(certificate.session.startsAt),
                to: formatDate(certificate.session.endsAt),
              })}
            </dd>
          </div>
        )}
        <div>
          <dt>{t('certificates.check.issuedAt')}</dt>
          <dd>{formatDate(certificate.issuedAt)}</dd>
        </div>
        {certificate.centre && (
          <div>
            <dt>{t('certificates.check.centre')}</dt>
            <dd>{certificate.centre}</dd>
          </div>
        )}
        <div>
          <dt>{t('certificates.check.id')}</dt>
          <dd>
            <code dir="ltr">{certificate._id}</code>
          </dd>
        </div>
      </dl>
    </article>
  );
}
