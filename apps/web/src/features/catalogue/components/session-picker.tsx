import type { Session } from '@shop/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatSessionDates, isBookable, nextMeetings, placeOf, scheduleOf } from '@/lib/sessions';
import './session-picker.css';

/**
 * The upcoming sessions of a course as one radio group (issue 33): dates in Tunis time,
 * schedule, place and seats left; a full session shows "Full" and cannot be chosen.
 * Arrow keys move between the open ones (native radios).
 */
export function SessionPicker({
  sessions,
  value,
  onChange,
}: {
  sessions: Session[];
  value: string | null;
  onChange: (session: Session) => void;
}) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="session-picker">
      <legend className="session-picker__legend">{t('sessions.choose')}</legend>
      <ul className="session-picker__list">
        {sessions.map((session) => {
          const bookable = isBookable(session);
          const id = `${name}-${session._id}`;
          return (
            <li key={session._id}>
              <input
                className="session-picker__radio"
                type="radio"
                id={id}
                name={name}
                value={session._id}
                checked={value === session._id}
                disabled={!bookable}
                onChange={() => onChange(session)}
              />
              <label className="session-picker__option" htmlFor={id}>
                <span className="session-picker__dates">{formatSessionDates(session)}</span>
                <span className="session-picker__more">
                  <span>
                    <span className="visually-hidden">{t('sessions.schedule')}: </span>
                    {scheduleOf(session)}
                  </span>
                  <span>
                    <span className="visually-hidden">{t('sessions.place')}: </span>
                    {placeOf(session)}
                  </span>
                  {/* Issue 51: total hours and the trainer, when the centre gave them. */}
                  {session.hours !== null && session.hours !== undefined && (
                    <span>{t('sessions.hours', { count: session.hours })}</span>
                  )}
                  {session.trainer && <span>{t('sessions.trainer', { name: session.trainer })}</span>}
                  <span className={bookable ? 'session-picker__seats' : 'session-picker__full'}>
                    {bookable
                      ? t('sessions.seatsLeft', { count: session.seatsLeft })
                      : t('sessions.full')}
                  </span>
                </span>
                {nextMeetings(session).length > 0 && (
                  <span className="session-picker__meetings">
                    <span>{t('sessions.nextMeetings')}</span>
                    <ul>
                      {nextMeetings(session).map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  </span>
                )}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
