/**
 * The ceilings: servers answering the catalogue page's bytes from memory, with nothing else
 * to do. `node`: a bare node:http server, the fastest any Node server can be on this machine
 * (the API's figures are given as a ratio to it). `express`: Express 5 with one route and no
 * middleware, the fastest an Express handler can be.
 *
 *   tsx bare-server.ts <node|express> <body-file> <port>
 */
import { createServer, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import express from 'express';

const [kind, bodyFile, port] = process.argv.slice(2);
if ((kind !== 'node' && kind !== 'express') || !bodyFile || !port) {
  throw new Error('usage: bare-server.ts <node|express> <body-file> <port>');
}
const body = readFileSync(bodyFile);
const total = process.env['BARE_TOTAL_COUNT'] ?? '0';

function answer(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    'X-Total-Count': total,
  });
  res.end(body);
}

const ready = () => console.log('ready');
if (kind === 'node') {
  createServer((_req, res) => answer(res)).listen(Number(port), '127.0.0.1', ready);
} else {
  const app = express();
  app.get('/api/courses', (_req, res) => answer(res));
  app.listen(Number(port), '127.0.0.1', ready);
}
