import { sessionBodySchema, type AdminSession, type Session, type SessionBody } from '@shop/shared';
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { errorCode, errorMessage } from '@/lib/api/errors';
import { formatSessionDates, fromTunisInput, toTunisInput } from '@/lib/sessions';
import {
  useCancelSessionMutation,
  useCreateSessionMutation,
  useGetAdminSessionsQuery,
  useUpdateSessionMutation,
} from '../api/sessions';
import { generateMeetings } from './session-meetings';
import './course-sessions.css';

type Draft = {
  startsAt: string;
  endsAt: string;
  schedule: string;
  place: string;
  capacity: string;
  /** Issues 51 and 54. */
  scheduleFr: string;
  scheduleAr: string;
  placeFr: string;
  placeAr: string;
  hours: string;
  trainer: string;
  meetingUrl: string;
  /** Each meeting's start and end as `datetime-local` values on Tunis clocks. */
  meetings: { startsAt: string; endsAt: string }[];
};
const EMPTY: Draft = {
  startsAt: '',
  endsAt: '',
  schedule: '',
  place: '',
  capacity: '',
  scheduleFr: '',
  scheduleAr: '',
  placeFr: '',
  placeAr: '',
  hours: '',
  trainer: '',
  meetingUrl: '',
  meetings: [],
};
const FIELDS = [
  'startsAt',
  'endsAt',
  'schedule',
  'place',
  'capacity',
  'scheduleFr',
  'scheduleAr',
  'placeFr',
  'placeAr',
  'hours',
  'trainer',
  'meetingUrl',
  'meetings',
] as const;
type Field = (typeof FIELDS)[number];
/** A valid body whose dates a draft's replace, to check the dates alone. */
const EXAMPLE_BODY = { schedule: 'x', place: 'x', capacity: 1 };

function draftOf(session: Session | AdminSession): Draft {
  const admin = 'meetingUrl' in session ? session : null;
  const hours = admin ? admin.hoursSet : null;
  return {
    startsAt: toTunisInput(session.startsAt),
    endsAt: toTunisInput(session.endsAt),
    schedule: session.schedule,
    place: session.place,
    capacity: String(session.capacity),
    scheduleFr: session.scheduleFr ?? '',
    scheduleAr: session.scheduleAr ?? '',
    placeFr: session.placeFr ?? '',
    placeAr: session.placeAr ?? '',
    hours: hours === null ? '' : String(hours),
    trainer: session.trainer ?? '',
    meetingUrl: admin?.meetingUrl ?? '',
    meetings: (session.meetings ?? []).map((m) => ({ startsAt: toTunisInput(m.startsAt), endsAt: toTunisInput(m.endsAt) })),
  };
}

/** The draft as the API's body (dates read on Tunis clocks), or the problems of each field. */
function bodyOf(
  draft: Draft,
): { body: SessionBody } | { problems: Partial<Record<Field, string>> } {
  const parsed = sessionBodySchema.safeParse({
    startsAt: fromTunisInput(draft.startsAt),
    endsAt: fromTunisInput(draft.endsAt),
    schedule: draft.schedule,
    place: draft.place,
    capacity: draft.capacity.trim() === '' ? Number.NaN : Number(draft.capacity),
    scheduleFr: draft.scheduleFr,
    scheduleAr: draft.scheduleAr,
    placeFr: draft.placeFr,
    placeAr: draft.placeAr,
    hours: draft.hours.trim() === '' ? null : Number(draft.hours),
    trainer: draft.trainer.trim() === '' ? null : draft.trainer,
    meetingUrl: draft.meetingUrl.trim() === '' ? null : draft.meetingUrl,
    meetings: draft.meetings.map((m) => ({ startsAt: fromTunisInput(m.startsAt), endsAt: fromTunisInput(m.endsAt) })),
  });
  if (parsed.success) return { body: parsed.data };
  const problems: Partial<Record<Field, string>> = {};
  // The object's own rule (end after start) runs only once every field passes: check it here
  // too, so every problem shows at once.
  const check = sessionBodySchema.safeParse({
    ...EXAMPLE_BODY,
    startsAt: fromTunisInput(draft.startsAt),
    endsAt: fromTunisInput(draft.endsAt),
  });
  if (!check.success && check.error.issues.every((issue) => issue.path[0] === 'endsAt'))
    problems.endsAt = check.error.issues[0]?.message;
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as Field;
    problems[field] ??= issue.message;
  }
  return { problems };
}

