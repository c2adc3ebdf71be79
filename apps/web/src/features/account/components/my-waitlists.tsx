import type { WaitlistEntry } from '@shop/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetMyWaitlistQuery, useLeaveWaitlistMutation } from '@/lib/api/waitlist';
import { formatDateTime } from '@/lib/format';
import { formatSessionDates } from '@/lib/sessions';
import './my-waitlists.css';
import { IsolatedParts } from '@/components/ui/isolated-parts';

/** The profile's "My waitlists" (issue 34): course, session dates, place in line, any offer, leave. */
export function MyWaitlists() {
  const { t } = useTranslation();
  const { data, error, isLoading, refetch } = useGetMyWaitlistQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  if (isLoading) return <Spinner label={t('sessions.waitlist.loading')} />;
  if (error || !data) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (data.length === 0)
    return <p className="my-waitlists__empty">{t('sessions.waitlist.empty')}</p>;
  return (
    <ul className="my-waitlists">
      {data.map((entry) => (
        <WaitlistItem key={entry.session._id} entry={entry} />
      ))}
    </ul>
  );
}

function WaitlistItem({ entry }: { entry: WaitlistEntry }) {
  const { t } = useTranslation();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const dates = formatSessionDates(entry.session);
  const { offer } = entry;
  return (
    <li className="my-waitlists__item">
      <h3 className="my-waitlists__course">
        <Link
          to={`${paths.course(entry.course._id)}?session=${encodeURIComponent(entry.session._id)}`}
        >
          {entry.course.name}
        </Link>
      </h3>
      <dl className="my-waitlists__facts">
        <div>
          <dt>{t('sessions.waitlist.session')}</dt>
          <dd>
            <IsolatedParts parts={[dates, entry.session.place]} />
          </dd>
        </div>
        <div>
          <dt>{t('sessions.waitlist.inLine')}</dt>
          <dd>{entry.position}</dd>
        </div>
        <div>
          <dt>{t('sessions.waitlist.offerTitle')}</dt>
          <dd className={offer ? 'status status--yes' : undefined}>
            {offer
              ? offer.expiresAt
                ? t('sessions.waitlist.held', {
                    count: offer.seats,
                    until: formatDateTime(offer.expiresAt),
                  })
                : t('sessions.waitlist.heldNow', { count: offer.seats })
              : t('sessions.waitlist.noOffer')}
          </dd>
        </div>
      </dl>
      <div className="my-waitlists__actions">
        {offer && (
          <Link
            className="button button--small button--accent"
            to={`${paths.course(entry.course._id)}?session=${encodeURIComponent(entry.session._id)}`}
          >
            {t('sessions.waitlist.book')}
          </Link>
        )}
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={leaving.isLoading}
          aria-label={t('sessions.waitlist.leaveOf', { dates })}
          onClick={() => void leave({ sessionId: entry.session._id, courseId: entry.course._id })}
        >
          {t('sessions.waitlist.leave')}
        </button>
      </div>
      {leaving.isError && (
        <p className="message message--error" role="alert">
          {t('sessions.waitlist.failed')}
        </p>
      )}
    </li>
  );
}
