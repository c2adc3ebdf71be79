import type { RosterRow, Session } from '@shop/shared';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { useFocusBackOnClose } from '@/components/ui/use-focus-back';
import { errorMessage } from '@/lib/api/errors';
import { api } from '@/lib/api/base';
import { useGetCourseQuery } from '@/lib/api/courses';
import { formatSessionDates, isBookable, sessionsOf } from '@/lib/sessions';
import { useAppDispatch } from '@/stores/hooks';
import { movedTags, useMoveLearnerMutation } from '../api/move';
import './move-learner.css';

interface Props {
  /** The session of the roster (its course's other sessions are offered). */
  session: Pick<Session, '_id' | 'course' | 'startsAt' | 'endsAt'>;
  row: Pick<RosterRow, 'order' | 'learner' | 'qty' | 'status'>;
}

/** Only orders holding seats move (decision 0397): pending or paid. */
const MOVABLE = new Set<RosterRow['status']>(['pending', 'paid']);

/**
 * A roster row's "Move" button (issue 34, decision 0396): opens a small dialog listing the
 * course's other open sessions with seats left; confirming moves the order's seats there
 * (`POST /api/sessions/{id}/move`). The outcome shows in the dialog; closing it after a move
 * refreshes the rosters and the course (the row then leaves this roster).
 */
export function MoveLearner({ session, row }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useFocusBackOnClose(open, button);
  if (!MOVABLE.has(row.status)) return null;
  const close = () => setOpen(false);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button button--ghost button--small"
        aria-label={t('admin.moveLearner.buttonLabel', { name: row.learner.name })}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {t('admin.moveLearner.button')}
      </button>
      {/* Over the whole page (not inside the table cell): a modal dialog. */}
      {open &&
        createPortal(<MoveDialog session={session} row={row} onClose={close} />, document.body)}
    </>
  );
}

function MoveDialog({ session, row, onClose }: Props & { onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const introId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const course = useGetCourseQuery(session.course, { refetchOnMountOrArgChange: true });
  const [move, result] = useMoveLearnerMutation();
  const [picked, setPicked] = useState('');
  const [missing, setMissing] = useState(false);
  const moved = result.isSuccess ? result.originalArgs?.to : undefined;

  const others = sessionsOf(course.data).filter((s) => s._id !== session._id && isBookable(s));
  const datesOf = (id: string) => {
    const found = sessionsOf(course.data).find((s) => s._id === id);
    return found ? formatSessionDates(found) : '';
  };

  useEffect(() => {
    dialog.current?.querySelector<HTMLElement>('h2')?.focus();
  }, []);

  const finish = () => {
    // After a move both rosters and the course's seats are read again (the row leaves this roster).
    if (moved) dispatch(api.util.invalidateTags(movedTags(session._id, moved, session.course)));
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!picked) {
      setMissing(true);
      return;
    }
    const answer = await move({ session: session._id, order: row.order, to: picked });
    // Refused (seats taken meanwhile, a session closed): the list shows the seats as they are now.
    if ('error' in answer) void course.refetch();
  };

  /** Escape closes; Tab stays inside the dialog (it is modal over the roster). */
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      finish();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [
      ...dialog.current.querySelectorAll<HTMLElement>(
        'button:not([disabled]), input:not([disabled]), [tabindex="0"]',
      ),
    ];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const error = missing
    ? t('admin.moveLearner.pick')
    : result.error
      ? t('admin.moveLearner.failed', { reason: errorMessage(result.error) })
      : '';

  return (
    <div
      className="move-learner__backdrop"
      onClick={(e) => e.target === e.currentTarget && finish()}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={introId}
        className="move-learner"
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="move-learner__title" tabIndex={-1}>
          <bdi>{t('admin.moveLearner.title', { name: row.learner.name })}</bdi>
        </h2>
        <p id={introId}>
          {t('admin.moveLearner.intro', { count: row.qty, dates: formatSessionDates(session) })}
        </p>
        {moved ? (
          <>
            <p className="message message--success" role="status">
              {t('admin.moveLearner.done', { name: row.learner.name, dates: datesOf(moved) })}
            </p>
            <div className="move-learner__actions">
              <button type="button" className="button" onClick={finish}>
                {t('admin.moveLearner.close')}
              </button>
            </div>
          </>
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate>
            {course.isLoading ? (
              <Spinner label={t('admin.moveLearner.loading')} />
            ) : course.error ? (
              <p className="message message--error" role="alert">
                {errorMessage(course.error)}
              </p>
            ) : others.length === 0 ? (
              <p className="message message--info">{t('admin.moveLearner.none')}</p>
            ) : (
              <fieldset className="move-learner__choices" aria-invalid={missing || undefined}>
                <legend className="move-learner__legend">{t('admin.moveLearner.legend')}</legend>
                {others.map((s) => {
                  const tooFew = s.seatsLeft < row.qty;
                  return (
                    <label
                      key={s._id}
                      className={`move-learner__choice${tooFew ? ' move-learner__choice--off' : ''}`}
                    >
                      <input
                        type="radio"
                        name="move-target"
                        value={s._id}
                        checked={picked === s._id}
                        disabled={tooFew}
                        onChange={() => {
                          setPicked(s._id);
                          setMissing(false);
                        }}
                      />
                      <span>
                        <strong>{formatSessionDates(s)}</strong>
                        <span className="move-learner__detail">
                          <bdi>{s.schedule}</bdi> · <bdi>{s.place}</bdi>
                        </span>
                        <span className="move-learner__detail">
                          {t('admin.moveLearner.seatsLeft', { count: s.seatsLeft })}
                          {tooFew && ` · ${t('admin.moveLearner.tooFew')}`}
                        </span>
                      </span>
                    </label>
                  );
                })}
              </fieldset>
            )}
            {error && (
              <p className="message message--error" role="alert">
                {error}
              </p>
            )}
            <div className="move-learner__actions">
              {others.length > 0 && (
                <button type="submit" className="button button--accent" disabled={result.isLoading}>
                  {result.isLoading
                    ? t('admin.moveLearner.moving')
                    : t('admin.moveLearner.confirm')}
                </button>
              )}
              <button type="button" className="button button--ghost" onClick={finish}>
                {t('admin.moveLearner.cancel')}
              </button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
