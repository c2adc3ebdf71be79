import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { MESSAGES, formatAmount } from '@shop/shared';
import { AppError } from '../../errors.js';
import { apiRoutes } from '../../http/route.js';
import type { Logger } from '../../logger.js';
import type { Clock } from '../../lib/clock.js';

/**
 * The built-in demo gateway (no provider configured, outside production; the README and the
 * API call it the "test gateway", hence its path and the `test-gateway` payment mode): a small Konnect
 * look-alike served by the shop itself under /api/payments/test-gateway, so online payment can
 * be tried with `pnpm start` and nothing else, through the very code that talks to Konnect:
 * the Konnect adapter calls its `init-payment` and `payments/{ref}` over HTTP, the customer pays
 * on its page (Pay / Fail, no money moves), and it calls the shop's webhook as Konnect does.
 * Payments live in this instance's memory (a restart forgets them; the shop then sees them as
 * unknown and lets their life span run out).
 */
export const DEMO_GATEWAY_PATH = '/api/payments/test-gateway';
/** At most this many demo payments are remembered (oldest forgotten first). */
const MAX_PAYMENTS = 10_000;

interface DemoPayment {
  id: string;
  status: 'pending' | 'completed';
  amount: number;
  reachedAmount: number;
  orderId: string;
  description: string;
  webhook: string;
  successUrl: string;
  failUrl: string;
  expiresAt: Date;
}

/**
 * Whether an address is under the shop's own (`APP_URL`): same scheme, host and port, a path
 * within its path, no user name or password. The gateway sends the customer's browser to these
 * addresses and fetches the webhook from the shop's own machine: anything else would be an open
 * redirect and a request to wherever an anonymous caller points it (issue 49).
 */
export function isUnderAppUrl(address: string, appUrl: string): boolean {
  if (!URL.canParse(address)) return false;
  const url = new URL(address);
  const base = new URL(appUrl);
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`;
  return (
    url.origin === base.origin &&
    url.username === '' &&
    url.password === '' &&
    (url.pathname === base.pathname || url.pathname.startsWith(basePath))
  );
}

/** `init-payment`'s body: the shop's own addresses only (400 `MESSAGES.testGatewayForeignAddress` otherwise). */
const initBodySchemaFor = (appUrl: string) => {
  const shopAddress = z.string().url().refine((v) => isUnderAppUrl(v, appUrl), MESSAGES.testGatewayForeignAddress);
  return z.object({
    receiverWalletId: z.string().min(1),
    token: z.literal('TND'),
    amount: z.number().int().positive(),
    type: z.literal('immediate'),
    description: z.string().max(500).default(''),
    lifespan: z.number().int().positive().max(1440),
    orderId: z.string().min(1).max(100),
    webhook: shopAddress,
    successUrl: shopAddress,
    failUrl: shopAddress,
  });
};

const refParams = z.object({ ref: z.string().regex(/^[0-9a-f]{24}$/, 'Payment not found') });

const demoPaymentSchema = z.object({
  payment: z.object({
    id: z.string(),
    status: z.enum(['pending', 'completed']),
    amount: z.number(),
    reachedAmount: z.number(),
    token: z.literal('TND'),
    orderId: z.string(),
    expirationDate: z.string(),
  }),
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f5f7;color:#1d2330}
main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 1px 4px #0002}
h1{font-size:1.4rem;margin-top:0}.note{background:#fff4d6;padding:.75rem;border-radius:.5rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.4rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.actions{display:flex;gap:1rem;flex-wrap:wrap;margin-top:1.5rem}form{flex:1 1 8rem}
button{width:100%;font-size:1.05rem;padding:.8rem;border:0;border-radius:.5rem;cursor:pointer}
button:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
.pay{background:#137333;color:#fff}.fail{background:#b3261e;color:#fff}
</style></head><body><main>${body}</main></body></html>`;
}

export interface DemoGateway {
  router: Router;
}

