import { Spinner } from '@/components/ui/spinner';

/**
 * The course grid while its page loads: cards of the final size (image 350:263, two title
 * lines, price row, button), so the cards take their place without moving anything. The
 * spinner inside names the state for screen readers.
 */
export function CourseGridSkeleton({ count, withCount }: { count: number; withCount: boolean }) {
  return (
    <div className="course-grid-skeleton">
      {withCount && <p className="catalogue__count" aria-hidden="true">&nbsp;</p>}
      <Spinner />
      <ul className="course-grid" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <div className="course-card course-card--skeleton">
              <div className="course-card__media" />
              <div className="course-card__body">
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line skeleton-line--title" />
                <span className="skeleton-line skeleton-line--short" />
                <span className="skeleton-line skeleton-line--button" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
