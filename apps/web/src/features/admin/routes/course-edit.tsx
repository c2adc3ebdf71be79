import { Link, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useGetCourseQuery } from '@/lib/api/courses';
import { errorMessage } from '@/lib/api/errors';
import { text } from '@/lib/i18n';
import { CourseEditForm } from '../components/course-edit-form';
import { useFreshSince } from '../hooks/use-fresh-query';
import '../components/admin-form.css';

/** /admin/course/:id/edit */
export function CourseEditRoute() {
  const id = useParams().id ?? '';
  const {
    data: course,
    error,
    fulfilledTimeStamp,
  } = useGetCourseQuery(id, {
    refetchOnMountOrArgChange: true,
  });
  const fresh = useFreshSince(fulfilledTimeStamp);

  return (
    <section className="container page admin-edit" aria-labelledby="admin-course-edit-title">
      <Link className="button button--ghost button--small admin-edit__back" to={paths.adminCourses}>
        {text.admin.goBack}
      </Link>
      <h1 id="admin-course-edit-title" className="page__title">
        {text.admin.courseEdit.title}
      </h1>
      {course && fresh ? (
        // Keyed by id: the form starts from this course's values, with no effect to sync them.
        <CourseEditForm key={course._id} course={course} />
      ) : error ? (
        <p className="message message--error admin-form__summary" role="alert">
          {errorMessage(error)}
        </p>
      ) : (
        <Spinner />
      )}
    </section>
  );
}
