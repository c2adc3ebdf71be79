import type { RosterRow, SessionDetail, SessionLearnedResult } from '@shop/shared';
import { sessionDays, tunisDay } from '@shop/shared';
import { useCallback, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DownloadButton } from '@/components/ui/download-button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage, type ApiError } from '@/lib/api/errors';
import { formatSessionDates } from '@/lib/sessions';
import { useAppDispatch } from '@/stores/hooks';
import {
  rosterApi,
  useDownloadAttendanceCsvMutation,
  useGetRosterQuery,
  useGetSessionDetailQuery,
  useMarkLearnedMutation,
  useSaveAttendanceMutation,
} from '../api/roster';
import { AdminTable } from '../components/admin-table';
import { formatRosterDay } from '../components/roster-days';
import { MoveLearner } from '../components/move-learner';
import { SignInSheet } from '../components/sign-in-sheet';
import '../components/admin-list.css';
import '../components/roster.css';

/** Below this width (a phone) one day is shown at a time, picked above the table. */
const NARROW = '(max-width: 47.99rem)';
/** More days than this: one day at a time on any screen (a long course has dozens). */
const DAYS_SHOWN_MAX = 7;

function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () =>
    typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false,
  );
}

/** /admin/session/:id — a session's learners, their attendance, the sign-in sheet and "mark learned" (issue 34). */
export function SessionRosterRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const detail = useGetSessionDetailQuery(id, { refetchOnMountOrArgChange: true });
  const roster = useGetRosterQuery(id, { refetchOnMountOrArgChange: true });
  const session = detail.data;
  const error = (detail.error ?? roster.error) as ApiError;

  return (
    <section className="container page roster-screen" aria-labelledby="admin-roster-title">
      {session && (
        <Link
          className="button button--ghost button--small admin-edit__back roster-screen__back"
          to={paths.adminCourseEdit(session.course)}
        >
          {t('roster.back')}
        </Link>
      )}
      <h1 id="admin-roster-title" className="page__title">
        {session ? `${t('roster.title')}: ${session.courseName}` : t('roster.title')}
      </h1>
      {error ? (
        <div className="message message--error roster-screen__error" role="alert">
          <p>{t('roster.error', { reason: errorMessage(error) })}</p>
          <button
            type="button"
            className="button button--small"
            onClick={() => {
              void detail.refetch();
              void roster.refetch();
            }}
          >
            {t('roster.retry')}
          </button>
        </div>
      ) : !session || !roster.data ? (
        <Spinner label={t('roster.loading')} />
      ) : (
        <Roster session={session} rows={roster.data} />
      )}
    </section>
  );
}

