import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A request to a fake provider, read whole: the body parsed when it is JSON. */
export interface JsonRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface JsonServer {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * An HTTP server on loopback that answers JSON, for the fake payment providers: each request is
 * read whole and given to `handle`, whose status and body are sent back.
 */
export async function startJsonServer(
  name: string,
  handle: (request: JsonRequest) => { status: number; body: unknown },
): Promise<JsonServer> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const { status, body } = handle({
        method: req.method ?? 'GET',
        url: new URL(req.url ?? '/', 'http://fake'),
        headers: req.headers,
        body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
      });
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error(`the fake ${name} has no port`);
  return {
    port: address.port,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
