import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { Spinner } from '@/components/ui/spinner';
import { useGetCoursesQuery, type CourseListArgs } from '@/lib/api/courses';
import { text } from '@/lib/i18n';
import { CourseCard } from './course-card';

interface CourseResultsProps {
  args: CourseListArgs;
  /** Catalogue pages page through every result; home lists show one page only. */
  paginate?: boolean;
  /** Id of the heading that names the list. */
  labelledBy: string;
}

/** SPEC §2 catalogue states: spinner, error text, 'Nothing Found !!!', or a grid of cards. */
export function CourseResults({ args, paginate = false, labelledBy }: CourseResultsProps) {
  // currentData is undefined while other args load, so an old grid never poses as the new one.
  const { currentData, error, isFetching, refetch } = useGetCoursesQuery(args);

  if (isFetching && !currentData) return <Spinner />;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!currentData) return <Spinner />;
  if (currentData.courses.length === 0) return <p className="message message--info catalogue__empty">{text.catalogue.nothingFound}</p>;

  return (
    <>
      {paginate && (
        <p className="catalogue__count" role="status">
          {text.catalogue.toolbar.resultCount(currentData.total)}
        </p>
      )}
      <ul className="course-grid" aria-labelledby={labelledBy}>
        {currentData.courses.map((course) => (
          <li key={course._id}>
            <CourseCard course={course} />
          </li>
        ))}
      </ul>
      {paginate && (
        <Pagination
          label={text.common.pagination.label}
          page={args.page ?? 1}
          total={currentData.total}
          pageSize={args.limit ?? 24}
          keepOtherParams
        />
      )}
    </>
  );
}
