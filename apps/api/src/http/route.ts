import type { Request, RequestHandler, Response, Router } from 'express';
import { z } from 'zod';
import { AppError } from '../errors.js';
import type { AuthUser } from '../middleware/auth.js';
import { parseInput } from '../middleware/validate.js';

/**
 * The typed edge: every API route is declared with the shared zod schemas of its input and its
 * answer. The helper validates the input before the handler runs (the handler gets typed values,
 * never `req.body as X`), and the same declaration writes the OpenAPI document (http/openapi.ts).
 *
 * Adding a route, in a feature's router:
 *
 *   const routes = apiRoutes(router, guards);            // guards: built once in app.ts (modules/identity/auth.service.ts)
 *   routes.post('/:id/cancel', {
 *     summary: 'Cancel an order',
 *     access: 'user',                                    // 'public' | 'user' | 'admin'
 *     params: idParams(MESSAGES.orderNotFound),          // a malformed id answers 404
 *     answer: orderSchema,                               // the 200 body
 *     errors: [409],                                     // other `{ message }` answers
 *   }, ({ params, user }) => cancelOrder(ctx, user, params.id));
 *
 * The handler returns the answer body (sent as JSON with `status`, default 200), or answers
 * through `res` itself and returns nothing (cached catalogue answers, files).
 */

/** The `X-Total-Count` answer header of a paged list (its OpenAPI declaration). */
export const totalCountHeader = (what: string) => ({
  'X-Total-Count': z.string().meta({ description: `Number of matching ${what}` }),
});

/** A page of a list: its total goes out in `X-Total-Count`, its items are the answer. */
export function answerPage<T>(res: Response, items: T, total: number): T {
  res.setHeader('X-Total-Count', String(total));
  return items;
}

export type Access = 'public' | 'user' | 'admin';
type HttpMethod = 'get' | 'post' | 'put' | 'delete';

/** The object schema of path parameters, query or headers. */
type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

/** One more answer of a route besides the main one (a 304, a replayed 200). */
export interface OtherAnswer {
  description: string;
  schema?: z.ZodType;
  headers?: Record<string, z.ZodType>;
}

export interface RouteSpec<
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends ObjectSchema | undefined = undefined,
  A extends z.ZodType | undefined = undefined,
  W extends Access = 'public',
> {
  summary: string;
  description?: string;
  /** Who may call it; 'user' and 'admin' run the bearer-token guard first (401, 403). */
  access?: W;
  /** Path parameters; a value the schema refuses names nothing: 404 with the schema's message. */
  params?: P;
  /** Query string (every value arrives as a string); refused: 400 with `details`. */
  query?: Q;
  /** JSON body; refused: 400 with `details`. */
  body?: B;
  /** Request headers, lower-case names; refused: 400 with the schema's message. */
  headers?: H;
  /** Status of the main answer (default 200). */
  status?: number;
  /** Schema of the main answer's body; absent: no body. */
  answer?: A;
  /** Media type of the main answer (default application/json). */
  answerType?: string;
  /** Response headers of the main answer. */
  answerHeaders?: Record<string, z.ZodType>;
  otherAnswers?: Record<number, OtherAnswer>;
  /**
   * Statuses of `{ message }` answers besides those every route has (400, 500; 413 unless GET)
   * and those the declaration implies (401/403 for access, 404 for path parameters).
   */
  errors?: number[];
  /** Middleware run after the access guard and before validation (rate limits, …). */
  before?: RequestHandler[];
}

type Out<S> = S extends z.ZodType ? z.output<S> : Record<string, never>;

/** What a handler receives: validated, typed input, and the user behind a guard. */
export interface RouteInput<P, Q, B, H, W extends Access> {
  params: Out<P>;
  query: Out<Q>;
  body: B extends z.ZodType ? z.output<B> : undefined;
  headers: Out<H>;
  user: W extends 'public' ? AuthUser | undefined : AuthUser;
}

type Answer<A> = A extends z.ZodType ? z.input<A> : undefined;

export type RouteHandler<P, Q, B, H, A, W extends Access> = (
  input: RouteInput<P, Q, B, H, W>,
  req: Request,
  res: Response,
) => Promise<Answer<A> | void> | Answer<A> | void;

