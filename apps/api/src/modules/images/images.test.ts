import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type UploadedImage } from '@shop/shared';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, type UserFixture } from '../../test/factories.js';

let ctx: TestContext;
let admin: UserFixture;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

/** A real photo-like JPEG with EXIF metadata (camera, orientation) of the given size. */
async function cameraJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone 9', Copyright: 'Leila' } })
    .toBuffer();
}

const upload = (body: Buffer, contentType = 'image/jpeg') =>
  request(ctx.app)
    .post('/api/images')
    .set('Authorization', `Bearer ${admin.token}`)
    .set('Content-Type', contentType)
    .send(body);

const fetchBytes = (path: string) =>
  request(ctx.app)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });

describe('POST /api/images (course pictures)', () => {
  it('stores a real JPEG as resized WebP copies without its metadata, served for a year', async () => {
    const res = await upload(await cameraJpeg(1600, 900)).expect(201);
    const image = res.body as UploadedImage;
    expect(image).toMatchObject({ url: `/api/images/${image._id}`, width: 1600, height: 900 });
    expect(image.srcset).toBe(
      [320, 640, 1280].map((w) => `/api/images/${image._id}/${w} ${w}w`).join(', '),
    );

    const web = await fetchBytes(image.url).expect(200);
    expect(web.headers['content-type']).toBe('image/webp');
    expect(web.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(web.body as Buffer).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1280, height: 720 });
    expect(meta.exif).toBeUndefined();
    expect((web.body as Buffer).includes(Buffer.from('Secret Phone'))).toBe(false);

    const small = await fetchBytes(`${image.url}/320`).expect(200);
    expect((await sharp(small.body as Buffer).metadata()).width).toBe(320);

    const again = await request(ctx.app)
      .get(image.url)
      .set('If-None-Match', web.headers['etag'] as string);
    expect(again.status).toBe(304);
  });

  it('accepts PNG and WebP, never enlarging a small picture', async () => {
    const png = await sharp({
      create: { width: 200, height: 100, channels: 4, background: '#00aa00' },
    })
      .png()
      .toBuffer();
    const image = (await upload(png, 'image/png').expect(201)).body as UploadedImage;
    expect(image).toMatchObject({ width: 200, height: 100 });
    const served = await fetchBytes(`${image.url}/640`).expect(200);
    expect((await sharp(served.body as Buffer).metadata()).width).toBe(200);

    const webp = await sharp({
      create: { width: 700, height: 700, channels: 3, background: '#123456' },
    })
      .webp()
      .toBuffer();
    // The browser's type is not trusted either way: the bytes decide.
    expect((await upload(webp, 'application/octet-stream').expect(201)).body).toMatchObject({
      width: 700,
    });
  });

  it('refuses a text file renamed as a picture with a 400 and a message', async () => {
    const res = await upload(
      Buffer.from('name,email\nLeila,leila@example.tn\n'),
      'image/jpeg',
    ).expect(400);
    expect(res.body).toEqual({ message: MESSAGES.imageTypeRefused, code: 'VALIDATION' });
  });

  it('refuses other picture types (GIF) and an empty body with a 400', async () => {
    const gif = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#ffffff' },
    })
      .gif()
      .toBuffer();
    expect((await upload(gif, 'image/gif').expect(400)).body).toEqual({
      message: MESSAGES.imageTypeRefused,
      code: 'VALIDATION',
    });
    expect((await upload(Buffer.alloc(0)).expect(400)).body).toEqual({
      message: MESSAGES.imageEmpty,
      code: 'VALIDATION',
    });
  });

  it('refuses 6 MB with a 413 and a message', async () => {
    const res = await upload(Buffer.alloc(6 * 1024 * 1024, 1)).expect(413);
    expect(res.body).toEqual({ message: MESSAGES.imageTooLarge, code: 'BODY_TOO_LARGE' });
  });

  it('answers 404 for a picture that does not exist or a width it does not make', async () => {
    await request(ctx.app).get('/api/images/00000000-0000-4000-8000-000000000000').expect(404);
    await request(ctx.app).get('/api/images/not-an-id').expect(404);
    await request(ctx.app).get('/api/images/00000000-0000-4000-8000-000000000000/333').expect(404);
  });
});
