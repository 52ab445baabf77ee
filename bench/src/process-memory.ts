import { readFileSync } from 'node:fs';

// The memory figures of the benches that run a case in a child process of its own (order import,
// report forms, report PDF): the child's peak RSS over its whole life, and a sampled peak over one
// stretch of work.

const MB = 1024 * 1024;

/** The process's peak resident set (VmHWM) since it started, in MB. */
export function vmHwmMb(): number {
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Number(match[1]) / 1024 : 0;
}

/** Samples the RSS every 50 ms from now; `stop()` answers the peak in MB. */
export function samplePeakRss(): { stop(): number } {
  let peak = process.memoryUsage.rss();
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      peak = Math.max(peak, process.memoryUsage.rss());
      return peak / MB;
    },
  };
}