/**
 * The Sessions section of the admin course edit page (issue 33): the course's sessions not
 * ended nor cancelled with seats taken / capacity, a form to add or edit one (dates on Tunis
 * clocks), and cancel after a confirmation. The API's refusals (409 capacity below the seats
 * taken) show as its message.
 */
export function CourseSessions({ courseId, sessions }: { courseId: string; sessions: Session[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  const [editing, setEditing] = useState<Session | 'new' | null>(null);
  const [confirming, setConfirming] = useState<Session | null>(null);
  const [notice, setNotice] = useState('');
  const [cancelSession, cancelled] = useCancelSessionMutation();
  // Issue 51: the admin's view of each session (meeting link, hours as set) for its form.
  const { data: adminSessions } = useGetAdminSessionsQuery(courseId);
  const adminOf = (session: Session) => adminSessions?.find((s) => s._id === session._id) ?? session;
  const addButton = useRef<HTMLButtonElement>(null);
  // The question just opened: its answer takes the focus (keyboard users land on it).
  const focusOnMount = useCallback((el: HTMLButtonElement | null) => el?.focus(), []);

  const confirmCancel = async (session: Session) => {
    try {
      await cancelSession({ _id: session._id, course: courseId }).unwrap();
      setConfirming(null);
      setNotice(t('sessions.admin.cancelled'));
    } catch {
      // The error shows under the confirmation.
    }
  };

  return (
    <section className="course-sessions" aria-labelledby={headingId}>
      <h2 id={headingId} className="course-sessions__title">
        {t('sessions.admin.heading')}
      </h2>
      <p className="course-sessions__notice" role="status">
        {notice}
      </p>
      {sessions.length === 0 ? (
        <p className="course-sessions__empty">{t('sessions.admin.empty')}</p>
      ) : (
        <ul className="course-sessions__list">
          {sessions.map((session) => {
            const dates = formatSessionDates(session);
            const taken = session.capacity - session.seatsLeft;
            return (
              <li key={session._id} className="course-sessions__item">
                <div className="course-sessions__facts">
                  <strong>{dates}</strong>
                  <span>{session.schedule}</span>
                  <span>{session.place}</span>
                  <span>
                    {t('sessions.admin.seats')}:{' '}
                    <bdi dir="ltr">
                      {t('sessions.admin.fill', { taken, capacity: session.capacity })}
                    </bdi>
                  </span>
                  <span
                    className={`course-sessions__status course-sessions__status--${session.status}`}
                  >
                    {t(`sessions.admin.status.${session.status}`)}
                  </span>
                </div>
                {session.status !== 'cancelled' && (
                  <div className="course-sessions__actions">
                    <Link
                      className="button button--ghost button--small"
                      to={paths.adminSessionRoster(session._id)}
                      aria-label={t('roster.linkOf', { dates })}
                    >
                      {t('roster.link')}
                    </Link>
                    <button
                      type="button"
                      className="button button--ghost button--small"
                      aria-label={t('sessions.admin.editOf', { dates })}
                      onClick={() => {
                        setConfirming(null);
                        setEditing(session);
                      }}
                    >
                      {t('sessions.admin.edit')}
                    </button>
                    <button
                      type="button"
                      className="button button--small course-sessions__danger"
                      aria-label={t('sessions.admin.cancelOf', { dates })}
                      onClick={() => {
                        cancelled.reset();
                        setEditing(null);
                        setConfirming(session);
                      }}
                    >
                      {t('sessions.admin.cancel')}
                    </button>
                  </div>
                )}
                {confirming?._id === session._id && (
                  <div
                    className="course-sessions__confirm"
                    role="group"
                    aria-labelledby={`${headingId}-${session._id}-confirm`}
                  >
                    <p id={`${headingId}-${session._id}-confirm`}>
                      {t('sessions.admin.confirmCancel', { dates })}{' '}
                      {t('sessions.admin.seatsTaken', { count: session.capacity - session.seatsLeft, capacity: session.capacity })}
                    </p>
                    <div className="course-sessions__actions">
                      <button
                        type="button"
                        className="button button--small course-sessions__danger"
                        disabled={cancelled.isLoading}
                        ref={focusOnMount}
                        onClick={() => void confirmCancel(session)}
                      >
                        {t('sessions.admin.confirmYes')}
                      </button>
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setConfirming(null)}
                      >
                        {t('sessions.admin.keep')}
                      </button>
                    </div>
                    {cancelled.error && (
                      <div className="message message--error" role="alert">
                        <p>{errorMessage(cancelled.error)}</p>
                        {/* Issue 49: a session that ran is kept; its roster shows who learned. */}
                        {errorCode(cancelled.error) === 'SESSION_HAS_LEARNED' && (
                          <p>
                            {t('sessions.admin.hasLearned')}{' '}
                            <Link to={paths.adminSessionRoster(session._id)}>
                              {t('roster.linkOf', { dates })}
                            </Link>
                          </p>
                        )}
                      </div>
                    )}
                  </div>
                )}
                {editing !== 'new' && editing?._id === session._id && (
                  <SessionForm
                    courseId={courseId}
                    session={adminOf(session)}
                    onDone={(saved) => {
                      setEditing(null);
                      if (saved) setNotice(t('sessions.admin.saved'));
                    }}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing === 'new' ? (
        <SessionForm
          courseId={courseId}
          onDone={(saved) => {
            setEditing(null);
            if (saved) setNotice(t('sessions.admin.saved'));
            addButton.current?.focus();
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="button button--small"
          onClick={() => {
            setConfirming(null);
            setEditing('new');
          }}
        >
          {t('sessions.admin.add')}
        </button>
      )}
    </section>
  );
}

/** Add (no `session`) or edit a session; `onDone(true)` once saved, `onDone(false)` on close. */
function SessionForm({
  courseId,
  session,
  onDone,
}: {
  courseId: string;
  session?: Session | AdminSession;
  onDone: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(session ? draftOf(session) : EMPTY);
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [createSession, created] = useCreateSessionMutation();
  const [updateSession, updated] = useUpdateSessionMutation();
  const saving = created.isLoading || updated.isLoading;
  const error = session ? updated.error : created.error;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = bodyOf(draft);
    if ('problems' in result) {
      setProblems(result.problems);
      const first = FIELDS.find((field) => result.problems[field]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setProblems({});
    try {
      if (session)
        await updateSession({ ...result.body, _id: session._id, course: courseId }).unwrap();
      else await createSession({ ...result.body, course: courseId }).unwrap();
      onDone(true);
    } catch {
      // The API's message shows below the form.
    }
  };

  const field = (name: Exclude<Field, 'meetings'>, label: string, input: Record<string, unknown>) => (
    <div className="field">
      <label className="field__label" htmlFor={`${id}-${name}`}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        className="field__input"
        value={draft[name]}
        onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={problems[name] ? `${id}-${name}-error` : undefined}
        {...input}
      />
      {problems[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {problems[name]}
        </p>
      )}
    </div>
  );

  return (
    <form
      className="course-sessions__form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-label={
        session
          ? t('sessions.admin.editOf', { dates: formatSessionDates(session) })
          : t('sessions.admin.add')
      }
    >
      <div className="course-sessions__row">
        {field('startsAt', t('sessions.admin.startsAt'), {
          type: 'datetime-local',
          required: true,
        })}
        {field('endsAt', t('sessions.admin.endsAt'), { type: 'datetime-local', required: true })}
      </div>
      {field('schedule', t('sessions.admin.schedule'), {
        placeholder: t('sessions.admin.schedulePlaceholder'),
        autoComplete: 'off',
        required: true,
      })}
      {field('place', t('sessions.admin.place'), {
        placeholder: t('sessions.admin.placePlaceholder'),
        autoComplete: 'off',
        required: true,
      })}
      {field('capacity', t('sessions.admin.capacity'), {
        type: 'number',
        inputMode: 'numeric',
        min: 1,
        required: true,
      })}
      <div className="course-sessions__row">
        {field('scheduleFr', t('sessions.admin.scheduleFr'), { autoComplete: 'off', lang: 'fr' })}
        {field('scheduleAr', t('sessions.admin.scheduleAr'), { autoComplete: 'off', lang: 'ar', dir: 'rtl' })}
      </div>
      <div className="course-sessions__row">
        {field('placeFr', t('sessions.admin.placeFr'), { autoComplete: 'off', lang: 'fr' })}
        {field('placeAr', t('sessions.admin.placeAr'), { autoComplete: 'off', lang: 'ar', dir: 'rtl' })}
      </div>
      <div className="course-sessions__row">
        {field('hours', t('sessions.admin.hours'), { type: 'number', inputMode: 'decimal', min: 0.5, max: 2000, step: 0.5 })}
        {field('trainer', t('sessions.admin.trainer'), { autoComplete: 'off', maxLength: 100 })}
      </div>
      {field('meetingUrl', t('sessions.admin.meetingUrl'), { type: 'url', placeholder: 'https://', autoComplete: 'off', dir: 'ltr' })}
      <MeetingsEditor
        draft={draft}
        setDraft={setDraft}
        problem={problems.meetings}
      />
      {error && (
        <p className="message message--error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div className="course-sessions__actions">
        <button type="submit" className="button button--accent button--small" disabled={saving}>
          {saving ? t('sessions.admin.saving') : t('sessions.admin.save')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => onDone(false)}
        >
          {t('sessions.admin.close')}
        </button>
      </div>
    </form>
  );
}

/**
 * The meetings of a session (issue 51): generated from weekdays and hours between the session's
 * start and end (e.g. Tue+Thu 18:00–20:00, Tunis time), then each editable or removable.
 */
function MeetingsEditor({
  draft,
  setDraft,
  problem,
}: {
  draft: Draft;
  setDraft: (update: (d: Draft) => Draft) => void;
  problem: string | undefined;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [weekdays, setWeekdays] = useState<number[]>([]);
  const [from, setFrom] = useState('18:00');
  const [to, setTo] = useState('20:00');
  const names = t('sessions.admin.weekdays', { returnObjects: true }) as unknown as string[];
  const generate = () =>
    setDraft((d) => ({ ...d, meetings: generateMeetings(d.startsAt, d.endsAt, weekdays, from, to) }));
  return (
    <fieldset className="course-sessions__meetings">
      <legend>{t('sessions.admin.meetings')}</legend>
      <p className="course-sessions__hint">{t('sessions.admin.meetingsHint')}</p>
      <div className="course-sessions__weekdays">
        {names.map((name, day) => (
          <label key={name}>
            <input
              type="checkbox"
              checked={weekdays.includes(day)}
              onChange={(e) =>
                setWeekdays((w) => (e.target.checked ? [...w, day].sort() : w.filter((x) => x !== day)))
              }
            />{' '}
            {name}
          </label>
        ))}
      </div>
      <div className="course-sessions__row">
        <label htmlFor={`${id}-from`}>
          {t('sessions.admin.from')}{' '}
          <input id={`${id}-from`} type="time" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label htmlFor={`${id}-to`}>
          {t('sessions.admin.to')}{' '}
          <input id={`${id}-to`} type="time" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="button" className="button button--ghost button--small" onClick={generate}>
          {t('sessions.admin.generate')}
        </button>
      </div>
      {draft.meetings.length > 0 && (
        <ol className="course-sessions__meeting-list">
          {draft.meetings.map((m, index) => (
            <li key={index}>
              <input
                type="datetime-local"
                aria-label={t('sessions.admin.meetingStart', { n: index + 1 })}
                value={m.startsAt}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    meetings: d.meetings.map((x, i) => (i === index ? { ...x, startsAt: e.target.value } : x)),
                  }))
                }
              />
              <input
                type="datetime-local"
                aria-label={t('sessions.admin.meetingEnd', { n: index + 1 })}
                value={m.endsAt}
                onChange={(e) =>
                  setDraft((d) => ({
                    ...d,
                    meetings: d.meetings.map((x, i) => (i === index ? { ...x, endsAt: e.target.value } : x)),
                  }))
                }
              />
              <button
                type="button"
                className="button button--ghost button--small"
                aria-label={t('sessions.admin.removeMeeting', { n: index + 1 })}
                onClick={() => setDraft((d) => ({ ...d, meetings: d.meetings.filter((_, i) => i !== index) }))}
              >
                ×
              </button>
            </li>
          ))}
        </ol>
      )}
      {problem && (
        <p className="field__error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  );
}
