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
    /** The request's group in a mixed load: figures are also given per group (`LoadFigures.groups`). */
    group?: string;
    /**
     * Called with the answer's status and body (a load whose next requests depend on earlier
     * answers, e.g. the soak paying the orders it placed). Bodies are read only when the load
     * sets `readAnswers`.
     */
    onAnswer?: (status: number, body: string) => void;
  };
  /** Read every answer's body and pass it to the request's `onAnswer` (costs the load generator some CPU). */
  readAnswers?: boolean;
  headers?: Record<string, string>;
  /**
   * Requests per second asked in all, whatever the answers' speed (autocannon's overallRate):
   * an open load, where a closed one (the default) asks again only once answered.
   */
  rate?: number;
  /** The server's process id, to report its CPU use during the measure. */
  serverPid?: number;
}

export interface LoadFigures {
  requestsPerS: number;
  /**
   * Latencies (ms) of every answer, timed to the microsecond: autocannon's own histogram keeps
   * whole milliseconds, where a cached answer takes a fraction of one (its mean came out at a
   * quarter of the true one, and a speed compared with it was understated fourfold).
   */
  p50Ms: number;
  p99Ms: number;
  meanMs: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
  cpu?: CpuShare;
  /** Per request group (LoadOptions.request's `group`): its own answers and latencies. */
  groups?: Record<string, GroupFigures>;
}

export interface GroupFigures {
  requestsPerS: number;
  requests: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** Latencies (ms) of the answers, in the order they came: all of them, and each group's. */
interface Latencies {
  all: number[];
  byGroup: Map<string, number[]>;
}

/** The context autocannon keeps per connection: the group of the request in flight. */
interface Context {
  group?: string;
  onAnswer?: (status: number, body: string) => void;
}

function run(options: LoadOptions, durationS: number, latencies?: Latencies): Promise<autocannon.Result> {
  const build = options.request;
  // Without a callback autocannon answers its tracker (an EventEmitter) made awaitable.
  const instance = autocannon({
    url: options.url,
    connections: options.connections,
    duration: durationS,
    ...(options.rate ? { overallRate: options.rate } : {}),
    ...(options.headers ? { headers: options.headers } : {}),
    ...(build
      ? {
          requests: [
            {
              setupRequest: (req: autocannon.Request, context: Context) => {
                const next = build();
                // One request in flight per connection: its group is the connection's until the answer.
                if (next.group !== undefined) context.group = next.group;
                context.onAnswer = next.onAnswer;
                return {
                  ...req,
                  path: next.path,
                  method: next.method ?? 'GET',
                  headers: { ...req.headers, ...options.headers, ...next.headers },
                  ...(next.body !== undefined ? { body: next.body } : {}),
                };
              },
              ...(options.readAnswers
                ? {
                    onResponse: (status: number, body: string, context: Context) => {
                      context.onAnswer?.(status, body);
                    },
                  }
                : {}),
            },
          ],
        }
      : {}),
  }) as Promise<autocannon.Result> & NodeJS.EventEmitter;
  if (latencies) {
    const { all, byGroup } = latencies;
    // Emitted synchronously when an answer completes, before the connection's next request is
    // set up; `ms` is measured with process.hrtime.
    instance.on('response', (client: unknown, _status: number, _bytes: number, ms: number) => {
      all.push(ms);
      const group = (client as { requestIterator?: { context?: Context } }).requestIterator?.context?.group;
      if (group === undefined) return;
      let list = byGroup.get(group);
      if (!list) byGroup.set(group, (list = []));
      list.push(ms);
    });
  }
  return instance;
}

function figuresOf(list: readonly number[], durationS: number): GroupFigures {
  const sorted = [...list].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    requestsPerS: Math.round(list.length / durationS),
    requests: list.length,
    meanMs: list.reduce((a, b) => a + b, 0) / Math.max(1, list.length),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

export async function measure(options: LoadOptions): Promise<LoadFigures> {
  if (options.warmupS > 0) await run(options, options.warmupS);
  const stopProbe = startCpuProbe(options.serverPid);
  const latencies: Latencies = { all: [], byGroup: new Map() };
  const result = await run(options, options.durationS, latencies);
  const cpu = stopProbe();
  const statuses: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statuses[code] = stat.count ?? 0;
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  const { p50Ms, p99Ms, meanMs } = figuresOf(latencies.all, result.duration);
  return {
    requestsPerS: Math.round(answered / result.duration),
    p50Ms,
    p99Ms,
    meanMs,
    requests: answered,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
    ...(cpu ? { cpu } : {}),
    ...(latencies.byGroup.size > 0
      ? { groups: Object.fromEntries([...latencies.byGroup].map(([group, list]) => [group, figuresOf(list, result.duration)])) }
      : {}),
  };
}
