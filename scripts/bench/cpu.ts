/**
 * Where the CPU goes during a measure (Linux /proc): the server under test (its process
 * tree), every PostgreSQL process, the load generator (this process) and the whole machine,
 * each in cores (1.0 = one core busy for the whole measure).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

const TICKS_PER_S = 100;

export interface CpuShare {
  server: number;
  postgres: number;
  loadGenerator: number;
  machine: number;
  cores: number;
}

interface ProcStat {
  pid: number;
  ppid: number;
  comm: string;
  ticks: number;
}

function processes(): ProcStat[] {
  const stats: ProcStat[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      stats.push({
        pid: Number(entry),
        ppid: Number(fields[1]),
        comm,
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // The process ended while listed.
    }
  }
  return stats;
}

function machineBusyTicks(): number {
  const cpu =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ??
    [];
  const idle = (cpu[3] ?? 0) + (cpu[4] ?? 0);
  return cpu.reduce((a, b) => a + b, 0) - idle;
}

/** `rootPid` and every process below it (tsx runs the API in a child node process). */
function treeOf(rootPid: number, all: ProcStat[]): Set<number> {
  const tree = new Set([rootPid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const p of all) {
      if (!tree.has(p.pid) && tree.has(p.ppid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return tree;
}

/** Resident memory of a process tree in bytes (VmRSS of each process, summed; Linux only). */
export function treeRssBytes(rootPid: number): number | undefined {
  if (process.platform !== 'linux') return undefined;
  let total = 0;
  for (const pid of treeOf(rootPid, processes())) {
    try {
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
      total += Number(kb ?? 0) * 1024;
    } catch {
      // The process ended while listed.
    }
  }
  return total;
}

function snapshot(serverPid: number) {
  const all = processes();
  const tree = treeOf(serverPid, all);
  const sum = (keep: (p: ProcStat) => boolean) => all.filter(keep).reduce((s, p) => s + p.ticks, 0);
  const own = process.cpuUsage();
  return {
    at: performance.now(),
    server: sum((p) => tree.has(p.pid)),
    postgres: sum((p) => p.comm === 'postgres'),
    loadGenerator: (own.user + own.system) / 1e6,
    machine: machineBusyTicks(),
  };
}

/** Starts counting; the returned function stops and answers the shares. */
export function startCpuProbe(serverPid: number | undefined): () => CpuShare | undefined {
  if (serverPid === undefined || process.platform !== 'linux') return () => undefined;
  const before = snapshot(serverPid);
  return () => {
    const after = snapshot(serverPid);
    const seconds = (after.at - before.at) / 1000;
    // A process that ends during the measure takes its ticks with it: never below 0.
    const cores = (ticks: number) =>
      Math.max(0, Math.round((ticks / TICKS_PER_S / seconds) * 100) / 100);
    return {
      server: cores(after.server - before.server),
      postgres: cores(after.postgres - before.postgres),
      loadGenerator:
        Math.round(((after.loadGenerator - before.loadGenerator) / seconds) * 100) / 100,
      machine: cores(after.machine - before.machine),
      cores: availableParallelism(),
    };
  };
}
