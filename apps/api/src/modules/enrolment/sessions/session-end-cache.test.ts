import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Course, CourseDetail, Session } from '@shop/shared';
import { createApp, type App } from '../../../app.js';
import { createTestContext, type TestContext } from '../../../test/context.js';
import { createAdmin, createCourse, type UserFixture } from '../../../test/factories.js';

/**
 * A session that simply ends (time passes, no row changes) leaves no cached catalogue answer
 * behind (decision 0392): the catalogue version names the next session end, so it moves then.
 */

let ctx: TestContext;
let admin: UserFixture;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.database.db, ctx.config);
});
afterAll(() => ctx.close());

const HOUR = 3_600_000;

async function addSession(
  courseId: string,
  startsInHours: number,
  hours: number,
  capacity: number,
): Promise<Session> {
  const start = ctx.clock.now().getTime() + startsInHours * HOUR;
  const res = await request(ctx.app)
    .post(`/api/courses/${courseId}/sessions`)
    .set('Authorization', `Bearer ${admin.token}`)
    .send({
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + hours * HOUR).toISOString(),
      schedule: 'Sat 09:00-12:00',
      place: 'Sfax',
      capacity,
    });
  expect(res.status).toBe(201);
  return res.body as Session;
}

describe('catalogue cache and sessions that end', () => {
  it('drops a list and a course page cached before a session ended, on every instance, and keeps them until then', async () => {
    const course = await createCourse(ctx.database.db, { name: 'Pottery Evenings', price: 80 });
    const soon = await addSession(course.id, 1, 2, 5); // ends in 3 hours
    const later = await addSession(course.id, 48, 3, 7);
    // Two instances that trust a version read for a minute (the test clock times it).
    const instances: App[] = [
      createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 }),
      createApp({ ...ctx.deps, catalogueMaxAgeMs: 60_000 }),
    ];
    const list = (app: App, etag?: string) => {
      const req = request(app).get('/api/courses?keyword=pottery');
      return etag ? req.set('If-None-Match', etag) : req;
    };
    const card = (res: request.Response) => (res.body as Course[]).find((c) => c._id === course.id);
    const detail = async (app: App) =>
      (await request(app).get(`/api/courses/${course.id}`).expect(200)).body as CourseDetail;

    const etags: string[] = [];
    for (const app of instances) {
      // Asked twice: the answer is kept (and then served from memory).
      await list(app).expect(200);
      const before = await list(app).expect(200);
      expect(card(before)).toMatchObject({
        availability: 12,
        nextSession: { _id: soon._id, seatsLeft: 5 },
      });
      expect((await detail(app)).sessions.map((s) => s._id)).toEqual([soon._id, later._id]);
      await detail(app);
      etags.push(String(before.headers['etag']));
      expect((await list(app, etags.at(-1))).status).toBe(304);
    }

    // An hour later the session has started but not ended: the kept answers still hold.
    ctx.clock.advance(HOUR);
    for (const [i, app] of instances.entries()) {
      expect((await list(app, etags[i])).status).toBe(304);
    }

    // Past its end: every instance answers the course's next session and its seats, not the ended one.
    ctx.clock.advance(2 * HOUR + 60_000);
    for (const [i, app] of instances.entries()) {
      const stale = await list(app, etags[i]);
      expect(stale.status).toBe(200);
      expect(card(stale)).toMatchObject({
        availability: 7,
        nextSession: { _id: later._id, seatsLeft: 7 },
      });
      expect(stale.headers['etag']).not.toBe(etags[i]);
      expect(card(await list(app).expect(200))?.nextSession?._id).toBe(later._id);
      expect((await detail(app)).sessions.map((s) => s._id)).toEqual([later._id]);
    }

    // After the last session ended the course is no longer sold (issue 49: never undated against
    // its own seats): no next session, no seat, on the list and the page of every instance.
    ctx.clock.advance(48 * HOUR);
    expect(course.availability).toBeGreaterThan(0);
    for (const app of instances) {
      expect(card(await list(app).expect(200))).toMatchObject({ nextSession: null, availability: 0 });
      const page = await detail(app);
      expect(page.sessions).toEqual([]);
      expect(page.availability).toBe(0);
    }
  });
});
