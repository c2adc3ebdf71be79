import { randomBytes } from 'node:crypto';
import { startJsonServer, type JsonRequest, type JsonServer } from './json-server.js';

export type FlouciStatus = 'SUCCESS' | 'PENDING' | 'EXPIRED' | 'FAILURE';

/** A payment as the fake keeps it; tests change it to play Flouci's side. */
export interface FakeFlouciPayment {
  id: string;
  status: FlouciStatus;
  /** Millimes. */
  amount: number;
  developerTrackingId: string;
  body: Record<string, unknown>;
}

/**
 * A fake Flouci payment API v2 on loopback, written from its public documentation
 * (https://docs.flouci.com): `POST /api/v2/generate_payment` answers
 * `{result: {success, payment_id, link, developer_tracking_id}, name, code, version}`, and
 * `GET /api/v2/verify_payment/{payment_id}` answers `{success, result: {type, amount, status,
 * details, developer_tracking_id}, status_code, ...}`; both want
 * `Authorization: Bearer <public key>:<private key>`. Tests change a payment's status, tamper with
 * what it answers (another amount, another tracking id) and count the calls it got.
 */
export class FakeFlouci {
  readonly payments = new Map<string, FakeFlouciPayment>();
  /** Every generate_payment received: the Authorization header and the body. */
  readonly generated: { authorization: string | undefined; body: Record<string, unknown> }[] = [];
  /** verify_payment calls per payment id. */
  readonly verifications = new Map<string, number>();

  private server!: JsonServer;

  private constructor(private readonly authorization: string) {}

  static async start(appToken: string, appSecret: string): Promise<FakeFlouci> {
    const fake = new FakeFlouci(`Bearer ${appToken}:${appSecret}`);
    fake.server = await startJsonServer('Flouci', (request) => fake.handle(request));
    return fake;
  }

  get port(): number {
    return this.server.port;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/api/v2`;
  }

  /** The customer paid on Flouci's page (or the session ended, or the payment failed). */
  setStatus(id: string, status: FlouciStatus): FakeFlouciPayment {
    const payment = this.require(id);
    payment.status = status;
    return payment;
  }

  require(id: string): FakeFlouciPayment {
    const payment = this.payments.get(id);
    if (!payment) throw new Error(`the fake Flouci knows no payment ${id}`);
    return payment;
  }

  verificationsOf(id: string): number {
    return this.verifications.get(id) ?? 0;
  }

  totalVerifications(): number {
    return [...this.verifications.values()].reduce((a, b) => a + b, 0);
  }

  private handle(req: JsonRequest): { status: number; body: unknown } {
    const { url, body } = req;
    const authorization = req.headers.authorization;
    if (authorization !== this.authorization) {
      return { status: 401, body: { success: false, message: 'Invalid credentials', code: 1, name: 'developers' } };
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/generate_payment') {
      this.generated.push({ authorization, body });
      const id = randomBytes(16).toString('base64url');
      const trackingId = String(body['developer_tracking_id'] ?? '');
      this.payments.set(id, { id, status: 'PENDING', amount: Number(body['amount']), developerTrackingId: trackingId, body });
      return {
        status: 200,
        body: {
          result: { success: true, payment_id: id, link: `https://flouci.com/pay/${id}`, developer_tracking_id: trackingId },
          name: 'developers',
          code: 0,
          version: 'v2',
        },
      };
    }
    const match = /^\/api\/v2\/verify_payment\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && match?.[1]) {
      const id = decodeURIComponent(match[1]);
      this.verifications.set(id, this.verificationsOf(id) + 1);
      const payment = this.payments.get(id);
      if (!payment) return { status: 404, body: { success: false, message: 'Payment not found', code: 1, name: 'developers' } };
      return {
        status: 200,
        body: {
          success: true,
          result: {
            type: 'card',
            amount: payment.amount,
            status: payment.status,
            details:
              payment.status === 'SUCCESS'
                ? { order_number: payment.id, name: 'FOULEN BEN FOULEN', pan: '450921**1119', payment_system: 'VISA', currency: '788' }
                : {},
            developer_tracking_id: payment.developerTrackingId,
          },
          status_code: 200,
          name: 'developers',
          code: 0,
          version: '2.0.0',
        },
      };
    }
    return { status: 404, body: { success: false, message: 'Not found' } };
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
