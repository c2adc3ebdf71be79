import { useParams } from 'react-router';
import { paths } from '@/config/paths';
import { useGetCourseQuery } from '@/lib/api/courses';
import { useTranslation } from 'react-i18next';

import { sessionsOf } from '@/lib/sessions';
import { CourseEditForm } from '../components/course-edit-form';
import { CourseSessions } from '../components/course-sessions';
import { EditScreen } from '../components/edit-screen';
import { useFreshSince } from '../hooks/use-fresh-query';

/** /admin/course/:id/edit */
export function CourseEditRoute() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const {
    data: course,
    error,
    fulfilledTimeStamp,
  } = useGetCourseQuery(id, { refetchOnMountOrArgChange: true });
  const fresh = useFreshSince(fulfilledTimeStamp);

  return (
    <EditScreen
      titleId="admin-course-edit-title"
      title={t('admin.courseEdit.title')}
      backTo={paths.adminCourses}
      historyTo={paths.adminAuditOf('course', id)}
      error={error}
      // Keyed by id: the form starts from this course's values, with no effect to sync them.
      form={
        course &&
        fresh && (
          <>
            <CourseEditForm key={course._id} course={course} />
            {/* Issue 33: the course's dated sessions, each with its own seats. */}
            <CourseSessions courseId={course._id} sessions={sessionsOf(course)} />
          </>
        )
      }
    />
  );
}
