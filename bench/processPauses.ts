import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';

export interface Pauses {
  /** How late the process's event loop ran its callbacks (p99 and worst), ms. */
  loopDelayP99Ms: number;
  loopDelayMaxMs: number;
  /** Garbage-collection pauses: the longest and their sum, ms. */
  gcMaxMs: number;
  gcTotalMs: number;
}

/**
 * Watches this process's event loop delay and GC pauses from now on; `read` says what they were. A server's latency
 * includes both, and so does a client's measurement of it when they share the process.
 */
export function watchPauses(): { read(): Pauses } {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let gcMaxMs = 0;
  let gcTotalMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMaxMs = Math.max(gcMaxMs, entry.duration);
      gcTotalMs += entry.duration;
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    read: () => ({ loopDelayP99Ms: delay.percentile(99) / 1e6, loopDelayMaxMs: delay.max / 1e6, gcMaxMs, gcTotalMs }),
  };
}
