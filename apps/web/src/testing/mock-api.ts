import { vi } from 'vitest';

const NodeRequest = globalThis.Request;

/**
 * Node's Request (which the test environment keeps) rejects the relative URLs a browser resolves
 * against the page ('/api/users'); this one resolves them the browser's way.
 */
class BrowserRequest extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, location.href) : input, init);
  }
}

/** A JSON body parsed; any other body (a multipart upload) as its text. */
function parseBody(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return raw;
  }
}

/** A request the screen sent, as the server would see it. */
export interface SentRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Answers one request: a reply, or a function of the request giving one. */
export type Route = Reply | ((request: SentRequest) => Reply);

/**
 * Replaces `fetch` with a tiny fake server: routes are keyed 'METHOD /api/path' (no query).
 * Unknown routes answer 404 so a missing mock shows as a failed request. Every request is
 * recorded in `sent` for assertions on what the screen asked for.
 */
export function mockApi(routes: Record<string, Route>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof NodeRequest
        ? input
        : new NodeRequest(new URL(String(input), location.href), init);
    const url = new URL(request.url, location.href);
    const raw = await request.text();
    const sentRequest: SentRequest = {
      method: request.method,
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: raw ? parseBody(raw) : undefined,
    };
    const key = `${request.method} ${url.pathname}`;
    // Issue 52: the shop's pricing, read by the checkout; the spec's (15 %, no stamp) unless a
    // test gives its own. Not recorded in `sent` unless mocked, so screens' own calls stay first.
    if (key === 'GET /api/shop/pricing' && !routes[key])
      return new Response(JSON.stringify({ taxRate: 15, stampDuty: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    sent.push(sentRequest);
    const route = routes[key];
    const reply =
      typeof route === 'function'
        ? route(sentRequest)
        : (route ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(reply.body ?? {}), {
      status: reply.status ?? 200,
      headers: { 'Content-Type': 'application/json', ...reply.headers },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('Request', BrowserRequest);
  return { sent, fetchMock };
}
