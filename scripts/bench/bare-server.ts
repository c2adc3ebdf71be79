/**
 * The ceiling: a bare node:http server answering the catalogue page's bytes from memory.
 * Nothing any Node server does on this machine can be faster, so the API's figures are
 * given as a ratio to this one, measured in the same run.
 *
 *   tsx bare-server.ts <body-file> <port>
 */
import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [bodyFile, port] = process.argv.slice(2);
if (!bodyFile || !port) throw new Error('usage: bare-server.ts <body-file> <port>');
const body = readFileSync(bodyFile);
const total = process.env['BARE_TOTAL_COUNT'] ?? '0';

createServer((_req, res) => {
  res.writeHead(200, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': body.length,
    'X-Total-Count': total,
  });
  res.end(body);
}).listen(Number(port), '127.0.0.1', () => console.log('ready'));
