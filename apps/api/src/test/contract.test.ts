import express, { Router } from 'express';
import request from 'supertest';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { courseSchema } from '@shop/shared';
import type { App } from '../app.js';
import { apiRoutes } from '../http/route.js';
import { checkedAgainstDocument, takeContractViolations } from './contract.js';

/** A tiny API whose answers break its own declarations in known ways. */
function liar(): App {
  const app = express();
  const router = Router();
  const routes = apiRoutes(router);
  routes.get('/course', { summary: 'A course', answer: courseSchema }, () => ({ _id: 'c1', name: 'No price' }) as never);
  routes.get('/teapot', { summary: 'Nothing', answer: z.object({}) }, (_input, _req, res) => {
    res.status(418).json({ message: 'I am a teapot' });
  });
  routes.get(
    '/paged',
    { summary: 'A page', answer: z.array(z.string()), answerHeaders: { 'X-Total-Count': z.string() } },
    () => ['a'],
  );
  routes.get('/fine', { summary: 'Fine', answer: z.object({ ok: z.boolean() }) }, () => ({ ok: true }));
  app.use('/api/liar', router);
  return Object.assign((req: Parameters<App>[0], res: Parameters<App>[1]) => app(req, res), {
    express: app,
    courses: { courseChanged: () => undefined },
    events: undefined as never,
    payments: undefined as never,
  });
}

describe('answers checked against the document', () => {
  it('records a body the schema refuses, an undocumented status and a missing documented header', async () => {
    const app = checkedAgainstDocument(liar());
    await request(app).get('/api/liar/course').expect(200);
    await request(app).get('/api/liar/teapot').expect(418);
    await request(app).get('/api/liar/paged').expect(200);
    await request(app).get('/api/liar/fine').expect(200);
    const violations = takeContractViolations();
    expect(violations).toHaveLength(3);
    expect(violations[0]).toMatch(/^GET \/api\/liar\/course answered 200: body does not match the documented schema \(price: /);
    expect(violations[1]).toBe('GET /api/liar/teapot answered 418, a status the document does not list for GET /api/liar/teapot');
    expect(violations[2]).toBe('GET /api/liar/paged answered 200 without its documented X-Total-Count header');
  });
});
