import type { Express } from 'express';
import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import {
  courseDetailSchema,
  courseSchema,
  errorSchema,
  messageSchema,
  orderSchema,
  reviewSchema,
  userInfoSchema,
  userSchema,
} from '@shop/shared';
import { declaredOperations, type Operation } from './route.js';

/** An Express route or a declared operation, with its full path in Express form (`/api/courses/:id`). */
export interface MountedRoute {
  method: string;
  path: string;
}

export interface DocumentedOperation extends Operation {
  /** Full path in Express form. */
  fullPath: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

const joinPath = (prefix: string, path: string) => (prefix + (path === '/' ? '' : path)).replace(/\/+$/, '') || '/';

/** Walks the mounted routers: every route layer and every declared operation, with full paths. */
function walk(app: Express): { routes: MountedRoute[]; operations: DocumentedOperation[] } {
  const routes: MountedRoute[] = [];
  const operations: DocumentedOperation[] = [];
  const visit = (stack: Layer[], owner: unknown, prefix: string) => {
    for (const op of declaredOperations(owner)) operations.push({ ...op, fullPath: joinPath(prefix, op.path) });
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === 'string') {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') routes.push({ method, path: joinPath(prefix, layer.route.path) });
        }
      } else if (layer.handle?.stack && typeof layer.rawPath === 'string') {
        visit(layer.handle.stack, layer.handle, joinPath(prefix, layer.rawPath));
      }
    }
  };
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  visit(router.stack, router, '');
  return { routes, operations };
}

/** Every route Express has mounted under /api (what the document must list). */
export function mountedApiRoutes(app: Express): MountedRoute[] {
  return walk(app).routes.filter((r) => r.path.startsWith('/api'));
}

/** Every operation declared with apiRoutes and mounted, with its full path. */
export function documentedOperations(app: Express): DocumentedOperation[] {
  return walk(app).operations;
}

/** `/api/courses/:id` → `/api/courses/{id}`. */
export const openApiPath = (expressPath: string) => expressPath.replace(/:(\w+)/g, '{$1}');

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad input: malformed JSON, NUL characters, or values the schema refuses (`details` lists the field problems)',
  401: 'No or bad bearer token',
  403: 'Not allowed',
  404: 'Unknown or malformed id, or unknown route',
  409: 'Conflict with the current state',
  413: 'Body too large',
  429: 'Too many requests',
  500: 'A real fault (generic message)',
  503: 'A dependency is down or frozen (`code: SERVICE_UNAVAILABLE`, `Retry-After`)',
};

/** The statuses of `{ message }` answers an operation can give. */
export function errorStatuses(method: Operation['method'], spec: Operation['spec']): number[] {
  // 400 everywhere: besides the declared input, every API URL is checked (NUL characters) and
  // every request body is parsed as JSON, whatever the route reads of it; hence 413 too.
  // 503 everywhere: a database or Redis that is down or frozen answers 503 SERVICE_UNAVAILABLE.
  const statuses = new Set([400, 500, 503, ...(spec.errors ?? [])]);
  if (method !== 'get') statuses.add(413);
  if (spec.access === 'user' || spec.access === 'admin') statuses.add(401);
  if (spec.access === 'admin') statuses.add(403);
  if (spec.params) statuses.add(404);
  return [...statuses].sort((a, b) => a - b);
}

function responsesOf(method: Operation['method'], spec: Operation['spec']): ZodOpenApiResponsesObject {
  const status = spec.status ?? 200;
  const responses: ZodOpenApiResponsesObject = {
    [status]: {
      description: spec.summary,
      ...(spec.answer ? { content: { [spec.answerType ?? 'application/json']: { schema: spec.answer } } } : {}),
      ...(spec.answerHeaders ? { headers: z.object(spec.answerHeaders) } : {}),
    },
  };
  for (const [other, answer] of Object.entries(spec.otherAnswers ?? {})) {
    responses[other as `${1 | 2 | 3 | 4 | 5}${string}`] = {
      description: answer.description,
      ...(answer.schema ? { content: { 'application/json': { schema: answer.schema } } } : {}),
      ...(answer.headers ? { headers: z.object(answer.headers) } : {}),
    };
  }
  for (const error of errorStatuses(method, spec)) {
    responses[String(error) as `4${string}`] ??= {
      description: ERROR_TEXT[error] ?? 'Error',
      content: { 'application/json': { schema: errorSchema } },
    };
  }
  return responses;
}

function operationOf(op: DocumentedOperation): ZodOpenApiOperationObject {
  const { spec } = op;
  const tag = op.fullPath.split('/')[2] ?? 'api';
  return {
    operationId: `${op.method}${openApiPath(op.fullPath).replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: [tag],
    ...(spec.access === 'user' || spec.access === 'admin' ? { security: [{ bearerAuth: [] }] } : {}),
    requestParams: {
      ...(spec.params ? { path: spec.params } : {}),
      ...(spec.query ? { query: spec.query } : {}),
      ...(spec.headers ? { header: spec.headers } : {}),
    },
    ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: spec.body } } } } : {}),
    responses: responsesOf(op.method, spec),
  };
}

/**
 * The OpenAPI 3.1 document of the API, written from the routes Express has mounted and the
 * shared zod schemas they declare (zod-openapi renders zod 4's own JSON Schema).
 */
export function openApiDocument(app: Express): ReturnType<typeof createDocument> {
  const paths: ZodOpenApiPathsObject = {};
  for (const op of documentedOperations(app)) {
    const item = (paths[openApiPath(op.fullPath)] ??= {});
    item[op.method] = operationOf(op);
  }
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Course shop API',
      version: '1.0.0',
      description:
        'The HTTP contract of the course shop. Errors answer `{ message }` (validation errors add `details`). ' +
        'Ids are opaque strings in `_id`; a malformed id is a 404.',
    },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      schemas: {
        Error: errorSchema,
        Message: messageSchema,
        Course: courseSchema,
        CourseDetail: courseDetailSchema,
        Review: reviewSchema,
        Order: orderSchema,
        User: userSchema,
        UserInfo: userInfoSchema,
      },
    },
  });
}
