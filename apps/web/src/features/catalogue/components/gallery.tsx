import { useState } from 'react';
import { COURSE_IMAGES_MAX, COURSE_PAGE_IMAGE_SIZES } from '@shop/shared';
import { CourseImage, uploadedCopies } from '@/components/ui/course-image';
import { useTranslation } from 'react-i18next';

/** Up to three images (docs/product.md#screens, "Course page"); a thumbnail shows its image large. */
export function Gallery({ images, name }: { images: string[]; name: string }) {
  const { t } = useTranslation();
  const shown = images.slice(0, COURSE_IMAGES_MAX);
  const [current, setCurrent] = useState(0);
  const main = shown[current] ?? shown[0];
  return (
    <div className="gallery">
      <CourseImage
        className="gallery__main"
        src={main}
        // An uploaded picture has resized copies: the browser takes the one the screen needs.
        {...uploadedCopies(main, COURSE_PAGE_IMAGE_SIZES)}
        alt={t('catalogue.card.imageAlt', { name })}
        width={800}
        height={600}
        fetchPriority="high"
      />
      {shown.length > 1 && (
        <ul className="gallery__thumbs" aria-label={t('catalogue.detail.gallery')}>
          {shown.map((image, index) => (
            <li key={image + index}>
              <button
                type="button"
                className="gallery__thumb"
                aria-label={t('catalogue.detail.thumbnail', { n: index + 1 })}
                aria-pressed={index === current}
                onClick={() => setCurrent(index)}
              >
                <CourseImage
                  className="gallery__thumb-image"
                  src={image}
                  width={120}
                  height={90}
                  // On the first screen under the main picture (also at 375 px): loaded at once.
                  decoding="async"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
