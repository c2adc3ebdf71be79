import { createServer, type Server } from 'node:http';
import { startJsonServer, type JsonServer } from './json-server.js';

/** How a fake provider answers for now: accept, or fail with this HTTP status. */
export type FakeAnswer = 'accept' | number;

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('the fake has no port');
  return address.port;
}

/**
 * A fake TunisieSMS HTTP API on loopback: `GET /client/Api/Api.aspx?fct=sms&key=…&mobile=…&sms=…&sender=…`
 * (the key checked). Keeps every SMS it accepted; `answer` makes it fail with a status instead.
 */
export class FakeSmsGateway {
  answer: FakeAnswer = 'accept';
  /** Every request received, accepted or not. */
  requests = 0;
  readonly accepted: { mobile: string; sms: string; sender: string }[] = [];
  private server!: Server;
  private port = 0;

  private constructor(private readonly key: string) {}

  static async start(key: string): Promise<FakeSmsGateway> {
    const fake = new FakeSmsGateway(key);
    fake.server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      fake.requests += 1;
      const reply = (status: number, text: string) => {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(text);
      };
      if (req.method !== 'GET' || url.pathname !== '/client/Api/Api.aspx' || url.searchParams.get('fct') !== 'sms')
        return reply(404, 'unknown call');
      if (url.searchParams.get('key') !== fake.key) return reply(401, 'bad key');
      if (fake.answer !== 'accept') return reply(fake.answer, 'gateway error');
      fake.accepted.push({
        mobile: url.searchParams.get('mobile') ?? '',
        sms: url.searchParams.get('sms') ?? '',
        sender: url.searchParams.get('sender') ?? '',
      });
      return reply(200, 'OK');
    });
    fake.port = await listen(fake.server);
    return fake;
  }

  /** SMS_API_URL for a shop talking to this fake directly (a TcpProxy's urlFor() puts itself between). */
  get url(): string {
    return `http://127.0.0.1:${this.port}/client/Api/Api.aspx`;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * A fake WhatsApp Cloud API on loopback: `POST /v21.0/{phone-number-id}/messages` with a Bearer
 * token and a template message body; answers as the Cloud API does (`messages: [{id}]`), or its
 * error shape with `answer`'s status.
 */
export class FakeWhatsApp {
  answer: FakeAnswer = 'accept';
  requests = 0;
  readonly accepted: Record<string, unknown>[] = [];
  private server!: JsonServer;

  private constructor(
    private readonly token: string,
    private readonly phoneNumberId: string,
  ) {}

  static async start(token: string, phoneNumberId: string): Promise<FakeWhatsApp> {
    const fake = new FakeWhatsApp(token, phoneNumberId);
    fake.server = await startJsonServer('WhatsApp', (req) => {
      fake.requests += 1;
      if (req.method !== 'POST' || req.url.pathname !== `/v21.0/${fake.phoneNumberId}/messages`)
        return { status: 404, body: { error: { message: 'Unknown path', code: 100 } } };
      if (req.headers.authorization !== `Bearer ${fake.token}`)
        return { status: 401, body: { error: { message: 'Invalid OAuth access token', type: 'OAuthException', code: 190 } } };
      const body = req.body;
      if (body['messaging_product'] !== 'whatsapp' || body['type'] !== 'template')
        return { status: 400, body: { error: { message: '(#100) Invalid parameter', code: 100 } } };
      if (fake.answer !== 'accept')
        return { status: fake.answer, body: { error: { message: '(#131000) Something went wrong', code: 131000 } } };
      fake.accepted.push(body);
      const to = String(body['to']);
      return {
        status: 200,
        body: { messaging_product: 'whatsapp', contacts: [{ input: to, wa_id: to }], messages: [{ id: `wamid.${fake.accepted.length}` }] },
      };
    });
    return fake;
  }

  get url(): string {
    return `http://127.0.0.1:${this.server.port}/v21.0`;
  }

  close(): Promise<void> {
    return this.server.close();
  }
}
