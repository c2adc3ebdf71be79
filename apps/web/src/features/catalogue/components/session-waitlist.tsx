import { WAITLIST_SEATS_MAX, type Session, type WaitlistEntry } from '@shop/shared';
import { CountOptions } from '@/components/ui/count-options';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { useJoinWaitlistMutation, useLeaveWaitlistMutation } from '@/lib/api/waitlist';
import { formatDateTime } from '@/lib/format';
import { formatSessionDates } from '@/lib/sessions';
import './session-waitlist.css';

/**
 * The waitlists of a course's full sessions (issue 34), under the session picker: signed out,
 * a link to sign in; signed in, the seats wanted (1 to 10) and "Join the waitlist", then the place
 * in line and "Leave the waitlist". Sessions with seats held for the customer show the offer instead (they are in the
 * picker with those seats).
 */
export function SessionWaitlist({
  courseId,
  sessions,
  entries,
  signedIn,
}: {
  courseId: string;
  /** The sessions as the page shows them (offers counted): the full ones get a waitlist box. */
  sessions: Session[];
  entries: readonly WaitlistEntry[] | undefined;
  signedIn: boolean;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const mine = new Map((entries ?? []).map((e) => [e.session._id, e]));
  const offered = (entries ?? []).filter((e) => e.offer && e.session.course === courseId);
  // The course page lists sessions not ended nor cancelled: a full one there can be waited for.
  const full = sessions.filter((s) => s.status === 'full');
  if (full.length === 0 && offered.length === 0) return null;
  return (
    <div className="session-waitlist">
      {offered.map((entry) => (
        <p
          key={entry.session._id}
          className="message message--success session-waitlist__offer"
          role="status"
        >
          {entry.offer?.expiresAt
            ? t('sessions.waitlist.offer', {
                count: entry.offer.seats,
                dates: formatSessionDates(entry.session),
                until: formatDateTime(entry.offer.expiresAt),
              })
            : t('sessions.waitlist.offerNow', {
                count: entry.offer?.seats ?? 1,
                dates: formatSessionDates(entry.session),
              })}
        </p>
      ))}
      {full.map((session) => (
        <WaitlistBox
          key={session._id}
          courseId={courseId}
          session={session}
          entry={mine.get(session._id)}
          signedIn={signedIn}
          here={location.pathname + location.search}
        />
      ))}
    </div>
  );
}

function WaitlistBox({
  courseId,
  session,
  entry,
  signedIn,
  here,
}: {
  courseId: string;
  session: Session;
  entry: WaitlistEntry | undefined;
  signedIn: boolean;
  here: string;
}) {
  const { t } = useTranslation();
  const [join, joining] = useJoinWaitlistMutation();
  const [leave, leaving] = useLeaveWaitlistMutation();
  const [seats, setSeats] = useState(1);
  const seatsId = useId();
  const dates = formatSessionDates(session);
  const error = joining.error ?? leaving.error;
  return (
    <div className="session-waitlist__box" data-session={session._id}>
      <p className="session-waitlist__title">
        {t('sessions.waitlist.fullSession', { dates })}
        {session.waiting > 0 && (
          <span className="session-waitlist__waiting">
            {' '}
            · {t('sessions.waitlist.waiting', { count: session.waiting })}
          </span>
        )}
      </p>
      {!signedIn ? (
        <Link className="button button--small button--ghost" to={paths.login(here)}>
          {t('sessions.waitlist.signIn')}
        </Link>
      ) : entry ? (
        <>
          <p className="session-waitlist__position" role="status">
            {t('sessions.waitlist.position', { position: entry.position })}
          </p>
          <button
            type="button"
            className="button button--small button--ghost"
            disabled={leaving.isLoading}
            aria-label={t('sessions.waitlist.leaveOf', { dates })}
            onClick={() => void leave({ sessionId: session._id, courseId })}
          >
            {t('sessions.waitlist.leave')}
          </button>
        </>
      ) : (
        <>
          <span className="session-waitlist__seats">
            <label htmlFor={seatsId}>{t('sessions.waitlist.seats')}</label>
            <select
              id={seatsId}
              className="field__input"
              value={seats}
              aria-label={t('sessions.waitlist.seatsOf', { dates })}
              onChange={(event) => setSeats(Number(event.target.value))}
            >
              <CountOptions max={WAITLIST_SEATS_MAX} />
            </select>
          </span>
          <button
            type="button"
            className="button button--small"
            disabled={joining.isLoading}
            aria-label={t('sessions.waitlist.joinOf', { dates })}
            onClick={() => void join({ sessionId: session._id, courseId, seats })}
          >
            {t('sessions.waitlist.join')}
          </button>
        </>
      )}
      {error && (
        <p className="message message--error" role="alert">
          {t('sessions.waitlist.failed')}
        </p>
      )}
    </div>
  );
}
