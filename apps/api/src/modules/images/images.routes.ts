import express, { Router, type RequestHandler } from 'express';
import { z } from 'zod';
import {
  MESSAGES,
  UPLOAD_IMAGE_MAX_BYTES,
  UPLOAD_IMAGE_WIDTHS,
  uploadedImageSchema,
} from '@shop/shared';
import type { AppContext } from '../../deps.js';
import { AppError } from '../../errors.js';
import { apiRoutes, idParams } from '../../http/route.js';
import { getImage, uploadImage } from './images.service.js';

const imageParams = idParams(MESSAGES.imageNotFound);
const variantParams = imageParams.extend({
  width: z
    .enum(UPLOAD_IMAGE_WIDTHS.map(String) as [string, ...string[]], {
      error: MESSAGES.imageNotFound,
    })
    .transform(Number)
    .meta({ description: `One of ${UPLOAD_IMAGE_WIDTHS.join(', ')}: the widest copy up to it` }),
});

/** A picture never changes under its id: browsers and caches keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const pictureHeaders = {
  'Cache-Control': z.string().meta({ description: IMMUTABLE }),
  ETag: z.string(),
};

/** The picture's bytes as they are, up to 5 MB; over it a 413 saying so (before the body is read when its length is declared). */
const rawBody = express.raw({ type: () => true, limit: UPLOAD_IMAGE_MAX_BYTES });
const pictureBody: RequestHandler = (req, res, next) => {
  rawBody(req, res, (err?: unknown) => {
    const tooLarge = (err as { type?: string } | undefined)?.type === 'entity.too.large';
    next(tooLarge ? new AppError(413, MESSAGES.imageTooLarge) : err);
  });
};

/** Uploaded pictures (course edit): stored in the database so every API instance serves them. */
export function imagesRouter(ctx: AppContext): Router {
  const router = Router();
  const routes = apiRoutes(router, ctx.guards);

  routes.post(
    '/',
    {
      summary:
        'Upload a picture: JPEG, PNG or WebP up to 5 MB, the file itself as the body (admin)',
      description:
        'The type is read from the bytes (a renamed file is a 400). The picture is turned upright, its metadata dropped, and WebP copies 320, 640 and 1280 px wide (never enlarged) are stored.',
      access: 'admin',
      before: [pictureBody],
      status: 201,
      answer: uploadedImageSchema,
    },
    ({ user }, req) =>
      uploadImage(ctx, user, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)),
  );

  const send = async (
    id: string,
    width: number | undefined,
    req: express.Request,
    res: express.Response,
  ) => {
    const picture = await getImage(ctx, id, width);
    const etag = `"${id}-${picture.width}"`;
    res.setHeader('Cache-Control', IMMUTABLE);
    res.setHeader('ETag', etag);
    if (req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    res.type(picture.contentType).send(picture.bytes);
  };
  const notModified = { 304: { description: 'Not modified (no body)' } };
  const picture = z.string().meta({ format: 'binary', description: 'A WebP picture' });

  routes.get(
    '/:id',
    {
      summary: 'An uploaded picture (its widest copy)',
      params: imageParams,
      answer: picture,
      answerType: 'image/webp',
      answerHeaders: pictureHeaders,
      otherAnswers: notModified,
    },
    ({ params }, req, res) => send(params.id, undefined, req, res),
  );

  routes.get(
    '/:id/:width',
    {
      summary: 'A copy of an uploaded picture for srcset',
      params: variantParams,
      answer: picture,
      answerType: 'image/webp',
      answerHeaders: pictureHeaders,
      otherAnswers: notModified,
    },
    ({ params }, req, res) => send(params.id, params.width, req, res),
  );

  return router;
}
