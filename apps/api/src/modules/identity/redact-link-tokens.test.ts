import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { capturingLogger } from '../../test/logs.js';
import { redactLinkTokens } from '../../lib/redact-link-tokens.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('link tokens stay out of the logs', () => {
  it('redacts the token segment of verify and reset URLs only', () => {
    expect(redactLinkTokens('/api/users/verify/abc_DEF-123')).toBe('/api/users/verify/[redacted]');
    expect(redactLinkTokens('/api/users/reset-password/abc?x=1')).toBe('/api/users/reset-password/[redacted]?x=1');
    expect(redactLinkTokens('/api/users/validate-reset-token/abc')).toBe('/api/users/validate-reset-token/[redacted]');
    expect(redactLinkTokens('/api/users/confirm-email/abc_DEF-123')).toBe('/api/users/confirm-email/[redacted]');
    expect(redactLinkTokens('/confirm-email/abc_DEF-123')).toBe('/confirm-email/[redacted]');
    expect(redactLinkTokens('/api/users/cancel-email/abc_DEF-123')).toBe('/api/users/cancel-email/[redacted]');
    expect(redactLinkTokens('/cancel-email/abc_DEF-123')).toBe('/cancel-email/[redacted]');
    expect(redactLinkTokens('/verify/abc_DEF-123?x=1')).toBe('/verify/[redacted]?x=1');
    expect(redactLinkTokens('/course/abc')).toBe('/course/abc');
    expect(redactLinkTokens('/order/0a1b?payer=abc_DEF-123')).toBe('/order/0a1b?payer=[redacted]');
    expect(redactLinkTokens('/order/0a1b?x=1&payer=abc_DEF-123#top')).toBe('/order/0a1b?x=1&payer=[redacted]#top');
    expect(redactLinkTokens('/api/users/profile')).toBe('/api/users/profile');
    expect(redactLinkTokens('/api/courses/verify/abc')).toBe('/api/courses/verify/abc');
  });

  it('request logs show the route but never the token', async () => {
    const { logger, lines } = capturingLogger();
    const app = createApp({ ...ctx.deps, logger });
    const token = 'SecretLinkToken_0123456789abcdefghijklmnopq';
    await request(app).get(`/api/users/verify/${token}`).expect(400);
    await request(app).get(`/api/users/validate-reset-token/${token}`).expect(400);
    await request(app).post(`/api/users/reset-password/${token}`).send({ newPassword: 'new-password' }).expect(400);
    await request(app).get(`/api/users/confirm-email/${token}`).expect(400);
    await request(app).get(`/api/users/cancel-email/${token}`).expect(400);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    expect(JSON.stringify(lines)).toContain('/api/users/cancel-email/[redacted]');
    expect(JSON.stringify(lines)).toContain('/api/users/confirm-email/[redacted]');
    const logged = JSON.stringify(lines);
    expect(logged).toContain('/api/users/reset-password/[redacted]');
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('new-password');
  });
});
