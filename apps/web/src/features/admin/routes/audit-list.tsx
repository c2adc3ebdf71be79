import { AUDIT_ENTITIES, type AuditEntity, type AuditEventJson } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { text } from '@/lib/i18n';
import { useGetAuditTrailQuery } from '../api/admin';
import { AdminTable } from '../components/admin-table';
import { ListFilters, type FilterField } from '../components/list-filters';
import { PagedList } from '../components/paged-list';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';

const t = text.admin.audit;
// `entityId` comes from an edit screen's Change history link; the form has no field for it.
const FILTER_KEYS = ['entity', 'entityId', 'action', 'from', 'to'] as const;
const FIELDS: FilterField<Exclude<(typeof FILTER_KEYS)[number], 'entityId'>>[] = [
  {
    name: 'entity',
    label: t.entity,
    kind: 'select',
    options: AUDIT_ENTITIES.map((e) => ({ value: e, label: t.entities[e] })),
  },
  {
    name: 'action',
    label: t.action,
    kind: 'select',
    options: Object.entries(t.actions).map(([value, label]) => ({ value, label })),
  },
  { name: 'from', label: text.admin.filters.from, kind: 'date' },
  { name: 'to', label: text.admin.filters.to, kind: 'date' },
];

/** A value as a short line (a long description is cut: the course page has it whole). */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return t.empty;
  const line = Array.isArray(value) ? value.join(', ') || t.empty : String(value);
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}

/** The thing a record is about: a link to its screen while it can still exist. */
function Subject({ event }: { event: AuditEventJson }) {
  const kind = t.entities[event.entity as AuditEntity] ?? event.entity;
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
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
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
          {t.title}
        </h1>
      </header>
      <ListFilters
        label={t.title}
        fields={FIELDS}
        values={filters}
        // The history of one thing stays so while its filters change.
        onApply={(next) => setFilters({ ...next, entityId: filters.entityId })}
      />
      {filters.entityId && (
        <p className="admin-form__hint">
          {t.oneThing(t.entities[filters.entity as AuditEntity] ?? '', filters.entityId)}{' '}
          <Link to={paths.adminAudit}>{t.showAll}</Link>
        </p>
      )}
      <PagedList
        label={t.title}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.events.length}
        total={data?.total}
      >
        {data && (
          <AdminTable
            caption={t.caption}
            head={
              <>
                <th scope="col">{t.at}</th>
                <th scope="col">{t.who}</th>
                <th scope="col">{t.what}</th>
                <th scope="col">{t.action}</th>
                <th scope="col">{t.changes}</th>
              </>
            }
          >
            {data.events.map((event) => (
              <tr key={event._id}>
                <td data-label={t.at} className="admin-table__nowrap">
                  {formatDateTime(event.at)}
                </td>
                <td data-label={t.who}>
                  {event.actor.name} ({t.roles[event.actor.role]})
                </td>
                <td data-label={t.what}>
                  <Subject event={event} />
                </td>
                <td data-label={t.action}>{t.actions[event.action] ?? event.action}</td>
                <td data-label={t.changes}>
                  <ul className="admin-audit__changes">
                    {Object.entries(event.changes).map(([field, change]) => (
                      <li key={field}>{t.change(field, shown(change.from), shown(change.to))}</li>
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
