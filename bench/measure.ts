// Timing helpers for the benchmarks: every figure is the median of several runs, and is reported next
// to a baseline measured in the same process, so a noisy machine shifts both sides alike.
import { performance } from 'node:perf_hooks';

export async function time(run: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await run();
  return performance.now() - start;
}

/**
 * Runs `a` and `b` `rounds` times each (after one warm-up each) and returns both medians. Which one
 * goes first alternates from round to round, so that neither profits from running second.
 */
export async function compare(a: () => Promise<unknown>, b: () => Promise<unknown>, rounds = 7): Promise<[number, number]> {
  await a();
  await b();
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      ta.push(await time(a));
      tb.push(await time(b));
    } else {
      tb.push(await time(b));
      ta.push(await time(a));
    }
  }
  return [median(ta), median(tb)];
}

export function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export function ms(value: number): string {
  return value >= 100 ? `${value.toFixed(0)} ms` : `${value.toFixed(1)} ms`;
}

export function ratio(ours: number, base: number): string {
  return `${(ours / base).toFixed(2)}×`;
}
