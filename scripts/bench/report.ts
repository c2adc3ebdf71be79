/** The results table: requests/s, p50, p99, ratio to the bare server, and the targets. */
import type { PlanCheck } from './explain.js';
import type { LoadFigures } from './load.js';
import type { SeatCheck } from './database.js';

export interface Target {
  /** Throughput at least this share of the bare server's. */
  minRatio?: number;
  maxP99Ms?: number;
}

export interface Row {
  name: string;
  figures: LoadFigures;
  target?: Target;
  note?: string;
  /** The statuses this scenario may answer (default 200); any other one is a fault. */
  expect?: readonly string[];
  ratio?: number;
  verdict?: 'ok' | 'MISS' | '';
}

function statusSummary(figures: LoadFigures): string {
  const parts = Object.entries(figures.statuses).map(([code, n]) => `${code}:${n}`);
  if (figures.errors) parts.push(`errors:${figures.errors}`);
  if (figures.timeouts) parts.push(`timeouts:${figures.timeouts}`);
  return parts.join(' ');
}

function meets(row: Row): boolean {
  const { target, figures, ratio } = row;
  if (!target) return true;
  if (target.minRatio !== undefined && (ratio ?? 0) < target.minRatio) return false;
  if (target.maxP99Ms !== undefined && figures.p99Ms > target.maxP99Ms) return false;
  return true;
}

function targetText(target: Target | undefined): string {
  if (!target) return '';
  const parts: string[] = [];
  if (target.minRatio !== undefined) parts.push(`>=${Math.round(target.minRatio * 100)}%`);
  if (target.maxP99Ms !== undefined) parts.push(`p99<=${target.maxP99Ms}`);
  return parts.join(' ');
}

export function printReport(input: {
  rows: Row[];
  plans: PlanCheck[];
  seatChecks: Record<string, SeatCheck>;
  courses: number;
  strict: boolean;
}): { ok: boolean } {
  const bare = input.rows[0]?.figures.requestsPerS ?? 0;
  const bareExpress =
    input.rows.find((r) => r.name.startsWith('bare Express'))?.figures.requestsPerS ?? 0;
  let faults = 0;
  let misses = 0;
  const lines = input.rows.map((row) => {
    row.ratio = bare > 0 ? row.figures.requestsPerS / bare : 0;
    row.verdict = row.target ? (meets(row) ? 'ok' : 'MISS') : '';
    if (row.verdict === 'MISS') misses += 1;
    const allowed = row.expect ?? ['200'];
    const unexpected = Object.keys(row.figures.statuses).filter((code) => !allowed.includes(code));
    if (row.figures.errors > 0 || unexpected.length > 0 || row.figures.requests === 0) faults += 1;
    return [
      row.name,
      String(row.figures.requestsPerS),
      row.figures.p50Ms.toFixed(1),
      row.figures.p99Ms.toFixed(1),
      `${(row.ratio * 100).toFixed(1)}%`,
      bareExpress > 0 ? `${((row.figures.requestsPerS / bareExpress) * 100).toFixed(0)}%` : '',
      row.figures.cpu
        ? `${row.figures.cpu.server.toFixed(2)}/${row.figures.cpu.postgres.toFixed(2)}/${row.figures.cpu.loadGenerator.toFixed(2)}/${row.figures.cpu.machine.toFixed(2)}`
        : '',
      targetText(row.target),
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
    '',
    'answers',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => (i >= 1 && i <= 6 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ');
  console.log(`\n${input.courses} courses in the database\n`);
  console.log(format(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(format(line));
  console.log(
    '\ncpu: cores busy during the measure: the server under test / every postgres process / the load generator / the whole machine',
  );

  console.log('\nQuery plans (EXPLAIN):');
  const scans = input.plans.filter((p) => p.seqScanOnCourses);
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
    ok: scans.length === 0 && oversold === 0 && faults === 0 && (!input.strict || misses === 0),
  };
}
