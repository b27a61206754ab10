/** Small figures for the load benchmark: percentiles and a process's CPU time from /proc. */
import { readFileSync } from 'node:fs';

/** The p-th percentile (0–100) of `values` (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))] ?? Number.NaN;
}

const TICKS_PER_SECOND = 100;

/** User + system CPU time of a process so far, in ms (Linux /proc). */
export function processCpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at index 2: utime is 14th overall.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / TICKS_PER_SECOND;
}

/** Resident memory of a process in MB (Linux /proc). */
export function processRssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmRSS:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : Number.NaN;
}
