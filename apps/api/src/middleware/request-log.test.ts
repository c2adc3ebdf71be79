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
  it('writes one short access line per API request at info: method, path, status, time, id; no headers', async () => {
    const { app, lines } = capturing('info');
    await request(app)
      .get('/api/ok')
      .set('X-Request-Id', 'abc-123')
      .set('Cookie', 'session=secret')
      .expect('X-Request-Id', 'abc-123');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.msg).toMatch(/^GET \/api\/ok 200 \d+ ms$/);
    expect(line).toMatchObject({ level: 30, req: { id: 'abc-123', method: 'GET', url: '/api/ok' }, res: { statusCode: 200 } });
    expect(typeof line.responseTime).toBe('number');
    expect(JSON.stringify(line)).not.toMatch(/headers|cookie|secret/i);
  });

  it('names a link-token path redacted in the access line', async () => {
    const { app, lines } = capturing('info');
    await request(app).get('/api/users/verify/secret-token').expect(500);
    const access = lines.find((l) => l.res !== undefined)!;
    expect(access.msg).toBe('GET /api/users/verify/[redacted] 500');
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });

  it('writes the headers only at debug', async () => {
    const { app, lines } = capturing('debug');
    await request(app).get('/api/ok').set('Accept-Language', 'fr').expect(200);
    const access = lines.find((l) => l.res !== undefined)!;
    expect(access).toMatchObject({ req: { headers: { 'accept-language': 'fr' } }, res: { headers: { 'x-request-id': expect.any(String) } } });
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
