import type { Course } from '@shop/shared';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatMoney } from '@/lib/format';
import { text } from '@/lib/i18n';
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

/** SPEC §2 Courses: ID, Name, Price, Category joined with ' | ', EDIT and DELETE. */
export function CoursesTable({ courses, caption, onDelete, deletingId }: Props) {
  const t = text.admin.courses;
  return (
    <AdminTable
      caption={caption ?? t.caption}
      head={
        <>
          <th scope="col">{t.id}</th>
          <th scope="col">{t.name}</th>
          <th scope="col">{t.price}</th>
          <th scope="col">{t.category}</th>
          <th scope="col">{t.seats}</th>
          <th scope="col">{t.actions}</th>
        </>
      }
    >
      {courses.map((course) => (
        <tr key={course._id}>
          <td data-label={t.id} className="admin-table__id" title={course._id}>
            {course._id}
          </td>
          <td data-label={t.name}>
            {course.isDraft ? (
              <span>
                {course.name} <span className="admin-badge admin-badge--draft">{t.draft}</span>
              </span>
            ) : (
              <Link to={paths.course(course._id)}>{course.name}</Link>
            )}
          </td>
          <td data-label={t.price} className="admin-table__nowrap">
            {formatMoney(course.price, 'catalogue')}
          </td>
          <td data-label={t.category}>{course.category.join(' | ')}</td>
          <td data-label={t.seats}>{course.availability}</td>
          <RowActions
            label={t.actions}
            editTo={paths.adminCourseEdit(course._id)}
            editLabel={t.editLabel(course.name)}
            deleteLabel={t.deleteLabel(course.name)}
            onDelete={() => onDelete(course)}
            deleting={deletingId === course._id}
          />
        </tr>
      ))}
    </AdminTable>
  );
}
