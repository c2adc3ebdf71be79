import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

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

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly apiKey: string,
  ) {}

  static async start(apiKey: string): Promise<FakeKonnect> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('the fake Konnect has no port');
    const fake = new FakeKonnect(server, address.port, apiKey);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      void fake.handle(req).then(({ status, body }) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      });
    });
    return fake;
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

  private async handle(req: IncomingMessage): Promise<{ status: number; body: unknown }> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const apiKey = req.headers['x-api-key'] as string | undefined;
    if (apiKey !== this.apiKey) return { status: 401, body: { errors: [{ code: 'Unauthorized' }] } };
    if (req.method === 'POST' && url.pathname === '/api/v2/payments/init-payment') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
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
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
