import { Spinner } from '@/components/ui/spinner';

/**
 * The course page while its course loads: the final layout's boxes (back link, 4:3 picture and
 * its thumbnails, the info panel with title, stars, price, facts, quantity and button, share
 * row, then the description and reviews sections), so nothing below moves when the course
 * arrives (issue 23). The spinner inside names the state for screen readers.
 */
export function CourseDetailSkeleton() {
  return (
    <div
      className="course-detail course-detail--skeleton container page"
      data-testid="course-detail-skeleton"
    >
      <Spinner />
      <div aria-hidden="true">
        <span className="course-detail__back skeleton-block skeleton-block--back" />
        <div className="course-detail__grid">
          <div className="gallery">
            <div className="gallery__main skeleton-block" />
            <div className="gallery__thumbs">
              {[0, 1, 2].map((n) => (
                <span key={n} className="gallery__thumb skeleton-block skeleton-block--thumb" />
              ))}
            </div>
          </div>
          <div className="course-detail__info">
            <span className="skeleton-block skeleton-block--line skeleton-block--short" />
            <span className="skeleton-block skeleton-block--title" />
            <span className="skeleton-block skeleton-block--line skeleton-block--short" />
            <span className="skeleton-block skeleton-block--price" />
            <div className="course-detail__facts">
              <span className="skeleton-block skeleton-block--line" />
              <span className="skeleton-block skeleton-block--line" />
            </div>
            <span className="skeleton-block skeleton-block--buy" />
            <span className="skeleton-block skeleton-block--share" />
          </div>
        </div>
        <div className="course-detail__section">
          <span className="skeleton-block skeleton-block--heading" />
          <span className="skeleton-block skeleton-block--paragraph" />
        </div>
        <div className="course-detail__section">
          <span className="skeleton-block skeleton-block--heading" />
          <span className="skeleton-block skeleton-block--paragraph" />
        </div>
      </div>
    </div>
  );
}