function Roster({ session, rows }: { session: SessionDetail; rows: RosterRow[] }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dayPickerId = useId();
  const days = sessionDays(session.startsAt, session.endsAt, session.meetings);
  const narrow = useMediaQuery(NARROW);
  const today = tunisDay(new Date());
  const [pickedDay, setPickedDay] = useState(days.includes(today) ? today : (days[0] ?? ''));
  const oneDay = narrow || days.length > DAYS_SHOWN_MAX;
  const shownDays = oneDay ? [pickedDay] : days;

  const [saveAttendance] = useSaveAttendanceMutation();
  const queue = useRef(Promise.resolve());
  const pending = useRef(0);
  const [saving, setSaving] = useState<'idle' | 'saving' | 'saved'>('idle');
  const [saveError, setSaveError] = useState('');
  /**
   * The ticks made since the last answer, shown at once: the roster's optimistic patch reaches the
   * screen only on the store's next notice (RTK batches its query patches to the next frame), and
   * meanwhile React puts a controlled box back as it was — a click that seemed not to take on a
   * busy phone (and the CI journey's `check()`, which reads the box right after its click).
   */
  const [ticked, setTicked] = useState<ReadonlyMap<string, boolean>>(new Map());
  const tickKey = (learner: string, day: string) => `${learner}|${day}`;
  /** Whether a learner shows present on a day: the tick just made, else the roster's. */
  const shownPresent = (row: RosterRow, day: string) =>
    ticked.get(tickKey(row.learner._id, day)) ?? row.attendance[day] ?? false;

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [markLearned, marking] = useMarkLearnedMutation();
  const [report, setReport] = useState<SessionLearnedResult | null>(null);
  const [downloadCsv, csv] = useDownloadAttendanceCsvMutation();

  const taken = session.capacity - session.seatsLeft;
  // Issue 49: an order is learned only from the Tunis day its session ends, never in a cancelled one.
  const lastDay = tunisDay(session.endsAt);
  const learnBlocked =
    session.status === 'cancelled'
      ? t('roster.learnCancelled')
      : today < lastDay
        ? t('roster.learnNotYet', { day: formatRosterDay(lastDay) })
        : '';
  const learnHintId = `${dayPickerId}-learn-hint`;
  const paidOrders = rows.filter((row) => row.status === 'paid').map((row) => row.order);
  const nameOfOrder = new Map(rows.map((row) => [row.order, row.learner.name]));

  /**
   * A tick saves its day at once: the screen changes first (optimistic), the day's learners
   * present go to the API; saves run one after the other so the last tick's list is the last
   * saved. A refused save puts the tick back and says why.
   */
  const tick = (row: RosterRow, day: string, present: boolean) => {
    setSaveError('');
    const learner = row.learner._id;
    const presentIds = [
      ...new Set(
        rows
          .filter((r) => (r.learner._id === learner ? present : shownPresent(r, day)))
          .map((r) => r.learner._id),
      ),
    ];
    const patch = dispatch(
      rosterApi.util.updateQueryData('getRoster', session._id, (draft) => {
        for (const r of draft) if (r.learner._id === learner) r.attendance[day] = present;
      }),
    );
    const key = tickKey(learner, day);
    setTicked((before) => new Map(before).set(key, present));
    pending.current += 1;
    setSaving('saving');
    queue.current = queue.current.then(async () => {
      try {
        const answer = await saveAttendance({
          session: session._id,
          date: day,
          present: presentIds,
        }).unwrap();
        pending.current -= 1;
        // The server's roster once no other tick waits (an earlier answer would undo later ticks on screen).
        if (pending.current === 0) {
          dispatch(rosterApi.util.updateQueryData('getRoster', session._id, () => answer));
          setTicked(new Map());
          setSaving('saved');
        }
      } catch (err) {
        pending.current -= 1;
        patch.undo();
        setTicked((before) => {
          const after = new Map(before);
          after.delete(key);
          return after;
        });
        setSaving('idle');
        setSaveError(
          t('roster.saveFailed', {
            name: row.learner.name,
            day: formatRosterDay(day),
            reason: errorMessage(err as ApiError),
          }),
        );
      }
    });
  };

  const toggleSelected = (order: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(order);
      else next.delete(order);
      return next;
    });

  const onMarkLearned = async () => {
    setReport(null);
    try {
      const results = await markLearned({ session: session._id, orders: [...selected] }).unwrap();
      setReport(results);
      setSelected(new Set());
    } catch {
      // The request's error shows below the button.
    }
  };

  // Issue 51: an order may seat several named learners, each a row: the counts are of rows (learners), not orders.
  const learnersOf = (orders: ReadonlySet<string>) => rows.filter((row) => orders.has(row.order)).length;
  const selectedLearners = learnersOf(selected);
  const learnedCount = learnersOf(new Set(report?.filter((r) => r.result === 'learned').map((r) => r.order)));
  const refused = report?.filter((r) => r.result === 'refused') ?? [];
  const allPaidSelected = paidOrders.length > 0 && paidOrders.every((order) => selected.has(order));

  return (
    <>
      <dl className="roster-screen__facts">
        <div>
          <dt>{t('roster.facts.dates')}</dt>
          <dd>{formatSessionDates(session)}</dd>
        </div>
        <div>
          <dt>{t('roster.facts.schedule')}</dt>
          <dd>{session.schedule}</dd>
        </div>
        <div>
          <dt>{t('roster.facts.place')}</dt>
          <dd>{session.place}</dd>
        </div>
        <div>
          <dt>{t('roster.facts.seats')}</dt>
          <dd>
            <bdi dir="ltr">
              {t('roster.facts.seatsValue', { taken, capacity: session.capacity })}
            </bdi>
          </dd>
        </div>
      </dl>
      {session.status === 'cancelled' && (
        <p className="message message--error">{t('roster.cancelledNote')}</p>
      )}

      <div className="roster-screen__toolbar">
        <button
          type="button"
          className="button button--accent button--small"
          disabled={selected.size === 0 || marking.isLoading || learnBlocked !== ''}
          aria-describedby={learnBlocked ? learnHintId : undefined}
          onClick={() => void onMarkLearned()}
        >
          {marking.isLoading
            ? t('roster.marking')
            : selected.size === 0
              ? t('roster.markLearned')
              : t('roster.markLearnedCount', { count: selectedLearners })}
        </button>
        <DownloadButton
          state={csv}
          onDownload={() => void downloadCsv(session._id)}
          filename={`attendance-${days[0] ?? 'session'}.csv`}
          label={t('roster.csv')}
          preparing={t('roster.csvPreparing')}
          className="button button--ghost button--small"
        />
        <button
          type="button"
          className="button button--ghost button--small"
          onClick={() => window.print()}
        >
          {t('roster.print')}
        </button>
      </div>
      {learnBlocked && (
        <p id={learnHintId} className="admin-form__hint roster-screen__learn-hint">
          {learnBlocked}
        </p>
      )}
      {marking.error && (
        <p className="message message--error" role="alert">
          {errorMessage(marking.error)}
        </p>
      )}
      <div className="roster-screen__report" role="status">
        {report && (
          <>
            <p>
              {learnedCount > 0
                ? t('roster.learnedDone', { count: learnedCount })
                : t('roster.learnedNone')}
            </p>
            {refused.length > 0 && (
              <>
                <p>{t('roster.refusedTitle')}</p>
                <ul>
                  {refused.map((r) => {
                    const name = nameOfOrder.get(r.order) ?? r.order;
                    return (
                      <li key={r.order}>
                        {r.reason === 'SESSION_NOT_OVER'
                          ? t('roster.refusedNotOver', { name, day: formatRosterDay(lastDay) })
                          : r.code === 409
                          ? t('roster.refusedState', { name })
                          : r.code === 404
                            ? t('roster.refusedGone', { name })
                            : t('roster.refusedOther', { name, reason: r.message ?? '' })}
                      </li>
                    );
                  })}
                </ul>
              </>
            )}
          </>
        )}
      </div>

      {rows.length === 0 ? (
        <p className="roster-screen__empty">{t('roster.empty')}</p>
      ) : (
        <>
          {oneDay && (
            <div className="field roster-screen__day">
              <label className="field__label" htmlFor={dayPickerId}>
                {t('roster.day')}
              </label>
              <select
                id={dayPickerId}
                className="field__input"
                value={pickedDay}
                aria-describedby={`${dayPickerId}-hint`}
                onChange={(e) => setPickedDay(e.target.value)}
              >
                {days.map((day) => (
                  <option key={day} value={day}>
                    {formatRosterDay(day)}
                  </option>
                ))}
              </select>
              <p id={`${dayPickerId}-hint`} className="admin-form__hint">
                {t('roster.dayHint')}
              </p>
            </div>
          )}
          <p className="roster-screen__saving" role="status">
            {saving === 'saving' ? t('roster.saving') : saving === 'saved' ? t('roster.saved') : ''}
          </p>
          {saveError && (
            <p className="message message--error" role="alert">
              {saveError}
            </p>
          )}
          <AdminTable
            caption={t('roster.caption')}
            head={
              <>
                <th scope="col" className="roster-table__select">
                  <input
                    type="checkbox"
                    aria-label={t('roster.selectAllPaid')}
                    checked={allPaidSelected}
                    disabled={paidOrders.length === 0}
                    onChange={(e) =>
                      setSelected(e.target.checked ? new Set(paidOrders) : new Set())
                    }
                  />
                </th>
                <th scope="col">{t('roster.columns.name')}</th>
                <th scope="col">{t('roster.columns.email')}</th>
                <th scope="col">{t('roster.columns.buyer')}</th>
                <th scope="col">{t('roster.columns.seats')}</th>
                <th scope="col">{t('roster.columns.state')}</th>
                {shownDays.map((day) => (
                  <th scope="col" key={day} className="roster-table__day">
                    {formatRosterDay(day)}
                  </th>
                ))}
                <th scope="col">{t('roster.columns.actions')}</th>
              </>
            }
          >
            {rows.map((row) => (
              // Issue 51: an order has a row per named learner, so the learner's id is the key.
              <tr key={row.named ? row.learner._id : `${row.order}:buyer`}>
                <td data-label={t('roster.columns.select')} className="roster-table__select">
                  <input
                    type="checkbox"
                    aria-label={t('roster.selectLearner', { name: row.learner.name })}
                    title={row.status === 'paid' ? undefined : t('roster.onlyPaid')}
                    checked={selected.has(row.order)}
                    disabled={row.status !== 'paid'}
                    onChange={(e) => toggleSelected(row.order, e.target.checked)}
                  />
                </td>
                <td data-label={t('roster.columns.name')}>
                  <bdi>{row.learner.name}</bdi>
                </td>
                <td data-label={t('roster.columns.email')}>
                  <bdi dir="ltr">{row.learner.email}</bdi>
                </td>
                <td data-label={t('roster.columns.buyer')} className="roster-table__buyer">
                  {/* Issue 51: who bought the seat, and the company invoiced, beside the learner. */}
                  {row.named ? <bdi>{row.buyer.name}</bdi> : t('roster.ownSeat')}
                  {row.company && (
                    <span className="roster-table__company">
                      <bdi>{row.company}</bdi>
                    </span>
                  )}
                </td>
                <td data-label={t('roster.columns.seats')}>{row.qty}</td>
                <td data-label={t('roster.columns.state')}>
                  <span className={`admin-status roster-status roster-status--${row.status}`}>
                    {t(`roster.status.${row.status}`)}
                  </span>
                </td>
                {shownDays.map((day) => (
                  <td key={day} data-label={formatRosterDay(day)} className="roster-table__day">
                    <input
                      type="checkbox"
                      className="roster-table__tick"
                      aria-label={t('roster.presentOn', {
                        name: row.learner.name,
                        day: formatRosterDay(day),
                      })}
                      checked={shownPresent(row, day)}
                      onChange={(e) => tick(row, day, e.target.checked)}
                    />
                  </td>
                ))}
                <td
                  data-label={t('roster.columns.actions')}
                  className="admin-actions roster-table__actions"
                >
                  <MoveLearner session={session} row={row} />
                </td>
              </tr>
            ))}
          </AdminTable>
        </>
      )}
      <SignInSheet session={session} rows={rows} days={days} />
    </>
  );
}
