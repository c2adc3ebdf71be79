import { UPLOAD_IMAGE_WIDTHS } from './constants.js';

/** Where the API serves an uploaded picture (its widest copy). */
export const imageUrl = (id: string): string => `/api/images/${id}`;

/** `srcset` of an uploaded picture's copies: `/api/images/{id}/320 320w, …`. */
export function imageSrcset(id: string, widths: readonly number[] = UPLOAD_IMAGE_WIDTHS): string {
  return widths.map((w) => `${imageUrl(id)}/${w} ${w}w`).join(', ');
}

const UPLOADED = /^\/api\/images\/([0-9a-f-]{36})$/i;

/**
 * `srcset` for an image URL of a course when it is an uploaded picture (the standard widths:
 * the server answers the widest copy up to the width asked, so every width answers); undefined
 * for any other URL.
 */
export function srcsetOfImageUrl(url: string): string | undefined {
  const id = UPLOADED.exec(url)?.[1];
  return id ? imageSrcset(id) : undefined;
}

/** `sizes` of a course page's main picture (its srcset), the same in the page and its preload. */
export const COURSE_PAGE_IMAGE_SIZES = '(min-width: 768px) 50vw, 100vw';

/** `sizes` of a course card's picture (its srcset), the same in the card and the catalogue's preload. */
export const COURSE_CARD_IMAGE_SIZES = '(min-width: 768px) 350px, 100vw';
