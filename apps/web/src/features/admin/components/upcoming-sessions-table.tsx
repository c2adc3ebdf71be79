import type { Stats } from '@shop/shared';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '@/config/paths';
import { currentLanguage, INTL_LOCALES } from '@/lib/i18n';
import { formatSessionDates } from '@/lib/sessions';
import { AdminTable } from './admin-table';

/**
 * The dashboard's upcoming sessions (issue 33) with their fill rate (seats taken / capacity),
 * soonest first, so the owner sees what to promote or cancel; each links to its course's page.
 */
export function UpcomingSessionsTable({
  sessions = [],
}: {
  sessions: Stats['upcomingSessions'] | undefined;
}) {
  const { t } = useTranslation();
  if (sessions.length === 0)
    return <p className="admin-list-empty">{t('sessions.admin.noUpcoming')}</p>;
  const percent = new Intl.NumberFormat(INTL_LOCALES[currentLanguage()], {
    style: 'percent',
    maximumFractionDigits: 0,
  });
  return (
    <AdminTable
      caption={t('sessions.admin.upcoming')}
      head={
        <>
          <th scope="col">{t('sessions.admin.course')}</th>
          <th scope="col">{t('sessions.admin.dates')}</th>
          <th scope="col">{t('sessions.admin.place')}</th>
          <th scope="col">{t('sessions.admin.seats')}</th>
          <th scope="col">{t('sessions.admin.fillRate')}</th>
        </>
      }
    >
      {sessions.map((s) => (
        <tr key={s._id}>
          <td data-label={t('sessions.admin.course')}>
            <Link to={paths.adminCourseEdit(s.course)}>{s.name}</Link>
          </td>
          <td data-label={t('sessions.admin.dates')}>{formatSessionDates(s)}</td>
          <td data-label={t('sessions.admin.place')}>{s.place}</td>
          <td data-label={t('sessions.admin.seats')} className="admin-table__nowrap">
            <bdi dir="ltr">
              {t('sessions.admin.fill', { taken: s.taken, capacity: s.capacity })}
            </bdi>
          </td>
          <td data-label={t('sessions.admin.fillRate')} className="admin-table__nowrap">
            {percent.format(s.fillRate)}
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
