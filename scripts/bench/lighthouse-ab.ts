/**
 * Lighthouse's mobile preset on one page of two running shops (two builds of the storefront),
 * alternated in one series: A B, B A, A B… with one CPU calibration for both, then each side's
 * median TBT, LCP and performance. This host's speed moves by half between runs of one series
 * (benchmark index 1 050–2 200 in session 39), more than a start change; only a same-series
 * ratio tells what a change bought.
 *
 *   tsx bench/lighthouse-ab.ts http://127.0.0.1:4555 http://127.0.0.1:4556
 *
 * `LIGHTHOUSE_AB_PAGE` (default `/`), `LIGHTHOUSE_AB_ROUNDS` (6: 6 runs a side),
 * `LIGHTHOUSE_CPU_MULTIPLIER` as for `pnpm bench:web`. Start each shop as `pnpm start` does, each
 * serving its own build (`WEB_DIST`, built with `vite build --outDir`).
 */
import { calibrateMobile, calibration, measureMobile, median } from './lighthouse.js';

const [before, after] = process.argv.slice(2);
if (!before || !after) {
  console.error('usage: tsx bench/lighthouse-ab.ts <before base URL> <after base URL>');
  process.exit(2);
}
const page = process.env['LIGHTHOUSE_AB_PAGE'] ?? '/';
const rounds = Number(process.env['LIGHTHOUSE_AB_ROUNDS'] ?? 6);

await calibrateMobile(`${before}${page}`);
console.log(
  `${page}: CPU ${calibration.cpuMultiplier}x (calibration readings ${calibration.readings.join(', ')}), ${rounds} runs a side`,
);
type Run = { tbt: number; lcp: number; perf: number; index: number };
const runs: Record<'before' | 'after', Run[]> = { before: [], after: [] };
for (let round = 0; round < rounds; round += 1) {
  const order: ['before' | 'after', string][] =
    round % 2 === 0
      ? [['before', before], ['after', after]]
      : [['after', after], ['before', before]];
  for (const [side, base] of order) {
    const [scores] = await measureMobile(base, [page], 1);
    if (!scores) throw new Error(`no Lighthouse result for ${base}${page}`);
    const run = { tbt: scores.tbtMs, lcp: scores.lcpMs, perf: scores.performance, index: scores.benchmarkIndexes[0] ?? 0 };
    runs[side].push(run);
    console.log(`  ${side.padEnd(6)} TBT ${Math.round(run.tbt)} ms, LCP ${(run.lcp / 1000).toFixed(2)} s, perf ${run.perf}, benchmarkIndex ${Math.round(run.index)}`);
  }
}
const summary = (side: 'before' | 'after') => {
  const list = runs[side];
  return {
    tbt: median(list.map((r) => r.tbt)),
    lcp: median(list.map((r) => r.lcp)),
    perf: median(list.map((r) => r.perf)),
  };
};
const [b, a] = [summary('before'), summary('after')];
console.log(`medians  before: TBT ${Math.round(b.tbt)} ms, LCP ${(b.lcp / 1000).toFixed(2)} s, perf ${b.perf}`);
console.log(`         after:  TBT ${Math.round(a.tbt)} ms, LCP ${(a.lcp / 1000).toFixed(2)} s, perf ${a.perf}`);
console.log(`after ÷ before: TBT ${(a.tbt / b.tbt).toFixed(2)}, LCP ${(a.lcp / b.lcp).toFixed(2)}`);
