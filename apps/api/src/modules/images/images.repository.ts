import { and, desc, eq, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { imageVariants, images } from './images.schema.js';

export interface ImageVariant {
  width: number;
  height: number;
  contentType: string;
  bytes: Buffer;
}

export interface NewImage {
  sourceType: string;
  width: number;
  height: number;
  uploadedBy: string | null;
  variants: ImageVariant[];
}

/** Stores a picture and its copies in one transaction; answers its id. */
export async function insertImage(db: DbOrTx, image: NewImage): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(images)
      .values({
        sourceType: image.sourceType,
        width: image.width,
        height: image.height,
        uploadedBy: image.uploadedBy,
      })
      .returning({ id: images.id });
    if (!row) throw new Error('image insert returned nothing');
    await tx.insert(imageVariants).values(image.variants.map((v) => ({ imageId: row.id, ...v })));
    return row.id;
  });
}

/**
 * The copy of a picture at `width`, or its widest copy no wider than that (the widest of all
 * without a width); undefined when there is no such picture.
 */
export async function findImageVariant(
  db: DbOrTx,
  id: string,
  width?: number,
): Promise<ImageVariant | undefined> {
  const [row] = await db
    .select({
      width: imageVariants.width,
      height: imageVariants.height,
      contentType: imageVariants.contentType,
      bytes: imageVariants.bytes,
    })
    .from(imageVariants)
    .where(
      and(
        eq(imageVariants.imageId, id),
        width === undefined ? undefined : lte(imageVariants.width, width),
      ),
    )
    .orderBy(desc(imageVariants.width))
    .limit(1);
  return row;
}
