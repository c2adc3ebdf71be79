import type { Course } from '@shop/shared';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import {
  useCreateCourseMutation,
  useDeleteCourseMutation,
  useGetCoursesQuery,
  useGetDraftCoursesQuery,
} from '@/lib/api/courses';
import { text } from '@/lib/i18n';
import { CoursesTable } from '../components/courses-table';
import { ActionError } from '../components/list-error';
import { PagedList } from '../components/paged-list';
import { ADMIN_PAGE_SIZE, usePage } from '../hooks/use-page';
import '../components/admin-list.css';

/** /admin/courselist: newest first, so a course just added is on the first page. */
export function CourseListRoute() {
  const page = usePage();
  const { data, error, isLoading, isFetching } = useGetCoursesQuery({
    page,
    limit: ADMIN_PAGE_SIZE,
    sort: 'date',
  });
  const drafts = useGetDraftCoursesQuery();
  const [deleteCourse, deletion] = useDeleteCourseMutation();
  const [createCourse, creation] = useCreateCourseMutation();
  const navigate = useNavigate();

  const onDelete = (course: Course) => {
    if (!window.confirm(text.admin.confirmDelete)) return;
    void deleteCourse(course._id);
  };

  // SPEC §4: ADD creates a blank course on the server, then opens its edit page.
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
          {text.admin.courses.title}
        </h1>
        <button
          type="button"
          className="button button--small"
          onClick={onAdd}
          disabled={creation.isLoading}
        >
          {creation.isLoading ? text.admin.courses.adding : text.admin.courses.add}
        </button>
      </header>
      <ActionError error={creation.error ?? deletion.error} />
      {!!drafts.data?.length && (
        <section className="admin-drafts" aria-labelledby="admin-drafts-title">
          <h2 id="admin-drafts-title" className="admin-drafts__title">
            {text.admin.courses.draftsTitle}
          </h2>
          <p className="admin-drafts__intro">{text.admin.courses.draftsIntro}</p>
          <CoursesTable
            courses={drafts.data}
            caption={text.admin.courses.draftsCaption}
            onDelete={onDelete}
            deletingId={deletion.isLoading ? deletion.originalArgs : undefined}
          />
        </section>
      )}
      <PagedList
        label={text.admin.courses.title}
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
