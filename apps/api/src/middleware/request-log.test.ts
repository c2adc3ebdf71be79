import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturingLogger } from '../test/logs.js';
import { requestLogging } from './request-log.js';

function capturing(level: string) {
  const { logger, lines } = capturingLogger(level);
  const app = express();
  app.use(requestLogging(logger));
  app.get('/api/ok', (_req, res) => {
    res.json({ ok: true });
  });
  app.get('/api/users/verify/:token', (req, res) => {
    req.log.error('something broke');
    res.status(500).json({ message: 'x' });
  });
  return { app, lines };
}

describe('request logging', () => {
  it('writes one access line per API request when info lines are wanted', async () => {
    const { app, lines } = capturing('info');
    await request(app)
      .get('/api/ok')
      .set('X-Request-Id', 'abc-123')
      .expect('X-Request-Id', 'abc-123');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      msg: 'request completed',
      req: { id: 'abc-123', url: '/api/ok' },
    });
  });

  it('above info: no access line, but the request id is echoed and errors name the request', async () => {
    const { app, lines } = capturing('warn');
    const ok = await request(app).get('/api/ok').expect(200);
    expect(ok.headers['x-request-id']).toMatch(/^[\w-]{36}$/);
    expect(lines).toHaveLength(0);

    await request(app)
      .get('/api/users/verify/secret-token')
      .set('X-Request-Id', 'req-9')
      .expect(500);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 50,
      msg: 'something broke',
      reqId: 'req-9',
      req: { method: 'GET', url: '/api/users/verify/[redacted]' },
    });
  });
});
