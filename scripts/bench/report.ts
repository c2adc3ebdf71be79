/**
 * The results table: requests/s, p50, p99, ratio to the bare server, and the targets. Every
 * target is a ratio to another scenario measured in the same run (issue 38): a share of bare
 * node:http's requests/s, or of the same path's cached speed, so the machine's speed that day
 * cancels out.
 */
import { INDEX_CHOICE_FROM } from '../../apps/api/src/seed/synthetic.js';
import type { PlanCheck } from './explain.js';
import type { LoadFigures } from './load.js';
import type { SeatCheck } from './database.js';

export interface Target {
  /** At least this share of the reference scenario's speed, measured in the same run. */
  minShare: number;
  /** The reference: the name of an earlier row (default: the bare node:http row, the first). */
  of?: string;
  /**
   * `throughput` (default): requests/s over the reference's requests/s. `latency`: the
   * reference's mean latency over this row's (for a group of requests inside a mixed load,
   * whose requests/s are a share of the load, not a speed). `p99`: the reference's p99 latency
   * over this row's (a share of 1 or more: this row's slowest answers are no slower).
   */
  by?: 'throughput' | 'latency' | 'p99';
}

export interface Row {
  name: string;
  figures: LoadFigures;
  target?: Target;
  note?: string;
  /** The statuses this scenario may answer (default 200); any other one is a fault. */
  expect?: readonly string[];
  /** A group of requests of the previous row's load (its figures are a part of that row's). */
  part?: boolean;
  ratio?: number;
  /** The share of the target's reference reached (see Target). */
  share?: number;
  verdict?: 'ok' | 'MISS' | '';
}

function statusSummary(figures: LoadFigures): string {
  const parts = Object.entries(figures.statuses).map(([code, n]) => `${code}:${n}`);
  if (figures.errors) parts.push(`errors:${figures.errors}`);
  if (figures.timeouts) parts.push(`timeouts:${figures.timeouts}`);
  return parts.join(' ');
}

/** The share of its target's reference a row reached; undefined when the reference is missing. */
function shareOf(row: Row, rows: readonly Row[]): number | undefined {
  const { target } = row;
  if (!target) return undefined;
  const reference = target.of === undefined ? rows[0] : rows.find((r) => r.name === target.of);
  if (!reference) return undefined;
  if (target.by === 'latency')
    return row.figures.meanMs > 0 ? reference.figures.meanMs / row.figures.meanMs : undefined;
  if (target.by === 'p99')
    return row.figures.p99Ms > 0 ? reference.figures.p99Ms / row.figures.p99Ms : undefined;
  return reference.figures.requestsPerS > 0 ? row.figures.requestsPerS / reference.figures.requestsPerS : undefined;
}

function targetText(target: Target | undefined): string {
  if (!target) return '';
  const what = target.by === 'latency' ? ' speed' : target.by === 'p99' ? ' p99 speed' : '';
  return `>=${+(target.minShare * 100).toFixed(1)}%${what} of ${target.of === undefined ? 'bare' : `"${target.of}"`}`;
}

/** A move of bare node:http between the run's first and last measures above which the report says so. */
const HOST_DRIFT_NOTED = 0.1;

const percent = (share: number | undefined) => (share === undefined ? '-' : `${(share * 100).toFixed(1)}%`);

/** A measure of memory rather than speed (issue 52's export): the RSS a run grew by, against a limit. */
export interface MemoryCheck {
  name: string;
  ok: boolean;
  growthMB: number;
  limitMB: number;
  detail: string;
}

