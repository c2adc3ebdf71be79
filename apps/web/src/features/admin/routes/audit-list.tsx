import { AUDIT_ENTITIES, type AuditEntity, type AuditEventJson, type User } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useGetUsersQuery } from '@/lib/api/users';
import { formatDateTime } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { useGetAuditTrailQuery } from '../api/admin';
import { AdminTable } from '../components/admin-table';
import { ListFilters, type FilterField } from '../components/list-filters';
import { PagedList } from '../components/paged-list';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';
// `entityId` comes from an edit screen's Change history link; the form has no field for it.
const FILTER_KEYS = ['entity', 'entityId', 'action', 'actor', 'from', 'to'] as const;

/**
 * Who made the records: the admins (by name, e-mail to tell namesakes apart), and the user of
 * the URL when it is someone else (a customer's own orders), shown by id until it is known.
 */
function actorOptions(admins: readonly User[], actor: string | undefined) {
  const options = admins.map((a) => ({ value: a._id, label: `${a.name} (${a.email})` }));
  if (actor && !options.some((o) => o.value === actor))
    options.push({ value: actor, label: i18n.t('admin.audit.actorOther', { id: actor }) });
  return options;
}

/** Built at render time: the labels follow the chosen language. */
const filterFields = (
  admins: readonly User[],
  actor: string | undefined,
): FilterField<Exclude<(typeof FILTER_KEYS)[number], 'entityId'>>[] => [
  {
    name: 'entity',
    label: i18n.t('admin.audit.entity'),
    kind: 'select',
    options: AUDIT_ENTITIES.map((e) => ({ value: e, label: i18n.t(`admin.audit.entities.${e}`) })),
  },
  {
    name: 'action',
    label: i18n.t('admin.audit.action'),
    kind: 'select',
    options: Object.entries(i18n.t('admin.audit.actions', { returnObjects: true })).map(
      ([value, label]) => ({ value, label }),
    ),
  },
  {
    name: 'actor',
    label: i18n.t('admin.audit.actor'),
    kind: 'select',
    options: actorOptions(admins, actor),
  },
  { name: 'from', label: i18n.t('admin.filters.from'), kind: 'date' },
  { name: 'to', label: i18n.t('admin.filters.to'), kind: 'date' },
];

/** A value as a short line (a long description is cut: the course page has it whole). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return i18n.t('admin.audit.empty');
  const line = Array.isArray(value)
    ? value.join(', ') || i18n.t('admin.audit.empty')
    : typeof value === 'object'
      ? // A small record (a refund due: status, amount, provider): its set fields as "key: value".
        Object.entries(value)
          .filter(([, v]) => v !== null && v !== undefined && v !== '')
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join(', ') || i18n.t('admin.audit.empty')
      : String(value);
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The thing a record is about: a link to its screen while it can still exist. */
function Subject({ event }: { event: AuditEventJson }) {
  const { t } = useTranslation();
  const kind = t(`admin.audit.entities.${event.entity as AuditEntity}`) ?? event.entity;
  const to =
    event.action === 'deleted'
      ? undefined
      : event.entity === 'order'
        ? paths.order(event.entityId)
        : event.entity === 'user'
          ? paths.adminUserEdit(event.entityId)
          : event.entity === 'course'
            ? paths.adminCourseEdit(event.entityId)
            : undefined;
  return (
    <>
      {kind}{' '}
      {to ? (
        <Link to={to} className="admin-table__id" title={event.entityId}>
          {event.entityId}
        </Link>
      ) : (
        <span className="admin-table__id" title={event.entityId}>
          {event.entityId}
        </span>
      )}
    </>
  );
}

/** /admin/audit: every admin write (and the order history), newest first, filtered in the URL. */
export function AuditListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  // Every admin, by name (without page and limit the list answers all of them).
  const { data: admins } = useGetUsersQuery({ admin: 'true', sort: 'name_asc' });
  const { data, error, isLoading, isFetching } = useGetAuditTrailQuery({
    ...filters,
    entity: filters.entity as AuditEntity | undefined,
    page,
    limit: ADMIN_PAGE_SIZE,
  });

  return (
    <section className="container page" aria-labelledby="admin-audit-title">
      <header className="admin-screen__header">
        <h1 id="admin-audit-title" className="page__title">
          {t('admin.audit.title')}
        </h1>
      </header>
      <ListFilters
        label={t('admin.audit.title')}
        fields={filterFields(admins?.users ?? [], filters.actor)}
        values={filters}
        // The history of one thing stays so while its filters change.
        onApply={(next) => setFilters({ ...next, entityId: filters.entityId })}
      />
      {filters.entityId && (
        <p className="admin-form__hint">
          {t('admin.audit.oneThing', {
            kind: filters.entity
              ? t(`admin.audit.entities.${filters.entity as AuditEntity}`).toLowerCase()
              : '',
            id: filters.entityId,
          })}{' '}
          <Link to={paths.adminAudit}>{t('admin.audit.showAll')}</Link>
        </p>
      )}
      <PagedList
        label={t('admin.audit.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.events.length}
        total={data?.total}
      >
        {data && (
          <AdminTable
            caption={t('admin.audit.caption')}
            head={
              <>
                <th scope="col">{t('admin.audit.at')}</th>
                <th scope="col">{t('admin.audit.who')}</th>
                <th scope="col">{t('admin.audit.what')}</th>
                <th scope="col">{t('admin.audit.action')}</th>
                <th scope="col">{t('admin.audit.changes')}</th>
              </>
            }
          >
            {data.events.map((event) => (
              <tr key={event._id}>
                <td data-label={t('admin.audit.at')} className="admin-table__nowrap">
                  {formatDateTime(event.at)}
                </td>
                <td data-label={t('admin.audit.who')}>
                  {event.actor.name} ({t(`admin.audit.roles.${event.actor.role}`)})
                </td>
                <td data-label={t('admin.audit.what')}>
                  <Subject event={event} />
                </td>
                <td data-label={t('admin.audit.action')}>
                  {t(`admin.audit.actions.${event.action}`) ?? event.action}
                </td>
                <td data-label={t('admin.audit.changes')}>
                  <ul className="admin-audit__changes">
                    {Object.entries(event.changes).map(([field, change]) => (
                      <li key={field}>
                        {t('admin.audit.change', {
                          field,
                          from: shown(change.from),
                          to: shown(change.to),
                        })}
                      </li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </PagedList>
    </section>
  );
}
