import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { z } from 'zod';
import { errorSchema } from '@shop/shared';
import type { App } from '../app.js';
import { documentedOperations, errorStatuses, type DocumentedOperation } from '../http/openapi.js';

/**
 * Every answer an API test receives is checked against the route's documented answer (the same
 * declaration that writes /api/openapi.json): a status the document does not list, a body its
 * schema refuses or a documented header that is missing is recorded, and the test fails in
 * afterEach (test/setup.ts) with the list. So the document cannot drift from what the API says.
 */

const violations: string[] = [];

/** The answers that broke the document since the last call (and forgets them). */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

interface Matcher {
  method: string;
  pattern: RegExp;
  op: DocumentedOperation;
}

function matchersOf(app: App): Matcher[] {
  return documentedOperations(app.express).map((op) => ({
    method: op.method.toUpperCase(),
    pattern: new RegExp(`^${op.fullPath.replace(/[.]/g, '\\.').replace(/:\w+/g, '[^/]+')}/?$`),
    op,
  }));
}

function check(matchers: Matcher[], url: string, req: IncomingMessage, res: ServerResponse, raw: Buffer): void {
  if (!url.startsWith('/api')) return;
  const path = url.split('?')[0] ?? '';
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? '');
  const status = res.statusCode;
  const where = `${req.method} ${path} answered ${status}`;
  const json = (): unknown => {
    const type = String(res.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json')) throw new Error(`${where} with ${type || 'no content type'}, not JSON`);
    const encoding = String(res.getHeader('content-encoding') ?? '');
    const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
    return JSON.parse(body.toString('utf8'));
  };
  const expectBody = (schema: z.ZodType) => {
    if (req.method === 'HEAD' || status === 304) return;
    const result = schema.safeParse(json());
    if (!result.success) {
      const issue = result.error.issues[0];
      violations.push(`${where}: body does not match the documented schema (${issue?.path.join('.')}: ${issue?.message})`);
    }
  };
  try {
    const match = matchers.find((m) => m.method === method && m.pattern.test(path));
    if (!match) {
      // Unknown routes and methods: the one error shape.
      if (status >= 400) expectBody(errorSchema);
      return;
    }
    const { spec } = match.op;
    if (status === (spec.status ?? 200)) {
      if (spec.answer && (spec.answerType ?? 'application/json') === 'application/json') expectBody(spec.answer);
      for (const header of Object.keys(spec.answerHeaders ?? {})) {
        if (res.getHeader(header) === undefined) violations.push(`${where} without its documented ${header} header`);
      }
      return;
    }
    const other = spec.otherAnswers?.[status];
    if (other) {
      if (other.schema) expectBody(other.schema);
      return;
    }
    if (errorStatuses(match.op.method, spec).includes(status)) {
      expectBody(errorSchema);
      return;
    }
    violations.push(`${where}, a status the document does not list for ${match.op.method.toUpperCase()} ${match.op.fullPath}`);
  } catch (err) {
    violations.push(`${where}: ${err instanceof Error ? err.message : String(err)}`);
  }
}

/** The app, with every answer checked against the document (see above). */
export function checkedAgainstDocument(app: App): App {
  let matchers: Matcher[] | undefined;
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    // As received: Express rewrites req.url inside mounted routers.
    const url = req.url ?? '';
    const chunks: Buffer[] = [];
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (typeof chunk === 'string') chunks.push(Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8'));
      else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
    };
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
    res.write = ((...args: unknown[]) => {
      keep(args[0], args[1]);
      return write(...args);
    }) as ServerResponse['write'];
    res.end = ((...args: unknown[]) => {
      if (typeof args[0] !== 'function') keep(args[0], args[1]);
      return end(...args);
    }) as ServerResponse['end'];
    res.on('finish', () => check((matchers ??= matchersOf(app)), url, req, res, Buffer.concat(chunks)));
    app(req, res);
  };
  return Object.assign(listener, { express: app.express, courses: app.courses, events: app.events, payments: app.payments });
}