export function printReport(input: {
  rows: Row[];
  plans: PlanCheck[];
  seatChecks: Record<string, SeatCheck>;
  courses: number;
  strict: boolean;
  memoryChecks?: MemoryCheck[];
}): { ok: boolean } {
  const bare = input.rows[0]?.figures.requestsPerS ?? 0;
  const bareExpress =
    input.rows.find((r) => r.name.startsWith('bare Express'))?.figures.requestsPerS ?? 0;
  let faults = 0;
  let misses = 0;
  const lines = input.rows.map((row) => {
    row.ratio = bare > 0 ? row.figures.requestsPerS / bare : 0;
    const share = shareOf(row, input.rows);
    if (share !== undefined) row.share = share;
    // A target whose reference did not run (BENCH_ONLY) is not judged.
    row.verdict = row.target && share !== undefined ? (share >= row.target.minShare ? 'ok' : 'MISS') : '';
    if (row.verdict === 'MISS') misses += 1;
    const allowed = row.expect ?? ['200'];
    const unexpected = Object.keys(row.figures.statuses).filter((code) => !allowed.includes(code));
    if (!row.part && (row.figures.errors > 0 || unexpected.length > 0 || row.figures.requests === 0)) faults += 1;
    return [
      row.part ? `  ${row.name}` : row.name,
      String(row.figures.requestsPerS),
      row.figures.p50Ms.toFixed(1),
      row.figures.p99Ms.toFixed(1),
      `${(row.ratio * 100).toFixed(1)}%`,
      bareExpress > 0 ? `${((row.figures.requestsPerS / bareExpress) * 100).toFixed(0)}%` : '',
      row.figures.cpu
        ? `${row.figures.cpu.server.toFixed(2)}/${row.figures.cpu.postgres.toFixed(2)}/${row.figures.cpu.loadGenerator.toFixed(2)}/${row.figures.cpu.machine.toFixed(2)}`
        : '',
      targetText(row.target),
      row.target ? percent(share) : '',
      row.verdict,
      [statusSummary(row.figures), row.note].filter(Boolean).join('  '),
    ];
  });
  const header = [
    'scenario',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs bare',
    'vs Express',
    'cpu srv/pg/gen/all',
    'target',
    'reached',
    '',
    'answers',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => ((i >= 1 && i <= 6) || i === 8 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${input.courses} courses in the database\n`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    '\ncpu: cores busy during the measure: the server under test / every postgres process / the load generator / the whole machine',
  );
  console.log(
    'target: a share of another scenario of this run (bare = bare node:http requests/s; "speed" = that scenario\'s mean latency over this one\'s); reached: the share measured',
  );
  const atEnd = input.rows.length > 1 ? input.rows[input.rows.length - 1] : undefined;
  if (atEnd?.name.startsWith('bare node:http') && bare > 0) {
    const drift = atEnd.figures.requestsPerS / bare - 1;
    console.log(
      `host: bare node:http ${bare} req/s first, ${atEnd.figures.requestsPerS} after the last scenario (${drift >= 0 ? '+' : ''}${(drift * 100).toFixed(0)} %)${
        Math.abs(drift) > HOST_DRIFT_NOTED
          ? ': the host changed speed during the run, so shares of bare far from the first row are uncertain by as much; compare such runs by their own req/s'
          : ''
      }`,
    );
  }

  // Below INDEX_CHOICE_FROM courses a scan of the whole table can rightly cost less than an index.
  const scansFail = input.courses >= INDEX_CHOICE_FROM;
  console.log(
    `\nQuery plans (EXPLAIN)${scansFail ? '' : `: at ${input.courses} courses (under ${INDEX_CHOICE_FROM}) a scan of courses may be the cheapest plan, shown but not a failure`}:`,
  );
  const scans = scansFail ? input.plans.filter((p) => p.seqScanOnCourses) : [];
  for (const p of input.plans) {
    const top = p.plan
      .split('\n')
      .filter((l) => /Scan|Sort|Limit|Aggregate/.test(l))
      .map((l) => l.trim().replace(/\s+\(cost.*$/, ''));
    console.log(
      `  ${p.seqScanOnCourses ? 'SEQ SCAN' : 'ok      '}  ${p.shape} / ${p.statement}: ${top.join(' <- ')}`,
    );
  }
  console.log('\nSeats after the order runs:');
  for (const [name, check] of Object.entries(input.seatChecks)) {
    console.log(
      `  ${check.ok ? 'ok      ' : check.orders === 0 ? 'NO ORDER' : 'OVERSOLD'}  ${name}: ${check.orders} orders, seats taken ${check.seatsTaken} = ordered ${check.seatsOrdered}, courses below 0: ${check.negativeCourses}`,
    );
  }
  const memory = input.memoryChecks ?? [];
  if (memory.length > 0) console.log('\nMemory (RSS growth of a process of its own):');
  for (const check of memory) {
    console.log(`  ${check.ok ? 'ok      ' : 'OVER    '}  ${check.name}: +${check.growthMB} MB (limit ${check.limitMB} MB); ${check.detail}`);
  }
  const overMemory = memory.filter((c) => !c.ok).length;
  if (overMemory > 0) console.error(`\nFAIL: ${overMemory} measure(s) grew the memory past their limit.`);
  const oversold = Object.values(input.seatChecks).filter((c) => !c.ok).length;
  if (scans.length > 0)
    console.error(`\nFAIL: ${scans.length} plan(s) scan the whole courses table.`);
  if (oversold > 0) console.error('\nFAIL: seats were oversold or lost, or no order was placed.');
  if (faults > 0)
    console.error(
      `\nFAIL: ${faults} scenario(s) had connection errors, no answer or an unexpected status (see answers).`,
    );
  if (misses > 0)
    console.warn(
      `\n${misses} target(s) missed${input.strict ? '' : ' (BENCH_STRICT=1 makes this fail the run)'}.`,
    );
  return {
    ok: scans.length === 0 && oversold === 0 && overMemory === 0 && faults === 0 && (!input.strict || misses === 0),
  };
}
