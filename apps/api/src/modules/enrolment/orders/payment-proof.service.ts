import sharp, { type Metadata } from 'sharp';
import { MESSAGES, PAYMENT_PROOF_MAX_BYTES, type Order, type PaymentProofType } from '@shop/shared';
import type { ServiceContext } from '../../../deps.js';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../../errors.js';
import type { AuthUser } from '../../../middleware/auth.js';
import { actorOf } from '../../audit/audit.repository.js';
import { queueTextMessagesAfter } from '../../messages/text-messages.service.js';
import { type OrderRecord } from './orders.repository.js';
import { requireOrder, requireOwnOrder, toOrderJson } from './orders.service.js';
import { isReadablePdf, startsLikePdf } from './payment-proof.pdf.js';
import { findProof, rejectProof, saveProof, type StoredProof } from './payment-proof.repository.js';

/** Picture types as sharp names what it reads from the bytes. */
const PICTURE_FORMATS: Record<string, PaymentProofType> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};
/** A decompression bomb (a small file of huge dimensions) is refused before it is decoded. */
const PIXELS_MAX = 50_000_000;
/** Receipts stay readable at this width; larger photos are made smaller (never enlarged). */
const WIDTH_MAX = 2400;

/**
 * The proof as it is kept. Its type comes from its bytes, never from the file name or the
 * browser's type: a PDF by its `%PDF-` signature, then opened by a PDF reader (kept as sent
 * when it opens, a 400 otherwise: issue 49), a picture by sharp's decoder (JPEG, PNG or WebP), then turned upright and re-encoded in its
 * own format without any metadata (no camera, no GPS position), as uploaded pictures are.
 */
export async function readProof(bytes: Buffer): Promise<StoredProof> {
  if (bytes.length === 0) throw badRequest(MESSAGES.proofMissing);
  if (bytes.length > PAYMENT_PROOF_MAX_BYTES) throw new AppError(413, MESSAGES.proofTooLarge);
  if (startsLikePdf(bytes)) {
    if (!(await isReadablePdf(bytes))) throw badRequest(MESSAGES.proofPdfUnreadable);
    return { contentType: 'application/pdf', bytes };
  }
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: PIXELS_MAX }).metadata();
  } catch {
    throw badRequest(MESSAGES.proofTypeRefused);
  }
  const contentType = metadata.format ? PICTURE_FORMATS[metadata.format] : undefined;
  if (!contentType || !metadata.width || !metadata.height) throw badRequest(MESSAGES.proofTypeRefused);
  try {
    const picture = sharp(bytes, { limitInputPixels: PIXELS_MAX, failOn: 'error' })
      .rotate()
      .resize({ width: WIDTH_MAX, height: WIDTH_MAX, fit: 'inside', withoutEnlargement: true });
    const encoded =
      contentType === 'image/jpeg'
        ? picture.jpeg({ quality: 85 })
        : contentType === 'image/png'
          ? picture.png()
          : picture.webp({ quality: 85 });
    return { contentType, bytes: await encoded.toBuffer() };
  } catch {
    // The header was readable but the picture is not (a truncated or corrupt file).
    throw badRequest(MESSAGES.proofTypeRefused);
  }
}

/** Only the owner's Transfer order that is still pending (unpaid, not cancelled or expired) takes a proof. */
function acceptsProof(order: OrderRecord): boolean {
  return order.paymentMethod === 'Transfer' && order.status === 'pending' && !order.isPaid;
}

/**
 * `POST /api/orders/{id}/proof`: the owner sends the proof of a Transfer; a new one replaces
 * the previous (after a rejection too). Refused before anything is kept: someone else's order
 * (403, admins included: they approve, they do not pay), an order that does not take a proof
 * (409), a file that is not a JPEG, PNG, WebP or readable PDF (400) or over 5 MB (413).
 * Issue 49: while it waits, the order holds its seats until PROOF_HOLD_HOURS after the upload
 * at least, and its owner cannot cancel it.
 */
export async function uploadProof(ctx: ServiceContext, user: AuthUser, id: string, bytes: Buffer): Promise<Order> {
  const { db } = ctx.database;
  const order = await requireOrder(db, id);
  // The buyer, or the adult who accepted to pay a child's order (issue 51).
  if (order.userId !== user.id && order.payer?.id !== user.id) throw forbidden(MESSAGES.forbidden);
  if (!acceptsProof(order)) throw conflict(MESSAGES.proofNotAccepted);
  const proof = await readProof(bytes);
  const at = ctx.clock.now();
  const holdUntil = new Date(at.getTime() + ctx.config.proofHoldHours * 3_600_000);
  const saved = await saveProof(db, order.id, { ...actorOf(user), id: user.id }, proof, at, holdUntil);
  // The order changed between the check and the save (paid, cancelled, expired).
  if (!saved) throw conflict(MESSAGES.proofNotAccepted);
  return toOrderJson(await requireOrder(db, order.id));
}

/** `GET /api/orders/{id}/proof` (owner or admin): the file and its type. */
export async function getProof(ctx: ServiceContext, user: AuthUser, id: string): Promise<StoredProof> {
  const order = await requireOwnOrder(ctx.database.db, user, id);
  const proof = order.proofStatus ? await findProof(ctx.database.db, order.id) : undefined;
  if (!proof) throw notFound(MESSAGES.proofNotFound);
  return proof;
}

/**
 * `POST /api/orders/{id}/proof/reject` (admin): the proof waiting on an unpaid order is
 * refused with a reason; the customer reads it on the order page and in a mail in their
 * language, and may send another. 409 when no proof waits.
 */
export async function rejectOrderProof(ctx: ServiceContext, admin: AuthUser, id: string, reason: string): Promise<Order> {
  const { db } = ctx.database;
  const order = await requireOrder(db, id);
  // Committed: whoever pays was mailed the reason (proofRejected).
  const rejected = await rejectProof(db, ctx.events, order.id, actorOf(admin), reason, ctx.clock.now());
  if (!rejected) throw conflict(MESSAGES.proofNotSubmitted);
  const after = await requireOrder(db, order.id);
  const at = ctx.clock.now();
  await queueTextMessagesAfter(ctx, after.userId, `proof_rejected:${order.id}:${at.toISOString()}`, {
    template: 'proof_rejected',
    reason,
    link: { kind: 'order', id: order.id },
  });
  return toOrderJson(after);
}
