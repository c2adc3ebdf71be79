import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { useGetCoursesQuery, type CourseListArgs } from '@/lib/api/courses';
import { useTranslation } from 'react-i18next';

import { CourseCard } from './course-card';
import { CourseGridSkeleton } from './course-grid-skeleton';

interface CourseResultsProps {
  args: CourseListArgs;
  /** Catalogue pages page through every result; home lists show one page only. */
  paginate?: boolean;
  /** Id of the heading that names the list. */
  labelledBy: string;
  /** Level of the card titles: one below the heading that names the list. */
  cardHeading?: 'h2' | 'h3';
}

/** Cards of the first row load their images at once (up to four side by side on a wide screen). */
const FIRST_ROW = 4;

/** SPEC §2 catalogue states: loading (skeleton cards), error text, 'Nothing Found !!!', or a grid of cards. */
export function CourseResults({
  args,
  paginate = false,
  labelledBy,
  cardHeading = 'h3',
}: CourseResultsProps) {
  const { t } = useTranslation();
  // currentData is undefined while other args load, so an old grid never poses as the new one.
  const { currentData, error, isFetching, refetch } = useGetCoursesQuery(args);
  const skeleton = (
    <CourseGridSkeleton count={Math.min(args.limit ?? 24, 6)} withCount={paginate} />
  );

  if (isFetching && !currentData) return skeleton;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!currentData) return skeleton;
  if (currentData.courses.length === 0)
    return <p className="message message--info catalogue__empty">{t('catalogue.nothingFound')}</p>;

  return (
    <>
      {paginate && (
        <p className="catalogue__count" role="status">
          {t('catalogue.toolbar.resultCount', { count: currentData.total })}
        </p>
      )}
      <ul className="course-grid" aria-labelledby={labelledBy}>
        {currentData.courses.map((course, index) => (
          <li key={course._id}>
            <CourseCard
              course={course}
              headingLevel={cardHeading}
              {...(index < FIRST_ROW
                ? { priority: index === 0 ? ('high' as const) : ('eager' as const) }
                : {})}
            />
          </li>
        ))}
      </ul>
      {paginate && (
        <Pagination
          label={t('common.pagination.label')}
          page={args.page ?? 1}
          total={currentData.total}
          pageSize={args.limit ?? 24}
          keepOtherParams
        />
      )}
    </>
  );
}
