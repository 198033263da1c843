// What every benchmark reports: the machine, percentiles, a process's memory.

import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';

export function machineInfo() {
  return {
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    bun: Bun.version,
    kernel: readFileSync('/proc/sys/kernel/osrelease', 'utf8').trim(),
  };
}

/** The p-th percentile of an ascending array (nearest rank); NaN when empty. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export function round(n: number, digits = 2): number {
  return Math.round(n * 10 ** digits) / 10 ** digits;
}

/** Resident and peak resident memory of a process, in MiB (Linux /proc). */
export function processMemoryMiB(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: round(kb('VmRSS') / 1024, 1), peak: round(kb('VmHWM') / 1024, 1) };
}
