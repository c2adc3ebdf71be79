import { ADMIN_COURSE_SORTS, CATEGORIES, type AdminCourseSort, type Course } from '@shop/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import {
  useCreateCourseMutation,
  useDeleteCourseMutation,
  useGetDraftCoursesQuery,
} from '@/lib/api/courses';
import { useTranslation } from 'react-i18next';
import { i18n } from '@/lib/i18n';
import { useGetAdminCoursesQuery } from '../api/admin';
import { CoursesTable } from '../components/courses-table';
import { yesNoOptions } from '../components/filter-options';
import { ListFilters, type FilterField } from '../components/list-filters';
import { ActionError } from '../components/list-error';
import { PagedList } from '../components/paged-list';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import { useUrlFilters } from '../hooks/use-url-filters';
import '../components/admin-list.css';

const FILTER_KEYS = ['q', 'status', 'category', 'soldOut', 'sort'] as const;
/** Built at render time: the labels follow the chosen language. */
const filterFields = (): FilterField<(typeof FILTER_KEYS)[number]>[] => [
  { name: 'q', label: i18n.t('admin.courses.search'), kind: 'search' },
  // Published by default: the drafts have their own table above the list.
  {
    name: 'status',
    label: i18n.t('admin.courses.statusFilter'),
    kind: 'select',
    options: [
      { value: 'draft', label: i18n.t('admin.courses.statuses.draft') },
      { value: 'all', label: i18n.t('admin.courses.statuses.all') },
    ],
    emptyLabel: i18n.t('admin.courses.statuses.published'),
  },
  {
    name: 'category',
    label: i18n.t('admin.courses.categoryFilter'),
    kind: 'select',
    options: CATEGORIES.map((c) => ({ value: c, label: c })),
  },
  {
    name: 'soldOut',
    label: i18n.t('admin.courses.soldOutFilter'),
    kind: 'select',
    options: yesNoOptions(),
  },
  {
    name: 'sort',
    label: i18n.t('admin.filters.sort'),
    kind: 'select',
    options: ADMIN_COURSE_SORTS.filter((s) => s !== 'date_desc').map((s) => ({
      value: s,
      label: i18n.t(`admin.courses.sorts.${s}`),
    })),
    emptyLabel: i18n.t('admin.courses.sorts.date_desc'),
  },
];

/** /admin/courselist: newest first by default, so a course just added is on the first page. */
export function CourseListRoute() {
  const { t } = useTranslation();
  const page = usePage();
  const [filters, setFilters] = useUrlFilters(FILTER_KEYS);
  const { data, error, isLoading, isFetching } = useGetAdminCoursesQuery({
    ...filters,
    status:
      filters.status === 'all' ? undefined : filters.status === 'draft' ? 'draft' : 'published',
    soldOut:
      filters.soldOut === 'true' || filters.soldOut === 'false' ? filters.soldOut : undefined,
    sort: filters.sort as AdminCourseSort | undefined,
    page,
    limit: ADMIN_PAGE_SIZE,
  });
  const drafts = useGetDraftCoursesQuery();
  const [deleteCourse, deletion] = useDeleteCourseMutation();
  const [createCourse, creation] = useCreateCourseMutation();
  const navigate = useNavigate();

  const onDelete = (course: Course) => {
    if (!window.confirm(t('admin.confirmDelete'))) return;
    void deleteCourse(course._id);
  };

  // ADD creates a blank course (a draft, docs/product.md#rules "New courses") on the server, then opens its edit page.
  const onAdd = async () => {
    try {
      const course = await createCourse().unwrap();
      await navigate(paths.adminCourseEdit(course._id));
    } catch {
      // The refusal shows on the ActionError line, from the mutation's state.
    }
  };

  return (
    <section className="container page" aria-labelledby="admin-courses-title">
      <header className="admin-screen__header">
        <h1 id="admin-courses-title" className="page__title">
          {t('admin.courses.title')}
        </h1>
        <button
          type="button"
          className="button button--small"
          onClick={onAdd}
          disabled={creation.isLoading}
        >
          {creation.isLoading ? t('admin.courses.adding') : t('admin.courses.add')}
        </button>
      </header>
      <ListFilters
        label={t('admin.courses.filtersLabel')}
        fields={filterFields()}
        values={filters}
        onApply={setFilters}
      />
      <ActionError error={creation.error ?? deletion.error} />
      {!!drafts.data?.length && (
        <section className="admin-drafts" aria-labelledby="admin-drafts-title">
          <h2 id="admin-drafts-title" className="admin-drafts__title">
            {t('admin.courses.draftsTitle')}
          </h2>
          <p className="admin-drafts__intro">{t('admin.courses.draftsIntro')}</p>
          <CoursesTable
            courses={drafts.data}
            caption={t('admin.courses.draftsCaption')}
            onDelete={onDelete}
            deletingId={deletion.isLoading ? deletion.originalArgs : undefined}
          />
        </section>
      )}
      <PagedList
        label={t('admin.courses.title')}
        page={page}
        isLoading={isLoading}
        isFetching={isFetching}
        error={error}
        rows={data?.courses.length}
        total={data?.total}
      >
        {data && (
          <CoursesTable
            courses={data.courses}
            onDelete={onDelete}
            deletingId={deletion.isLoading ? deletion.originalArgs : undefined}
          />
        )}
      </PagedList>
    </section>
  );
}
