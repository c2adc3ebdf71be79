import type { Course } from '@shop/shared';
import { useLocalName } from '@/lib/i18n/course-text';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { useTranslation } from 'react-i18next';
import { categoryLabel } from '@/lib/i18n/category';

import { AdminTable } from './admin-table';
import { RowActions } from './row-actions';
import './admin-list.css';

interface Props {
  courses: Course[];
  /** The table's caption (default: the courses in the shop). */
  caption?: string;
  onDelete: (course: Course) => void;
  deletingId?: string | undefined;
}

/** Courses: ID, Name, Price, Category joined with ' | ', EDIT and DELETE. */
export function CoursesTable({ courses, caption, onDelete, deletingId }: Props) {
  const { t } = useTranslation();
  // Issue 54: in the admin's language, like the shop's pages.
  const nameOf = useLocalName();
  return (
    <AdminTable
      caption={caption ?? t('admin.courses.caption')}
      head={
        <>
          <th scope="col">{t('admin.courses.id')}</th>
          <th scope="col">{t('admin.courses.name')}</th>
          <th scope="col">{t('admin.courses.price')}</th>
          <th scope="col">{t('admin.courses.category')}</th>
          <th scope="col">{t('admin.courses.seats')}</th>
          <th scope="col">{t('admin.courses.actions')}</th>
        </>
      }
    >
      {courses.map((course) => (
        <tr key={course._id}>
          <td data-label={t('admin.courses.id')} className="admin-table__id" title={course._id}>
            {course._id}
          </td>
          <td data-label={t('admin.courses.name')}>
            {course.isDraft ? (
              <span>
                <bdi>{nameOf(course)}</bdi>{' '}
                <span className="admin-badge admin-badge--draft">{t('admin.courses.draft')}</span>
              </span>
            ) : (
              <Link to={paths.course(course._id)}>
                <bdi>{nameOf(course)}</bdi>
              </Link>
            )}
          </td>
          <td data-label={t('admin.courses.price')} className="admin-table__nowrap">
            {formatMoney(course.price, 'catalogue')}
          </td>
          <td data-label={t('admin.courses.category')}>
            {course.category.map((category) => categoryLabel(t, category)).join(' | ')}
          </td>
          <td data-label={t('admin.courses.seats')}>{course.availability}</td>
          <RowActions
            label={t('admin.courses.actions')}
            editTo={paths.adminCourseEdit(course._id)}
            editLabel={t('admin.courses.editLabel', { name: course.name })}
            deleteLabel={t('admin.courses.deleteLabel', { name: course.name })}
            onDelete={() => onDelete(course)}
            deleting={deletingId === course._id}
          />
        </tr>
      ))}
    </AdminTable>
  );
}