export function createDemoGateway({ appUrl, clock, logger }: { appUrl: string; clock: Clock; logger: Logger }): DemoGateway {
  const payments = new Map<string, DemoPayment>();
  const router = Router();
  const routes = apiRoutes(router);

  const find = (ref: string): DemoPayment => {
    const payment = payments.get(ref);
    if (!payment) throw new AppError(404, 'Payment not found');
    return payment;
  };

  /** Calls the shop's webhook as Konnect does (GET with payment_ref); the outcome is the shop's business. */
  const callWebhook = async (payment: DemoPayment) => {
    const url = new URL(payment.webhook);
    url.searchParams.set('payment_ref', payment.id);
    try {
      await fetch(url, { signal: AbortSignal.timeout(5_000) });
    } catch (err) {
      logger.warn({ orderId: payment.orderId, paymentRef: payment.id, cause: (err as Error).message }, 'test gateway: webhook call failed');
    }
  };

  routes.post(
    '/payments/init-payment',
    {
      summary: 'Test gateway (not in production): start a payment, as Konnect’s init-payment',
      description: 'The webhook, success and fail addresses must be under the shop’s own address (`APP_URL`): 400 otherwise.',
      body: initBodySchemaFor(appUrl),
      answer: z.object({ payUrl: z.string(), paymentRef: z.string() }),
    },
    ({ body }) => {
      const id = randomBytes(12).toString('hex');
      if (payments.size >= MAX_PAYMENTS) {
        const oldest = payments.keys().next().value;
        if (oldest !== undefined) payments.delete(oldest);
      }
      payments.set(id, {
        id,
        status: 'pending',
        amount: body.amount,
        reachedAmount: 0,
        orderId: body.orderId,
        description: body.description,
        webhook: body.webhook,
        successUrl: body.successUrl,
        failUrl: body.failUrl,
        expiresAt: new Date(clock.now().getTime() + body.lifespan * 60_000),
      });
      return { payUrl: `${appUrl}${DEMO_GATEWAY_PATH}/pay/${id}`, paymentRef: id };
    },
  );

  routes.get(
    '/payments/:ref',
    {
      summary: 'Test gateway (not in production): a payment, as Konnect’s GET payments/{paymentRef}',
      params: refParams,
      answer: demoPaymentSchema,
    },
    ({ params }) => {
      const p = find(params.ref);
      return {
        payment: {
          id: p.id,
          status: p.status,
          amount: p.amount,
          reachedAmount: p.reachedAmount,
          token: 'TND' as const,
          orderId: p.orderId,
          expirationDate: p.expiresAt.toISOString(),
        },
      };
    },
  );

  routes.get(
    '/pay/:ref',
    {
      summary: 'Test gateway (not in production): the payment page, with Pay and Fail buttons',
      params: refParams,
      answer: z.string().meta({ description: 'An HTML page' }),
      answerType: 'text/html',
    },
    ({ params }, _req, res) => {
      const p = find(params.ref);
      const amount = `${formatAmount(p.amount / 1000)} TND`;
      const over = p.status === 'pending' && clock.now() >= p.expiresAt;
      const body =
        p.status === 'completed'
          ? `<h1>Already paid</h1><p>This payment is complete.</p><p><a href="${escapeHtml(p.successUrl)}">Back to the shop</a></p>`
          : over
            ? `<h1>Payment expired</h1><p>This payment page is no longer valid.</p><p><a href="${escapeHtml(p.failUrl)}">Back to the shop</a></p>`
            : `<h1>Test payment</h1>
<p class="note">This is the shop's built-in test gateway: no card is asked for and no money moves.
Choose what the payment does.</p>
<dl><dt>Amount</dt><dd>${escapeHtml(amount)}</dd><dt>For</dt><dd>${escapeHtml(p.description)}</dd></dl>
<div class="actions">
<form method="post" action="${DEMO_GATEWAY_PATH}/pay/${p.id}/complete"><button class="pay" type="submit">Pay ${escapeHtml(amount)}</button></form>
<form method="post" action="${DEMO_GATEWAY_PATH}/pay/${p.id}/fail"><button class="fail" type="submit">Fail</button></form>
</div>`;
      res.setHeader('Cache-Control', 'no-store');
      res.type('html').send(page('Test payment', body));
    },
  );

  const redirect = { status: 303, answerHeaders: { Location: z.string() } } as const;

  routes.post(
    '/pay/:ref/complete',
    {
      summary: 'Test gateway (not in production): pay; calls the webhook and goes back to the shop',
      params: refParams,
      ...redirect,
    },
    async ({ params }, _req, res) => {
      const p = find(params.ref);
      if (p.status === 'pending' && clock.now() < p.expiresAt) {
        p.status = 'completed';
        p.reachedAmount = p.amount;
        logger.info({ orderId: p.orderId, paymentRef: p.id }, 'test gateway: payment completed');
        await callWebhook(p);
      }
      res.redirect(303, p.status === 'completed' ? p.successUrl : p.failUrl);
    },
  );

  routes.post(
    '/pay/:ref/fail',
    {
      summary: 'Test gateway (not in production): the payment fails; back to the shop',
      params: refParams,
      ...redirect,
    },
    ({ params }, _req, res) => {
      const p = find(params.ref);
      // As at Konnect, a failed try leaves the payment pending: it can still be paid until its life span ends.
      logger.info({ orderId: p.orderId, paymentRef: p.id }, 'test gateway: payment failed');
      res.redirect(303, p.status === 'completed' ? p.successUrl : p.failUrl);
    },
  );

  return { router };
}
