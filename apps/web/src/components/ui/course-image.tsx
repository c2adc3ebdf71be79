import { srcsetOfImageUrl } from '@shop/shared';
import { useState, type ImgHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';

import './course-image.css';

interface CourseImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'className'> {
  src: string | undefined;
  className: string;
}

/**
 * A course picture. A missing picture, or one that fails to load (a moved file, a dead link an
 * admin typed), shows a designed stand-in of the same size instead of the browser's broken
 * image icon (an image ends loaded or failed, never loading for ever).
 */
export function CourseImage({ src, className, alt = '', width, height, ...img }: CourseImageProps) {
  const { t } = useTranslation();
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  if (!src || failedSrc === src) {
    return (
      <span
        className={`${className} course-image-fallback`}
        style={{ aspectRatio: width && height ? `${width} / ${height}` : undefined }}
        {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
        data-testid="course-image-fallback"
      >
        <svg
          className="course-image-fallback__icon"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path
            fill="currentColor"
            d="M12 3 1 9l11 6 9-4.9V17h2V9L12 3zm-6.8 9.2v4.1L12 20l6.8-3.7v-4.1L12 16l-6.8-3.8z"
          />
        </svg>
        <span className="course-image-fallback__text">{t('catalogue.card.noImage')}</span>
      </span>
    );
  }
  return (
    <img
      className={className}
      src={src}
      alt={alt}
      width={width}
      height={height}
      onError={() => setFailedSrc(src)}
      {...img}
    />
  );
}

/**
 * `srcSet` and `sizes` for an uploaded picture (`/api/images/{id}`: resized copies exist), to
 * spread on a CourseImage; nothing for any other address.
 */
export function uploadedCopies(
  src: string | undefined,
  sizes: string,
): { srcSet?: string; sizes?: string } {
  const srcSet = src ? srcsetOfImageUrl(src) : undefined;
  return srcSet ? { srcSet, sizes } : {};
}
