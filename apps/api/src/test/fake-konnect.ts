import { randomBytes } from 'node:crypto';
import { startJsonServer, type JsonRequest, type JsonServer } from './json-server.js';

/** A payment as the fake keeps it; tests change it to play Konnect's side. */
export interface FakePayment {
  id: string;
  status: 'pending' | 'completed';
  amount: number;
  reachedAmount: number;
  orderId: string;
  body: Record<string, unknown>;
}

/**
 * A fake Konnect API v2 on loopback, speaking its two calls over real HTTP: `POST
 * /api/v2/payments/init-payment` (x-api-key checked) and `GET /api/v2/payments/{ref}`. Tests
 * complete payments, tamper with what it answers (another amount, another order id) and count
 * the calls it got.
 */
export class FakeKonnect {
  readonly payments = new Map<string, FakePayment>();
  /** Every init-payment received: headers and body. */
  readonly inits: { apiKey: string | undefined; body: Record<string, unknown> }[] = [];
  /** GET payments/{ref} calls per reference. */
  readonly lookups = new Map<string, number>();

  private server!: JsonServer;

  private constructor(private readonly apiKey: string) {}

  static async start(apiKey: string): Promise<FakeKonnect> {
    const fake = new FakeKonnect(apiKey);
    fake.server = await startJsonServer('Konnect', (request) => fake.handle(request));
    return fake;
  }

  get port(): number {
    return this.server.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/api/v2`;
  }

  /** The customer paid the whole amount on Konnect's page. */
  complete(ref: string): FakePayment {
    const payment = this.require(ref);
    payment.status = 'completed';
    payment.reachedAmount = payment.amount;
    return payment;
  }

  require(ref: string): FakePayment {
    const payment = this.payments.get(ref);
    if (!payment) throw new Error(`the fake Konnect knows no payment ${ref}`);
    return payment;
  }

  lookupsOf(ref: string): number {
    return this.lookups.get(ref) ?? 0;
  }

  private handle(req: JsonRequest): { status: number; body: unknown } {
    const { url, body } = req;
    const apiKey = req.headers['x-api-key'] as string | undefined;
    if (apiKey !== this.apiKey) return { status: 401, body: { errors: [{ code: 'Unauthorized' }] } };
    if (req.method === 'POST' && url.pathname === '/api/v2/payments/init-payment') {
      this.inits.push({ apiKey, body });
      const id = randomBytes(12).toString('hex');
      this.payments.set(id, {
        id,
        status: 'pending',
        amount: Number(body['amount']),
        reachedAmount: 0,
        orderId: String(body['orderId']),
        body,
      });
      return { status: 200, body: { payUrl: `https://gateway.sandbox.konnect.network/pay?payment_ref=${id}`, paymentRef: id } };
    }
    const match = /^\/api\/v2\/payments\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match?.[1]) {
      const ref = decodeURIComponent(match[1]);
      this.lookups.set(ref, this.lookupsOf(ref) + 1);
      const payment = this.payments.get(ref);
      if (!payment) return { status: 404, body: { errors: [{ code: 'NotFound' }] } };
      const { body: _init, ...shown } = payment;
      return { status: 200, body: { payment: { ...shown, token: 'TND', type: 'immediate', amountDue: shown.amount - shown.reachedAmount } } };
    }
    return { status: 404, body: { errors: [{ code: 'NotFound' }] } };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
