import sharp, { type Metadata } from 'sharp';
import {
  MESSAGES,
  UPLOAD_IMAGE_WIDTHS,
  imageSrcset,
  imageUrl,
  type UploadedImage,
} from '@shop/shared';
import type { ServiceContext } from '../../deps.js';
import { badRequest, notFound } from '../../errors.js';
import type { AuthUser } from '../../middleware/auth.js';
import { findImageVariant, insertImage, type ImageVariant } from './images.repository.js';

/** The types accepted, as sharp names what it reads from the bytes. */
const ACCEPTED_FORMATS: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const PIXELS_MAX = 50_000_000;
const WEBP_QUALITY = 80;

/**
 * The widths made of a picture: each standard width it reaches, and its own width when it is
 * narrower than the smallest (never enlarged).
 */
function widthsFor(width: number): number[] {
  const widths = UPLOAD_IMAGE_WIDTHS.filter((w) => w <= width);
  return widths.length > 0 ? widths : [width];
}

/**
 * Reads an uploaded picture: its real type comes from its bytes (sharp's decoder, not the
 * name or the browser's Content-Type), anything but JPEG, PNG or WebP is a 400. It is turned
 * upright (EXIF orientation), then each copy is resized and written as WebP without any
 * metadata (sharp keeps none unless asked: no camera, no GPS position).
 */
async function resizedCopies(
  bytes: Buffer,
): Promise<{ sourceType: string; width: number; height: number; variants: ImageVariant[] }> {
  if (bytes.length === 0) throw badRequest(MESSAGES.imageEmpty);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: PIXELS_MAX }).metadata();
  } catch {
    throw badRequest(MESSAGES.imageTypeRefused);
  }
  const sourceType = metadata.format ? ACCEPTED_FORMATS[metadata.format] : undefined;
  if (!sourceType || !metadata.width || !metadata.height)
    throw badRequest(MESSAGES.imageTypeRefused);
  // Width and height as seen once turned upright (orientations 5-8 swap them).
  const turned = (metadata.orientation ?? 1) >= 5;
  const width = turned ? metadata.height : metadata.width;
  const height = turned ? metadata.width : metadata.height;
  try {
    const variants = await Promise.all(
      widthsFor(width).map(async (w) => {
        const { data, info } = await sharp(bytes, { limitInputPixels: PIXELS_MAX, failOn: 'error' })
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: WEBP_QUALITY })
          .toBuffer({ resolveWithObject: true });
        return { width: w, height: info.height, contentType: 'image/webp', bytes: data };
      }),
    );
    return { sourceType, width, height, variants };
  } catch {
    // The header was readable but the picture is not (a truncated or corrupt file).
    throw badRequest(MESSAGES.imageTypeRefused);
  }
}

export async function uploadImage(
  ctx: ServiceContext,
  admin: AuthUser,
  bytes: Buffer,
): Promise<UploadedImage> {
  const picture = await resizedCopies(bytes);
  const id = await insertImage(ctx.database.db, { ...picture, uploadedBy: admin.id });
  const widths = picture.variants.map((v) => v.width);
  return {
    _id: id,
    url: imageUrl(id),
    width: picture.width,
    height: picture.height,
    srcset: imageSrcset(id, widths),
  };
}

export async function getImage(
  ctx: ServiceContext,
  id: string,
  width?: number,
): Promise<ImageVariant> {
  const variant = await findImageVariant(ctx.database.db, id, width);
  if (!variant) throw notFound(MESSAGES.imageNotFound);
  return variant;
}
