import { MESSAGES } from '@shop/shared';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { AppError } from '../../errors.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createCourse } from '../../test/factories.js';
import { buildTurns } from './catalogue-builds.js';

/** A build the test ends when it wants: `started` says whether it ran. */
function heldBuild<T>(value: T) {
  let finish = () => undefined as void;
  const held = {
    started: false,
    finish: () => finish(),
    build: () => {
      held.started = true;
      return new Promise<T>((resolve) => (finish = () => resolve(value)));
    },
  };
  return held;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('catalogue builds take turns', () => {
  it('runs at most `slots` builds at once, the others in the order they came', async () => {
    const inTurn = buildTurns(2, 10_000);
    const builds = ['a', 'b', 'c', 'd'].map((name) => {
      const held = heldBuild(name);
      const result = inTurn(held.build);
      return { held, result };
    });
    await settle();
    expect(builds.map((b) => b.held.started)).toEqual([true, true, false, false]);
    builds[1]!.held.finish();
    expect(await builds[1]!.result).toBe('b');
    await settle();
    expect(builds.map((b) => b.held.started)).toEqual([true, true, true, false]);
    builds[0]!.held.finish();
    await settle();
    expect(builds[3]!.held.started).toBe(true);
    builds[2]!.held.finish();
    builds[3]!.held.finish();
    expect(await Promise.all(builds.map((b) => b.result))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('answers 503 to a build that waits longer than its limit, without running it; a build that has its turn is not cut', async () => {
    const inTurn = buildTurns(1, 50);
    const first = heldBuild('first');
    const firstResult = inTurn(first.build);
    const second = heldBuild('second');
    const started = Date.now();
    const error = await inTurn(second.build).catch((err: unknown) => err);
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({
      status: 503,
      message: MESSAGES.serviceUnavailable,
      code: 'SERVICE_UNAVAILABLE',
    });
    // The first build runs on past the 50 ms; when it ends, the abandoned turn passes without a query.
    await new Promise((resolve) => setTimeout(resolve, 100));
    first.finish();
    expect(await firstResult).toBe('first');
    await settle();
    expect(second.started).toBe(false);
    // The next build gets its turn at once.
    const third = heldBuild('third');
    const thirdResult = inTurn(third.build);
    await settle();
    expect(third.started).toBe(true);
    third.finish();
    expect(await thirdResult).toBe('third');
  });
});

describe('catalogue builds over HTTP', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await createCourse(ctx.database.db, { name: 'Queued Python' });
  });
  afterAll(() => ctx.close());

  it('pages beyond the builds allowed wait their turn, answer 503 with Retry-After when it comes too late, then 200 on a retry', async () => {
    const { limits } = ctx.deps.config;
    // One build at a time, each waiting at most 100 ms for its turn; the version read once and trusted for a minute.
    const app = createApp({
      ...ctx.deps,
      catalogueMaxAgeMs: 60_000,
      config: { ...ctx.deps.config, limits: { ...limits, catalogueBuilds: 1, dbConnectMs: 100 } },
    });
    await request(app).get('/api/courses').expect(200);
    const paths = Array.from({ length: 6 }, (_, i) => `/api/courses?keyword=python&limit=${i + 1}`);
    // The courses locked for 1 s: the first build waits on the lock, the others for their turn.
    let release = () => undefined as void;
    const locked = new Promise<void>((resolve) => (release = resolve));
    let holding = () => undefined as void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const lock = ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table courses in access exclusive mode`);
      holding();
      await locked;
    });
    await held;
    const answers = Promise.all(paths.map((path) => request(app).get(path)));
    setTimeout(release, 1_000);
    await lock;
    const statuses = (await answers).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 503)).toHaveLength(5);
    for (const res of await answers) {
      if (res.status === 200) expect(res.body[0].name).toBe('Queued Python');
      else {
        expect(res.headers['retry-after']).toBe('5');
        expect(res.body).toEqual({
          message: MESSAGES.serviceUnavailable,
          code: 'SERVICE_UNAVAILABLE',
        });
      }
    }
    // Asked again one at a time, each is built.
    for (const path of paths) {
      const res = await request(app).get(path).expect(200);
      expect(res.body[0].name).toBe('Queued Python');
    }
  });
});
