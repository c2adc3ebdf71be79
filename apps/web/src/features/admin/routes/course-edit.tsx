import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetCourseQuery } from '@/lib/api/courses';
import { errorMessage } from '@/lib/api/errors';
import { text } from '@/lib/i18n';
import { CourseEditForm } from '../components/course-edit-form';
import '../components/admin-form.css';

/** /admin/course/:id/edit */
export function CourseEditRoute() {
  const id = useParams().id ?? '';
  // The form starts from the server's current values, never from an older cache entry.
  const {
    data: course,
    error,
    isFetching,
  } = useGetCourseQuery(id, { refetchOnMountOrArgChange: true });

  return (
    <section className="container page admin-edit" aria-labelledby="admin-course-edit-title">
      <Link className="button button--ghost button--small admin-edit__back" to={paths.adminCourses}>
        {text.admin.goBack}
      </Link>
      <h1 id="admin-course-edit-title" className="page__title">
        {text.admin.courseEdit.title}
      </h1>
      {isFetching ? (
        <Spinner />
      ) : error || !course ? (
        <p className="message message--error admin-form__summary" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        // Keyed by id: the form starts from this course's values, with no effect to sync them.
        <CourseEditForm key={course._id} course={course} />
      )}
    </section>
  );
}
