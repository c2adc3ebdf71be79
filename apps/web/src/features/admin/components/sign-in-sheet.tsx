import type { RosterRow, SessionDetail } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { useGetShopInfoQuery } from '@/lib/api/shop';
import { formatSessionDates } from '@/lib/sessions';
import { formatRosterDay } from './roster-days';

/** Days per printed table: an A4 landscape page keeps each signature box wide enough to sign. */
export const SHEET_DAYS_PER_PAGE = 6;

/**
 * The printable sign-in sheet of a session (issue 34): hidden on screen, the only thing printed
 * (roster.css, `@media print`). Centre, course, session dates, schedule and place; one line per
 * learner and a column per day with room to sign, six days per page; the trainer's signature.
 * Printed by the browser, so Arabic names are shaped and laid out right to left as on screen.
 */
export function SignInSheet({
  session,
  rows,
  days,
}: {
  session: SessionDetail;
  rows: RosterRow[];
  days: string[];
}) {
  const { t } = useTranslation();
  const shop = useGetShopInfoQuery();
  // One line per learner, even with several orders in the session.
  const learners = [...new Map(rows.map((row) => [row.learner._id, row.learner])).values()];
  const pages: string[][] = [];
  for (let i = 0; i < days.length; i += SHEET_DAYS_PER_PAGE)
    pages.push(days.slice(i, i + SHEET_DAYS_PER_PAGE));
  if (pages.length === 0) pages.push([]);

  return (
    <div className="sign-in-sheet" aria-hidden="true" data-testid="sign-in-sheet">
      {pages.map((pageDays, index) => (
        <section key={pageDays[0] ?? index} className="sign-in-sheet__page">
          <h2 className="sign-in-sheet__title">{t('roster.sheet.title')}</h2>
          <dl className="sign-in-sheet__facts">
            <div>
              <dt>{t('roster.sheet.centre')}</dt>
              <dd>{shop.data?.name ?? ''}</dd>
            </div>
            <div>
              <dt>{t('roster.sheet.course')}</dt>
              <dd>{session.courseName}</dd>
            </div>
            <div>
              <dt>{t('roster.sheet.session')}</dt>
              <dd>
                <bdi>{formatSessionDates(session)}</bdi> · <bdi>{session.schedule}</bdi> ·{' '}
                <bdi>{session.place}</bdi>
              </dd>
            </div>
            {pages.length > 1 && (
              <div>
                <dt>{t('roster.day')}</dt>
                <dd>
                  {t('roster.sheet.page', {
                    from: formatRosterDay(pageDays[0] ?? ''),
                    to: formatRosterDay(pageDays.at(-1) ?? ''),
                  })}
                </dd>
              </div>
            )}
          </dl>
          <table className="sign-in-sheet__table">
            <thead>
              <tr>
                <th scope="col" className="sign-in-sheet__number">
                  {t('roster.sheet.number')}
                </th>
                <th scope="col">{t('roster.sheet.learner')}</th>
                {pageDays.map((day) => (
                  <th scope="col" key={day}>
                    {formatRosterDay(day)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {learners.map((learner, i) => (
                <tr key={learner._id}>
                  <td className="sign-in-sheet__number">{i + 1}</td>
                  <td className="sign-in-sheet__learner">
                    <bdi>{learner.name}</bdi>
                  </td>
                  {pageDays.map((day) => (
                    <td key={day} className="sign-in-sheet__sign" />
                  ))}
                </tr>
              ))}
              <tr className="sign-in-sheet__trainer">
                <td />
                <td>{t('roster.sheet.trainer')}</td>
                {pageDays.map((day) => (
                  <td key={day} className="sign-in-sheet__sign" />
                ))}
              </tr>
            </tbody>
          </table>
        </section>
      ))}
    </div>
  );
}
