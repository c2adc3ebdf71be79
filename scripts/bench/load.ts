/** One measured load: autocannon after a warm-up, reduced to the figures of the report. */
import autocannon from 'autocannon';
import { startCpuProbe, type CpuShare } from './cpu.js';

export interface LoadOptions {
  url: string;
  connections: number;
  durationS: number;
  warmupS: number;
  /** Builds each request (path, method, headers, body); called once per request. */
  request?: () => {
    path: string;
    method?: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string;
  };
  headers?: Record<string, string>;
  /** The server's process id, to report its CPU use during the measure. */
  serverPid?: number;
}

export interface LoadFigures {
  requestsPerS: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  cpu?: CpuShare;
}

function run(options: LoadOptions, durationS: number): Promise<autocannon.Result> {
  const build = options.request;
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    ...(options.headers ? { headers: options.headers } : {}),
    ...(build
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request) => {
                const next = build();
                return {
                  ...req,
                  path: next.path,
                  method: next.method ?? 'GET',
                  headers: { ...req.headers, ...options.headers, ...next.headers },
                  ...(next.body !== undefined ? { body: next.body } : {}),
                };
              },
            },
          ],
        }
      : {}),
  });
}

export async function measure(options: LoadOptions): Promise<LoadFigures> {
  if (options.warmupS > 0) await run(options, options.warmupS);
  const stopProbe = startCpuProbe(options.serverPid);
  const result = await run(options, options.durationS);
  const cpu = stopProbe();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = stat.count ?? 0;
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    requestsPerS: Math.round(answered / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(cpu ? { cpu } : {}),
  };
}
