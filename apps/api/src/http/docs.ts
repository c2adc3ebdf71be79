import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { z } from 'zod';
import { apiRoutes } from './route.js';

/**
 * The contract as a reader sees it: `GET /api/openapi.json` and a reference page at `/api/docs`
 * (Swagger UI from the swagger-ui-dist package, served by the shop itself: it works offline and
 * within helmet's CSP, scripts from 'self' only, no inline script).
 */
const SWAGGER_UI = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const ASSETS = '/api/docs/assets';

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Course shop API reference</title>
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<main id="reference"></main>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/start.js"></script>
</body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to validator.swagger.io.
const START = `window.ui = SwaggerUIBundle({ url: '/api/openapi.json', dom_id: '#reference', validatorUrl: null, deepLinking: true });\n`;

/** Mounted at /api. `document` is built once, after every router is mounted. */
export function docsRouter(document: () => unknown): Router {
  const router = Router();
  const routes = apiRoutes(router);

  routes.get(
    '/openapi.json',
    {
      summary: 'This OpenAPI 3.1 document',
      answer: z.looseObject({ openapi: z.string(), paths: z.record(z.string(), z.unknown()) }),
    },
    () => document() as { openapi: string; paths: Record<string, unknown> },
  );

  routes.get(
    '/docs',
    { summary: 'The API reference page (HTML)', answer: z.string(), answerType: 'text/html' },
    (_input, _req, res) => {
      res.type('html').setHeader('Cache-Control', 'no-cache');
      res.send(PAGE);
    },
  );

  // Assets, not operations: middleware rather than routes, so the document need not list them.
  router.use('/docs/assets/start.js', (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    res.type('js').setHeader('Cache-Control', 'no-cache');
    res.send(START);
  });
  router.use('/docs/assets', express.static(SWAGGER_UI, { maxAge: '1d', index: false, fallthrough: false }));
  return router;
}
