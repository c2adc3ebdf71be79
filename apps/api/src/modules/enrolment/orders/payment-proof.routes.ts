import express, { type RequestHandler } from 'express';
import { z } from 'zod';
import { MESSAGES, PAYMENT_PROOF_MAX_BYTES, orderSchema, proofRejectBodySchema } from '@shop/shared';
import type { AppContext } from '../../../deps.js';
import { AppError, badRequest } from '../../../errors.js';
import { idParams, type ApiRoutes } from '../../../http/route.js';
import { getProof, rejectOrderProof, uploadProof } from './payment-proof.service.js';

const orderParams = idParams(MESSAGES.orderNotFound);

/** Room for the multipart envelope (boundaries, part headers) around a 5 MB file. */
const ENVELOPE_BYTES = 64 * 1024;
const rawBody = express.raw({ type: () => true, limit: PAYMENT_PROOF_MAX_BYTES + ENVELOPE_BYTES });

/** Proofs read per request, for the handler: the file's bytes from the multipart field `file`. */
const proofFiles = new WeakMap<express.Request, Buffer>();

/**
 * Reads the multipart body (field `file`) with the runtime's own form-data parser (the Fetch
 * API's `Request.formData()`, no extra library): over the limit a 413 before the rest of the
 * body is read, anything but a multipart body with a `file` part a 400.
 */
const proofBody: RequestHandler = (req, res, next) => {
  rawBody(req, res, (err?: unknown) => {
    if ((err as { type?: string } | undefined)?.type === 'entity.too.large') return next(new AppError(413, MESSAGES.proofTooLarge));
    if (err) return next(err);
    const type = req.headers['content-type'] ?? '';
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    if (!/^multipart\/form-data\b/i.test(type)) return next(badRequest(MESSAGES.proofMissing));
    new Request('http://localhost/proof', { method: 'POST', headers: { 'content-type': type }, body })
      .formData()
      .then(async (form) => {
        const file = form.get('file');
        if (!file || typeof file === 'string') throw badRequest(MESSAGES.proofMissing);
        if (file.size > PAYMENT_PROOF_MAX_BYTES) throw new AppError(413, MESSAGES.proofTooLarge);
        proofFiles.set(req, Buffer.from(await file.arrayBuffer()));
        next();
      })
      .catch((error: unknown) => next(error instanceof AppError ? error : badRequest(MESSAGES.proofMissing)));
  });
};

/** Paying by transfer (issue 36): the proof of payment of a Transfer order. */
export function paymentProofRoutes(routes: ApiRoutes, ctx: AppContext): void {
  routes.post(
    '/:id/proof',
    {
      summary: 'Send the proof of payment of a Transfer order (its owner): multipart field `file`',
      description:
        'A photo (JPEG, PNG, WebP) or a PDF of the transfer or D17 receipt, up to 5 MB, as the multipart/form-data field `file`. ' +
        'The type is read from the bytes (a renamed file is a 400); pictures are turned upright and re-encoded without metadata; ' +
        'a PDF is opened by a PDF reader and refused (400) when it cannot be read. ' +
        'Only an unpaid Transfer order that is still pending takes one (409 otherwise); a new proof replaces the previous one, after a rejection too. ' +
        'The answer is the order with `paymentProof.status: submitted`; while it waits the order holds its seats until at least ' +
        '`PROOF_HOLD_HOURS` after the upload (`holdExpiresAt`) and its owner cannot cancel it (409 `PROOF_SUBMITTED`).',
      access: 'user',
      params: orderParams,
      before: [proofBody],
      answer: orderSchema,
      errors: [403, 409],
    },
    ({ user, params }, req) => uploadProof(ctx, user, params.id, proofFiles.get(req) ?? Buffer.alloc(0)),
  );

  routes.get(
    '/:id/proof',
    {
      summary: 'The proof of payment of an order (owner or admin)',
      description:
        'The file as kept, with its type (`image/jpeg`, `image/png`, `image/webp` or `application/pdf`), always as a download ' +
        '(`Content-Disposition: attachment`): a file a customer sent is never shown inside the shop’s pages. Private: never cached by shared caches.',
      access: 'user',
      params: orderParams,
      answer: z.string().meta({ format: 'binary', description: 'The proof: a picture or a PDF' }),
      answerType: 'application/octet-stream',
      answerHeaders: {
        'Cache-Control': z.string().meta({ description: 'private, no-store' }),
        'Content-Disposition': z.string().meta({ description: 'attachment; filename="proof-<order>.<type>"' }),
      },
      errors: [403],
    },
    async ({ user, params }, _req, res) => {
      const proof = await getProof(ctx, user, params.id);
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Disposition', `attachment; filename="proof-${params.id.slice(0, 8)}.${proof.contentType.split('/')[1]}"`);
      res.type(proof.contentType).send(proof.bytes);
    },
  );

  routes.post(
    '/:id/proof/reject',
    {
      summary: 'Reject the proof of payment waiting on an order, with a reason (admin); the customer is mailed',
      description:
        'Body `{reason}` (1 to 500 characters), shown to the customer on the order page and in a mail in their language; they may send another proof. ' +
        'No proof waiting (none, already rejected, or the order paid or cancelled): 409. To approve, mark the order paid (`PUT /api/orders/{id}/pay`).',
      access: 'admin',
      params: orderParams,
      body: proofRejectBodySchema,
      answer: orderSchema,
      errors: [409],
    },
    ({ user, params, body }) => rejectOrderProof(ctx, user, params.id, body.reason),
  );
}