/** A declared route as the document and the answer checks read it. */
export interface Operation {
  method: HttpMethod;
  /** Express path inside its router, e.g. `/:id`. */
  path: string;
  spec: RouteSpec<ObjectSchema | undefined, ObjectSchema | undefined, z.ZodType | undefined, ObjectSchema | undefined, z.ZodType | undefined, Access>;
}

/** The guards `access` names; built once per app by app.ts (modules/identity/auth.service.ts), handed to routers as ctx.guards. */
export interface AccessGuards {
  user: RequestHandler;
  admin: RequestHandler;
}

const operationsOf = new WeakMap<object, Operation[]>();

/** The routes declared on `router` through apiRoutes, in order. */
export function declaredOperations(router: unknown): readonly Operation[] {
  return (typeof router === 'function' || (typeof router === 'object' && router !== null)
    ? operationsOf.get(router)
    : undefined) ?? [];
}

type Declare = <
  P extends ObjectSchema | undefined = undefined,
  Q extends ObjectSchema | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  H extends ObjectSchema | undefined = undefined,
  A extends z.ZodType | undefined = undefined,
  W extends Access = 'public',
>(
  path: string,
  spec: RouteSpec<P, Q, B, H, A, W>,
  handler: RouteHandler<P, Q, B, H, A, W>,
) => void;

export interface ApiRoutes {
  get: Declare;
  post: Declare;
  put: Declare;
  delete: Declare;
}

/** Declares typed routes on an Express router (see the comment at the top of this file). */
export function apiRoutes(router: Router, guards?: AccessGuards): ApiRoutes {
  const operations: Operation[] = [];
  operationsOf.set(router, operations);
  const declare =
    (method: HttpMethod): Declare =>
    (path, spec, handler) => {
      operations.push({ method, path, spec: spec as Operation['spec'] });
      const access = spec.access ?? 'public';
      if (access !== 'public' && !guards) throw new Error(`${method.toUpperCase()} ${path}: access '${access}' needs guards`);
      const guard = access === 'public' || !guards ? [] : access === 'user' ? [guards.user] : [guards.user, guards.admin];
      router[method](path, ...guard, ...(spec.before ?? []), async (req, res) => {
        // Body before path: a bad body is a 400 even on an id that names nothing (as before the helper).
        const query = spec.query ? parseInput(spec.query, req.query) : {};
        const body = spec.body ? parseInput(spec.body, req.body) : undefined;
        const headers = spec.headers ? parseHeaders(spec.headers, req) : {};
        const params = spec.params ? parseParams(spec.params, req.params) : {};
        const input = { params, query, body, headers, user: req.user } as RouteInput<
          typeof spec.params,
          typeof spec.query,
          typeof spec.body,
          typeof spec.headers,
          typeof spec.access & Access
        >;
        const answer = await handler(input as never, req, res);
        if (res.headersSent) return;
        if (answer === undefined) {
          res.status(spec.status ?? 200).end();
          return;
        }
        res.status(spec.status ?? 200).json(answer);
      });
    };
  return { get: declare('get'), post: declare('post'), put: declare('put'), delete: declare('delete') };
}

/** A path parameter the schema refuses names nothing: 404 with the schema's own message. */
function parseParams(schema: ObjectSchema, params: unknown): Record<string, unknown> {
  const result = schema.safeParse(params);
  if (result.success) return result.data;
  throw new AppError(404, result.error.issues[0]?.message ?? 'Not found');
}

/** Headers: 400 with the schema's message alone (a header name is no field path). */
function parseHeaders(schema: ObjectSchema, req: Request): Record<string, unknown> {
  const result = schema.safeParse(req.headers);
  if (result.success) return result.data;
  throw new AppError(400, result.error.issues[0]?.message ?? 'Invalid input');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path segment can be an `_id` (ids are UUIDs inside; anything else names nothing). */
export const isId = (value: string) => UUID.test(value);

/**
 * `{ id }` path parameters: ids are UUIDs inside, so anything else names nothing and answers
 * 404 with `notFoundMessage` before any query (a malformed id is a 404, as an unknown one: docs/api.md#basics).
 */
export function idParams(notFoundMessage: string) {
  return z.object({
    id: z.string().regex(UUID, notFoundMessage).meta({ description: 'An `_id`', format: 'uuid' }),
  });
}
