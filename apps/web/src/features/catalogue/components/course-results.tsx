import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { useGetCoursesQuery, type CourseListArgs } from '@/lib/api/courses';
import { startTransition, useDeferredValue, useEffect, useState } from 'react';
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

/**
 * Cards rendered first. The answer arrives through a store subscription, which React renders in
 * one go: the grid is rendered from a deferred copy of it instead, in transitions, which React
 * renders in slices that give the main thread back every few milliseconds; the first eight cards,
 * then the others. On a phone the whole grid of 24 was one task of 200-340 ms (Lighthouse's
 * mobile preset, issue 23); eight cards fill more than a phone's screen and two rows of a wide one.
 */
const FIRST_BATCH = 8;
const NO_COURSES: readonly unknown[] = [];

/** How many of `list`'s cards to render now: the first batch, then all of them. */
function useShownCount(list: readonly unknown[]): number {
  const first = Math.min(list.length, FIRST_BATCH);
  const [shown, setShown] = useState({ list, count: first });
  // A new list starts again from its first batch (state adjusted while rendering, as React documents).
  const current = shown.list === list ? shown : { list, count: first };
  if (current !== shown) setShown(current);
  useEffect(() => {
    if (current.count >= list.length) return;
    startTransition(() => setShown({ list, count: list.length }));
  }, [list, current.count]);
  return current.count;
}

/** The catalogue's states: loading (skeleton cards), error text, 'Nothing Found !!!', or a grid of cards. */
export function CourseResults({
  args,
  paginate = false,
  labelledBy,
  cardHeading = 'h3',
}: CourseResultsProps) {
  const { t } = useTranslation();
  // currentData is undefined while other args load: the skeleton, not an old grid, stands for them.
  const { currentData, error, isFetching, refetch } = useGetCoursesQuery(args);
  // The grid shows the deferred copy: until its transition has rendered, the skeleton (an answer
  // that arrived) or, for the few milliseconds of that render, the grid before (an answer the
  // cache already held).
  const data = useDeferredValue(currentData);
  const shown = useShownCount(data?.courses ?? NO_COURSES);
  const skeleton = (
    <CourseGridSkeleton count={Math.min(args.limit ?? 24, 6)} withCount={paginate} />
  );

  if (isFetching && !currentData) return skeleton;
  if (error) return <QueryError error={error} onRetry={() => void refetch()} />;
  if (!currentData || !data) return skeleton;
  if (data.courses.length === 0)
    return <p className="message message--info catalogue__empty">{t('catalogue.nothingFound')}</p>;

  return (
    <>
      {paginate && (
        <p className="catalogue__count" role="status">
          {t('catalogue.toolbar.resultCount', { count: data.total })}
        </p>
      )}
      <ul className="course-grid" aria-labelledby={labelledBy}>
        {data.courses.slice(0, shown).map((course, index) => (
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
          total={data.total}
          pageSize={args.limit ?? 24}
          keepOtherParams
        />
      )}
    </>
  );
}
